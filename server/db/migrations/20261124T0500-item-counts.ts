import { sql, type Kysely } from 'kysely';

/**
 * The stock list's counts without counting items (issue 13). `item_counts` holds, per product and
 * item status, how many items that are not deleted the product has. Statement triggers keep it exact
 * in the same transaction as every change of an item, as `delivery_counts` does for deliveries
 * (20261123T2300-delivery-counts), so a product's counts are a few rows of one index instead of a
 * pass over its items (thousands for some products).
 *
 * A row whose count drops to 0 is kept (no delete racing a concurrent insert of the same key; the
 * table holds at most products × statuses rows); readers skip zero rows where it matters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table item_counts (
    product_id integer not null,
    status_id integer not null,
    n integer not null,
    primary key (product_id, status_id)
  )`.execute(db);
  // Per statement, from its transition tables: the changed live items' +1 and -1 summed per row of
  // item_counts (a check-in of 1,000 serials is one update of one row, not 1,000), applied in key
  // order so two transactions lock shared rows in one order. Only rows whose sum changed are written:
  // an update that touches neither product, status nor deletion writes nothing and locks nothing.
  const track = async (event: 'insert' | 'update' | 'delete') => {
    const changes = {
      insert: 'select product_id, status_id, 1 as delta from new_rows where deleted_at is null',
      delete: 'select product_id, status_id, -1 as delta from old_rows where deleted_at is null',
      update: `select product_id, status_id, -1 as delta from old_rows where deleted_at is null
               union all select product_id, status_id, 1 from new_rows where deleted_at is null`,
    }[event];
    await sql`create function ${sql.raw(`item_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into item_counts (product_id, status_id, n)
        select product_id, status_id, sum(delta)::int
        from (${sql.raw(changes)}) r
        group by product_id, status_id
        having sum(delta) <> 0
        order by product_id, status_id
        on conflict (product_id, status_id) do update set n = item_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`items_count_${event}`)} after ${sql.raw(event)} on items
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`item_counts_${event}`)}()`.execute(
      db,
    );
  };
  for (const event of ['insert', 'update', 'delete'] as const) await track(event);
  await sql`create function item_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from item_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_count_truncate after truncate on items for each statement execute function item_counts_clear()`.execute(
    db,
  );
  // Filled after the triggers exist, in the same transaction as the migration: no change is missed or counted twice.
  await sql`insert into item_counts (product_id, status_id, n)
    select product_id, status_id, count(*)::int from items where deleted_at is null group by product_id, status_id`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists items_count_truncate on items`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`items_count_${event}`)} on items`.execute(db);
    await sql`drop function if exists ${sql.raw(`item_counts_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists item_counts_clear()`.execute(db);
  await sql`drop table if exists item_counts`.execute(db);
}
