import { sql, type Kysely } from 'kysely';

/**
 * Indexes that keep the stock lists fast at 200,000 items (bench/):
 * - live items per product and status, so the per-page counts are an index-only scan;
 * - serial and order number prefix search (upper(...) text_pattern_ops works on any collation);
 * - active products by name, the default order of the stock list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index items_live_product_status on items (product_id, status_id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index items_serial_prefix on items (upper(serial) text_pattern_ops) where deleted_at is null`.execute(
    db,
  );
  await sql`create index items_order_prefix on items (upper(order_number) text_pattern_ops) where deleted_at is null`.execute(
    db,
  );
  await sql`create index products_active_name on products (lower(name), id) where deleted_at is null and is_active`.execute(
    db,
  );
  await sql`create index bundles_client_idx on bundles (client_id) where deleted_at is null`.execute(db);
  await sql`create index events_product_idx on events (product_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'events_product_idx',
    'bundles_client_idx',
    'products_active_name',
    'items_order_prefix',
    'items_serial_prefix',
    'items_live_product_status',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
