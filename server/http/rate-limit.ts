import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { HttpError } from './errors';

export const tooManyAttempts = () => new HttpError(429, 'Te veel pogingen. Probeer het over een paar minuten opnieuw.');

/**
 * Counts one attempt for a key in a fixed window and returns the count so far. The count lives in the
 * database so that every API process shares it.
 */
export async function countAttempt(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const row = await sql<{ hits: number }>`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else
        rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now()
        else rate_limits.window_start end
    returning hits`.execute(db);
  return row.rows[0]?.hits ?? 0;
}

/** The attempts counted for a key in its current window, without counting one. */
export async function attemptsSoFar(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const row = await sql<{ hits: number }>`
    select hits from rate_limits where key = ${key} and window_start >= now() - make_interval(secs =>
      ${windowSeconds})`.execute(db);
  return row.rows[0]?.hits ?? 0;
}

/**
 * A route's onRequest hook that answers 429 before the body is read once the key has used up its
 * attempts, so a client over its limit cannot make the server parse one more body (issue 22). The
 * route still counts each attempt with `hitRateLimit`.
 */
export function refuseWhenLimited(
  db: Executor,
  keyOf: (request: FastifyRequest) => string,
  limit: number,
  windowSeconds: number,
) {
  return async (request: FastifyRequest): Promise<void> => {
    if ((await attemptsSoFar(db, keyOf(request), windowSeconds)) >= limit) throw tooManyAttempts();
  };
}

/** Counts an attempt and throws 429 once the limit is passed. */
export async function hitRateLimit(db: Executor, key: string, limit: number, windowSeconds: number): Promise<void> {
  if ((await countAttempt(db, key, windowSeconds)) > limit) throw tooManyAttempts();
}

export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes counters whose window ended long ago (housekeeping). */
export async function purgeOldRateLimits(db: Executor, olderThanSeconds = 24 * 3600): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(Date.now() - olderThanSeconds * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
