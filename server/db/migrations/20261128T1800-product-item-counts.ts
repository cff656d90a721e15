import { sql, type Kysely } from 'kysely';

/**
 * The stock list's count columns on the product row (spec 2 §2.1, issue 24): Voorraad, Op afroep,
 * Klantlocatie, In gebruik and the total of live items. The list summed them per product from
 * item_counts (20261124T0500-item-counts, one row per product and status) with an aggregate per row of
 * the page: a fifth of its statement's time.
 *
 * item_counts stays the source: a row trigger on it adds each change of a row's count to the product's
 * columns, in the same transaction. item_counts is written in key order (product, status), so the
 * products are locked in id order too. The status ids are those of ItemStatus (src/domain/enums.ts):
 * INGEKLAARD 1, IN_GEBRUIK 3, OP_AFROEP 5, VOORRAAD_KLANTLOCATIE 19.
 *
 * The columns change with every check-in and check-out of a product's items and no index holds them, so
 * PostgreSQL can write the new row version on the same page without new index entries (a HOT update)
 * when the page has room: new pages of products are filled to 90 %.
 */
const COLUMNS = ['items_in_stock', 'available_items', 'items_at_location', 'items_in_use', 'items_count'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products ${sql.join(COLUMNS.map((c) => sql`add column ${sql.ref(c)} integer not null default 0`))}`.execute(db);
  await sql`alter table products set (fillfactor = 90)`.execute(db);
  await sql`create function product_item_counts_changed() returns trigger language plpgsql as $$
    declare
      product integer := case when tg_op = 'DELETE' then old.product_id else new.product_id end;
      status integer := case when tg_op = 'DELETE' then old.status_id else new.status_id end;
      delta integer := case when tg_op = 'DELETE' then -old.n when tg_op = 'INSERT' then new.n else new.n - old.n end;
    begin
      if tg_op = 'UPDATE' and (new.product_id, new.status_id) is distinct from (old.product_id, old.status_id) then
        raise exception 'item_counts rows keep their product and status';
      end if;
      if delta = 0 then return null; end if;
      update products set
        items_in_stock = items_in_stock + case when status = 1 then delta else 0 end,
        available_items = available_items + case when status = 5 then delta else 0 end,
        items_at_location = items_at_location + case when status = 19 then delta else 0 end,
        items_in_use = items_in_use + case when status = 3 then delta else 0 end,
        items_count = items_count + delta
      where id = product;
      return null;
    end $$`.execute(db);
  await sql`create trigger item_counts_to_product after insert or update or delete on item_counts
    for each row execute function product_item_counts_changed()`.execute(db);
  // Filled after the trigger exists, in the migration's transaction: no change is missed.
  await sql`update products p set
      items_in_stock = k.items_in_stock, available_items = k.available_items, items_at_location = k.items_at_location,
      items_in_use = k.items_in_use, items_count = k.items_count
    from (select product_id,
            coalesce(sum(n) filter (where status_id = 1), 0)::int as items_in_stock,
            coalesce(sum(n) filter (where status_id = 5), 0)::int as available_items,
            coalesce(sum(n) filter (where status_id = 19), 0)::int as items_at_location,
            coalesce(sum(n) filter (where status_id = 3), 0)::int as items_in_use,
            coalesce(sum(n), 0)::int as items_count
          from item_counts group by product_id) k
    where k.product_id = p.id`.execute(db);
  // Every product with items was written again: the trigram indexes' pending lists merged and the
  // statistics taken again, as after 20261128T1100-repair-defects.
  await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam where i.indrelid = 'products'::regclass and a.amname = 'gin'`.execute(db);
  await sql`analyze products`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists item_counts_to_product on item_counts`.execute(db);
  await sql`drop function if exists product_item_counts_changed()`.execute(db);
  await sql`alter table products reset (fillfactor)`.execute(db);
  await sql`alter table products ${sql.join(COLUMNS.map((c) => sql`drop column if exists ${sql.ref(c)}`))}`.execute(db);
}
