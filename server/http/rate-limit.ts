import { sql } from 'kysely';
import type { Executor } from '../db/database';
import { HttpError } from './errors';

/**
 * Counts attempts per key in a fixed window, in the database so that every API process shares the
 * count. Throws 429 once the limit is passed.
 */
export async function hitRateLimit(db: Executor, key: string, limit: number, windowSeconds: number): Promise<void> {
  const row = await sql<{ hits: number }>`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning hits`.execute(db);
  if ((row.rows[0]?.hits ?? 0) > limit) {
    throw new HttpError(429, 'Te veel pogingen. Probeer het over een paar minuten opnieuw.');
  }
}

export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
