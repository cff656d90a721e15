import type { FastifyInstance } from 'fastify';
import { openApiPath } from '../../server/http/openapi';

/**
 * Issue 48 point 6: every answer the API gave in a test is declared in its OpenAPI description. A
 * context made with `recorder.onAnswer` records each answer's route and status; `undeclared` lists
 * those the description of that route does not name (as `METHOD /path status`).
 */
export function answerRecorder() {
  const seen = new Set<string>();
  return {
    onAnswer(method: string, route: string, status: number) {
      if (route.startsWith('/api/') && !route.startsWith('/api/docs')) seen.add(`${method} ${route} ${status}`);
    },
    async undeclared(app: FastifyInstance): Promise<string[]> {
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      const paths = (res.json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> })
        .paths;
      return [...seen].sort().filter((entry) => {
        const [method = '', route = '', status = ''] = entry.split(' ');
        const responses = paths[openApiPath(route)]?.[method.toLowerCase()]?.responses ?? {};
        return !(status in responses);
      });
    },
    /** How many different route-and-status answers were seen. */
    size: () => seen.size,
  };
}
