import { sql, type Kysely } from 'kysely';

/**
 * The product list's total without counting the products (issue 13). `product_counts` holds, per
 * part of the hierarchy and active flag, how many products that are not deleted it has: scope 0 for
 * all, and the product's reseller, end customer and client (its lineage, migration
 * 20261126T0100-client-lineage: what a user of that client sees). Statement triggers keep it exact in
 * the same transaction as every change of a product, as item_counts does for items; a client that
 * moves changes its products' lineage columns, and so their rows here, through the same triggers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table product_counts (
    scope_id integer not null,
    is_active boolean not null,
    n integer not null,
    primary key (scope_id, is_active)
  )`.execute(db);
  const scopes =
    'select distinct y from unnest(array[0, r.reseller_id, r.end_customer_id, r.client_id]) y where y is not null';
  const track = async (event: 'insert' | 'update' | 'delete') => {
    const columns = 'reseller_id, end_customer_id, client_id, is_active';
    const changes = {
      insert: `select ${columns}, 1 as delta from new_rows where deleted_at is null`,
      delete: `select ${columns}, -1 as delta from old_rows where deleted_at is null`,
      update: `select ${columns}, -1 as delta from old_rows where deleted_at is null
               union all select ${columns}, 1 from new_rows where deleted_at is null`,
    }[event];
    await sql`create function ${sql.raw(`product_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into product_counts (scope_id, is_active, n)
        select s.id, r.is_active, sum(r.delta)::int
        from (${sql.raw(changes)}) r cross join lateral (${sql.raw(scopes)}) s(id)
        group by s.id, r.is_active
        having sum(r.delta) <> 0
        order by s.id, r.is_active
        on conflict (scope_id, is_active) do update set n = product_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`products_count_${event}`)} after ${sql.raw(event)} on products
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`product_counts_${event}`)}()`.execute(
      db,
    );
  };
  for (const event of ['insert', 'update', 'delete'] as const) await track(event);
  await sql`create function product_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from product_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_count_truncate after truncate on products for each statement execute function product_counts_clear()`.execute(
    db,
  );
  // Filled after the triggers exist, in the same transaction as the migration: no change is missed or counted twice.
  await sql`insert into product_counts (scope_id, is_active, n)
    select s.id, r.is_active, count(*)::int from products r cross join lateral (${sql.raw(scopes)}) s(id)
    where r.deleted_at is null group by s.id, r.is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists products_count_truncate on products`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`products_count_${event}`)} on products`.execute(db);
    await sql`drop function if exists ${sql.raw(`product_counts_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists product_counts_clear()`.execute(db);
  await sql`drop table if exists product_counts`.execute(db);
}
