import type { FastifyInstance } from 'fastify';
import { hasNoNul, msg } from '@domain/schemas/common';
import { HttpError, ValidationError } from './errors';

export const NOT_AN_OBJECT_MESSAGE = 'De verzonden gegevens moeten een JSON-object zijn.';

/** The dotted path of the first text in `value` that holds a NUL character, or null. */
function pathOfNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasNoNul(value) ? null : path || '_';
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = pathOfNul(inner, path ? `${path}.${key}` : key, depth + 1) ?? (hasNoNul(key) ? null : path || '_');
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store or compare text with a NUL character. The shared schemas refuse it per
 * field; this refuses it in every query of the API (JSON bodies: server/http/body-limits.ts), also in
 * fields a route reads without a schema, so no such text reaches the database. A JSON body must be an object (or
 * empty):
 * every command reads named fields.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook: the check is synchronous, and an async hook costs every request a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith('/api')) return done();
    const isJson = String(request.headers['content-type'] ?? '').includes('json');
    const body: unknown = request.body;
    if (isJson && body !== null && body !== undefined && (typeof body !== 'object' || Array.isArray(body))) {
      return done(new HttpError(400, NOT_AN_OBJECT_MESSAGE));
    }
    // A JSON body was checked for NUL as it was parsed (body-limits.ts).
    const field = pathOfNul(request.query, '') ?? pathOfNul(request.params, '');
    done(field ? ValidationError.field(field, msg.invalidCharacter) : undefined);
  });
}
