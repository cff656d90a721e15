import { sql, type Kysely } from 'kysely';

/**
 * Which products are on the EOL overview without counting their items (issue 24).
 * `product_first_eol` holds per product the earliest EOL day of its items that count for the overview
 * (live, with an EOL day, not EOL or lost already: the predicate of items_eol_date_idx, 20261126T2120).
 * A product is on the provider's overview when that day is at most 3 months ahead: the horizon moves
 * every day, the earliest day does not. The overview then sorts and pages those products and counts
 * the items of the 25 on its page only (items_product_eol_idx), instead of grouping every item within
 * the horizon (107,217 at bench volume) on every request.
 *
 * Statement triggers on items recompute the day of the products whose counted items changed, in the
 * same transaction: each product's row is locked (in product order) before its minimum is read again,
 * so of two transactions writing items of one product the later one reads the earlier one's items.
 */
const COUNTED = (r: string) => {
  const c = r ? `${r}.` : '';
  return `${c}deleted_at is null and ${c}eol_date is not null and ${c}date_in_use is not null and ${c}status_id not in (6, 13)`;
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table product_first_eol (product_id integer primary key, first_eol_date date)`.execute(db);
  await sql`create index items_product_eol_idx on items (product_id, eol_date) include (client_id) where ${sql.raw(COUNTED(''))}`.execute(
    db,
  );
  const changes = {
    insert: `select product_id from new_rows r where ${COUNTED('r')}`,
    delete: `select product_id from old_rows r where ${COUNTED('r')}`,
    // An update matters when it moves an item in or out of the counted ones, changes its day or its product.
    update: `select x.product_id from old_rows o join new_rows n on n.id = o.id
               cross join lateral (values (o.product_id), (n.product_id)) x(product_id)
             where (o.product_id, o.eol_date, ${COUNTED('o')}) is distinct from (n.product_id, n.eol_date, ${COUNTED('n')})`,
  };
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql`create function ${sql.raw(`product_first_eol_${event}`)}() returns trigger language plpgsql as $$
      declare ids integer[];
      begin
        select array_agg(distinct product_id order by product_id) into ids from (${sql.raw(changes[event])}) c;
        if ids is null then return null; end if;
        insert into product_first_eol (product_id) select unnest(ids) order by 1 on conflict do nothing;
        perform 1 from product_first_eol where product_id = any(ids) order by product_id for update;
        update product_first_eol f set first_eol_date = (select min(i.eol_date) from items i where i.product_id = f.product_id and ${sql.raw(COUNTED('i'))})
        where f.product_id = any(ids);
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`items_first_eol_${event}`)} after ${sql.raw(event)} on items
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`product_first_eol_${event}`)}()`.execute(
      db,
    );
  }
  await sql`create function product_first_eol_clear() returns trigger language plpgsql as $$
    begin
      delete from product_first_eol;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_first_eol_truncate after truncate on items for each statement execute function product_first_eol_clear()`.execute(
    db,
  );
  // Filled after the triggers exist, in the migration's transaction.
  await sql`insert into product_first_eol (product_id, first_eol_date)
    select product_id, min(eol_date) from items i where ${sql.raw(COUNTED('i'))} group by product_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists items_first_eol_truncate on items`.execute(db);
  await sql`drop function if exists product_first_eol_clear()`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`items_first_eol_${event}`)} on items`.execute(db);
    await sql`drop function if exists ${sql.raw(`product_first_eol_${event}`)}()`.execute(db);
  }
  await sql`drop index if exists items_product_eol_idx`.execute(db);
  await sql`drop table if exists product_first_eol`.execute(db);
}
