import { sql, type Kysely } from 'kysely';

/**
 * The defect lines of a repair (its pickup lines) as the repair list shows them (spec 2 §2.9, issue 24):
 * their serials and their product names, each distinct and joined with ', ' in sorted order, kept on the
 * repair's delivery row. The list read them per row of a page from the lines, their items and products
 * (a grouped, sorted aggregate twice per row): the largest part of its PostgreSQL time.
 *
 * Kept by triggers, in the transaction of the change:
 * - a pickup line of a repair written, moved or deleted: that repair's columns again;
 * - an item's serial changed: the repairs with a pickup line of that item;
 * - a product renamed: the repairs with a pickup line of that product.
 * Each recounts under the repair's row lock, taken first in a statement of its own: a concurrent change
 * of the same repair's lines waits for it, and the statement after the lock sees what that change
 * committed (each statement of a function takes a new snapshot in READ COMMITTED).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column repair_serials text, add column repair_products text`.execute(db);
  await sql`create function repair_defects(repair integer, out serials text, out products text) language sql stable as $$
      select string_agg(distinct i.serial, ', '), string_agg(distinct p.name, ', ')
      from delivery_products dp join products p on p.id = dp.product_id left join items i on i.id = dp.item_id
      where dp.delivery_id = repair and dp.is_pickup = 1
    $$`.execute(db);
  await sql`create function set_repair_defects(repair integer) returns void language plpgsql as $$
    begin
      perform 1 from deliveries where id = repair and delivery_type_id = 1 for update;
      if not found then return; end if;
      update deliveries d set repair_serials = x.serials, repair_products = x.products
      from repair_defects(repair) x
      where d.id = repair and (d.repair_serials, d.repair_products) is distinct from (x.serials, x.products);
    end $$`.execute(db);
  await sql`create function repair_lines_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.is_pickup = 1 then perform set_repair_defects(old.delivery_id); end if;
      if tg_op <> 'DELETE' and new.is_pickup = 1 and (tg_op = 'INSERT' or new.delivery_id <> old.delivery_id or old.is_pickup <> 1
          or new.item_id is distinct from old.item_id or new.product_id <> old.product_id) then
        perform set_repair_defects(new.delivery_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger delivery_products_repair_defects after insert or delete or update of delivery_id, is_pickup, item_id, product_id
    on delivery_products for each row execute function repair_lines_changed()`.execute(db);
  await sql`create function repair_line_source_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'items' then
        perform set_repair_defects(dp.delivery_id) from delivery_products dp where dp.item_id = new.id and dp.is_pickup = 1;
      else
        perform set_repair_defects(dp.delivery_id) from delivery_products dp where dp.product_id = new.id and dp.is_pickup = 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_repair_defects after update of serial on items
    for each row when (new.serial is distinct from old.serial) execute function repair_line_source_changed()`.execute(
    db,
  );
  await sql`create trigger products_repair_defects after update of name on products
    for each row when (new.name is distinct from old.name) execute function repair_line_source_changed()`.execute(db);
  // Filled after the triggers exist, in the migration's transaction: no change is missed.
  await sql`update deliveries d set (repair_serials, repair_products) = (select x.serials, x.products from repair_defects(d.id) x)
    where d.delivery_type_id = 1 and exists (select 1 from delivery_products dp where dp.delivery_id = d.id and dp.is_pickup = 1)`.execute(
    db,
  );
  // Each repair's row was written again, and with it an entry in every index of deliveries: the trigram
  // indexes (GIN) keep theirs in a pending list that every search reads through until a vacuum, which
  // does not come for a tenth of the table (on the bench's volume the order-number search went from
  // 3.5 to 9.9 ms). Merged here, and the statistics taken again; VACUUM cannot run in a transaction.
  await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam where i.indrelid = 'deliveries'::regclass and a.amname = 'gin'`.execute(db);
  await sql`analyze deliveries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists products_repair_defects on products`.execute(db);
  await sql`drop trigger if exists items_repair_defects on items`.execute(db);
  await sql`drop function if exists repair_line_source_changed()`.execute(db);
  await sql`drop trigger if exists delivery_products_repair_defects on delivery_products`.execute(db);
  await sql`drop function if exists repair_lines_changed()`.execute(db);
  await sql`drop function if exists set_repair_defects(integer)`.execute(db);
  await sql`drop function if exists repair_defects(integer)`.execute(db);
  await sql`alter table deliveries drop column if exists repair_serials, drop column if exists repair_products`.execute(
    db,
  );
}
