import { sql, type Kysely } from 'kysely';

/**
 * Trigram indexes for the "contains" searches of the lists (ILIKE '%…%'), so a search does not read
 * every row. PostgreSQL only, when its pg_trgm extension is installed; PGlite (and a server without
 * the contrib package) keeps working without them: the same queries, read sequentially.
 */
const INDEXES: Array<[name: string, table: string, column: string]> = [
  ['items_serial_trgm', 'items', 'serial'],
  ['items_order_number_trgm', 'items', 'order_number'],
  ['items_mac_address_trgm', 'items', 'mac_address'],
  ['items_tag_number_trgm', 'items', 'tag_number'],
  ['products_name_trgm', 'products', 'name'],
  ['products_article_number_trgm', 'products', 'article_number'],
  ['clients_name_trgm', 'clients', 'name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const available = await sql<{
    name: string;
  }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [name, table, column] of INDEXES) {
    await sql`create index if not exists ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
