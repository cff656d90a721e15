import { sql, type Kysely } from 'kysely';

/**
 * The stock list's count columns per product (spec 2 §2.1, issue 24) in a table of their own,
 * `product_item_totals`: Voorraad, Op afroep, Klantlocatie, In gebruik and the total of live items, one
 * row per product that has or had live items. The list summed them per product from item_counts
 * (20261124T0500-item-counts, one row per product and status) with an aggregate per row of the page: a
 * fifth of its statement's time; now it reads one row per product.
 *
 * Kept as item_counts is, by statement triggers on items: the statement's live items, -1 for each old
 * row and +1 for each new one, summed per product into the five columns and added with one upsert in
 * key order, so two transactions lock shared rows in one order; an update that touches neither
 * product, status nor deletion writes and locks nothing. Not on the product row: a check-in or
 * check-out would then write the product again, with entries in its fourteen indexes (five of them
 * trigram indexes, whose pending lists every product search reads) whenever the new version does not
 * fit its page. The status ids are those of ItemStatus (src/domain/enums.ts): INGEKLAARD 1, IN_GEBRUIK 3,
 * OP_AFROEP 5, VOORRAAD_KLANTLOCATIE 19.
 */
const COLUMNS = ['items_in_stock', 'available_items', 'items_at_location', 'items_in_use', 'items_count'] as const;
const EVENTS = {
  insert: {
    referencing: 'new table as new_rows',
    changes: 'select product_id, status_id, 1 as delta from new_rows where deleted_at is null',
  },
  delete: {
    referencing: 'old table as old_rows',
    changes: 'select product_id, status_id, -1 as delta from old_rows where deleted_at is null',
  },
  update: {
    referencing: 'old table as old_rows new table as new_rows',
    changes: `select product_id, status_id, -1 as delta from old_rows where deleted_at is null
              union all select product_id, status_id, 1 from new_rows where deleted_at is null`,
  },
} as const;
/** The five columns' changes per product that changes, from rows (product_id, status_id, delta), in key order. */
const summed = (
  changes: string,
) => `select product_id, items_in_stock, available_items, items_at_location, items_in_use, items_count
  from (select product_id,
          coalesce(sum(delta) filter (where status_id = 1), 0)::int as items_in_stock,
          coalesce(sum(delta) filter (where status_id = 5), 0)::int as available_items,
          coalesce(sum(delta) filter (where status_id = 19), 0)::int as items_at_location,
          coalesce(sum(delta) filter (where status_id = 3), 0)::int as items_in_use,
          sum(delta)::int as items_count
        from (${changes}) r group by product_id) k
  where (items_in_stock, available_items, items_at_location, items_in_use, items_count) <> (0, 0, 0, 0, 0)
  order by product_id`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table product_item_totals (
    product_id integer primary key,
    ${sql.join(COLUMNS.map((c) => sql`${sql.ref(c)} integer not null`))}
  )`.execute(db);
  for (const [event, { referencing, changes }] of Object.entries(EVENTS)) {
    await sql`create function ${sql.raw(`product_item_totals_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into product_item_totals as t (product_id, ${sql.raw(COLUMNS.join(', '))})
        ${sql.raw(summed(changes))}
        on conflict (product_id) do update set
          ${sql.raw(COLUMNS.map((c) => `${c} = t.${c} + excluded.${c}`).join(', '))};
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`items_product_totals_${event}`)} after ${sql.raw(event)} on items
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`product_item_totals_${event}`)}()`.execute(
      db,
    );
  }
  await sql`create function product_item_totals_clear() returns trigger language plpgsql as $$
    begin
      delete from product_item_totals;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_product_totals_truncate after truncate on items for each statement execute function product_item_totals_clear()`.execute(
    db,
  );
  // Filled after the triggers exist, in the migration's transaction: no change is missed.
  await sql`insert into product_item_totals (product_id, ${sql.raw(COLUMNS.join(', '))})
    ${sql.raw(summed('select product_id, status_id, n as delta from item_counts'))}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists items_product_totals_truncate on items`.execute(db);
  await sql`drop function if exists product_item_totals_clear()`.execute(db);
  for (const event of Object.keys(EVENTS)) {
    await sql`drop trigger if exists ${sql.raw(`items_product_totals_${event}`)} on items`.execute(db);
    await sql`drop function if exists ${sql.raw(`product_item_totals_${event}`)}()`.execute(db);
  }
  await sql`drop table if exists product_item_totals`.execute(db);
}
