import { sql, type Kysely } from 'kysely';

/**
 * The provider's EOL overview without a filter, in its default order (issue 24). Its page is the first
 * products of products_eol_name_idx (live, with EOL months, by name) that product_first_eol puts on the
 * overview; its total is counted on product_first_eol's day, less the deleted products still in it
 * (a product without EOL months has no day there: its items have none). Before, every product on the
 * overview was joined, numbered and sorted on each request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_eol_name_idx on products (lower(name), id) where deleted_at is null and eol is not null`.execute(
    db,
  );
  await sql`create index product_first_eol_day_idx on product_first_eol (first_eol_date)`.execute(db);
  await sql`create index products_deleted_idx on products (id) where deleted_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists products_deleted_idx`.execute(db);
  await sql`drop index if exists product_first_eol_day_idx`.execute(db);
  await sql`drop index if exists products_eol_name_idx`.execute(db);
}
