import { sql, type Kysely } from 'kysely';

/**
 * The product search reads every article's name when the table is small (a few thousand articles:
 * PostgreSQL then prefers a sequential scan to the trigram index), and ILIKE lowercases each name
 * as it goes: 0.5 ms of the 0.7 ms that pass over 2,000 names takes. `name_search` holds the name
 * lowercased, kept by PostgreSQL itself, so the search is a plain LIKE on it (what ILIKE does in a
 * UTF-8 database: lower(name) LIKE lower(pattern)), with a trigram index of its own where pg_trgm
 * is installed (as 20261123T2000-search-trigram).
 *
 * It is also the list's sort column: an index on `lower(name)` cannot answer a page's ids by itself
 * (PostgreSQL wants the name it would lowercase), one on `name_search` can (an index-only scan), for
 * all active articles and per reseller and end customer (their lineage, 20261126T0100-client-lineage).
 */
const INDEXES: Array<[name: string, definition: string]> = [
  ['products_active_name_search', 'products (name_search, id) where deleted_at is null and is_active'],
  ['products_reseller_active_name', 'products (reseller_id, name_search, id) where deleted_at is null and is_active'],
  [
    'products_end_customer_active_name',
    'products (end_customer_id, name_search, id) where deleted_at is null and is_active',
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column name_search text generated always as (lower(name)) stored`.execute(db);
  for (const [name, definition] of INDEXES)
    await sql`create index ${sql.raw(name)} on ${sql.raw(definition)}`.execute(db);
  await sql`drop index if exists products_active_name`.execute(db);
  const available = await sql<{
    name: string;
  }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return;
  await sql`create index if not exists products_name_search_trgm on products using gin (name_search gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists products_name_search_trgm`.execute(db);
  await sql`create index if not exists products_active_name on products (lower(name), id) where deleted_at is null and is_active`.execute(
    db,
  );
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
  await sql`alter table products drop column if exists name_search`.execute(db);
}
