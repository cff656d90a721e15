import { sql, type Kysely } from 'kysely';

/**
 * An Idempotency-Key is bound to the request it was first sent with (issue 22): the key's row keeps a
 * SHA-256 of method, path and body, so the same key with another body is refused instead of silently
 * answered with the first request's answer. Rows from before have none and are compared by method and
 * path only. The index serves the daily purge of keys older than 24 hours.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column request_hash text`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists idempotency_keys_created_idx`.execute(db);
  await sql`alter table idempotency_keys drop column if exists request_hash`.execute(db);
}
