import { sql } from 'kysely';
import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database';
import type { FileStorage } from '../lib/storage';
import { routeSchema } from './route-schema';

const healthAnswer = v.object({ status: v.picklist(['ok', 'database unreachable', 'storage unreachable']) });
const healthSchema = routeSchema({ response: { 200: healthAnswer, 503: healthAnswer } });

/**
 * For a load balancer or an orchestrator, outside /api and without a session: GET /healthz answers
 * while the process runs; GET /readyz answers 200 only while the process reaches its database
 * (one `select 1`) and its file storage (the bucket, within 2 s), else 503, so traffic goes to the
 * processes that can serve it.
 */
export function registerHealth(app: FastifyInstance, db: Executor, storage: FileStorage): void {
  app.get('/healthz', { config: { access: 'public' }, schema: healthSchema }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { config: { access: 'public' }, schema: healthSchema }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database does not answer');
      return reply.status(503).send({ status: 'database unreachable' as const });
    }
    try {
      await storage.ready?.();
      return { status: 'ok' as const };
    } catch (err) {
      request.log.warn({ err }, 'readiness: the file storage does not answer');
      return reply.status(503).send({ status: 'storage unreachable' as const });
    }
  });
}
