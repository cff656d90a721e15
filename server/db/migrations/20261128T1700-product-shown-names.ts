import { sql, type Kysely } from 'kysely';

/**
 * The names the stock list shows beside a product (spec 2 §2.1, issue 24), on the product row: its end
 * customer's (`client_name`) and its reseller's (`reseller_name`, the client of the row's lineage
 * `reseller_id`, 20261126T0100-client-lineage, which the list's reseller filter reads too). The list
 * joined the client and its parent for every page; the names follow the ids they belong to.
 *
 * A row trigger sets both when a product is written with a client or its lineage changes (it runs after
 * the lineage trigger, by name, so it reads the new reseller), after locking both clients FOR SHARE: a
 * concurrent rename either commits first and is read, or waits until this transaction ends and then
 * finds the row. A statement trigger on clients sets them again for the products of a renamed client.
 * A move or retype changes the products' lineage, and with it their names through the row trigger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column client_name text, add column reseller_name text`.execute(db);
  await sql`create function set_product_shown_names() returns trigger language plpgsql as $$
    begin
      perform 1 from clients where id in (new.client_id, new.reseller_id) order by id for share;
      new.client_name := (select name from clients where id = new.client_id);
      new.reseller_name := (select name from clients where id = new.reseller_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger products_shown_names_insert before insert on products
    for each row execute function set_product_shown_names()`.execute(db);
  await sql`create trigger products_shown_names_update before update of client_id, reseller_id on products
    for each row when ((new.client_id, new.reseller_id) is distinct from (old.client_id, old.reseller_id))
    execute function set_product_shown_names()`.execute(db);
  await sql`create function clients_product_shown_names_changed() returns trigger language plpgsql as $$
    begin
      with renamed as (select n.id from new_rows n join old_rows o on o.id = n.id where n.name is distinct from o.name),
      named as (select p.id, (select name from clients where id = p.client_id) as client_name,
                       (select name from clients where id = p.reseller_id) as reseller_name
                from products p where p.client_id in (select id from renamed) or p.reseller_id in (select id from renamed))
      update products p set client_name = n.client_name, reseller_name = n.reseller_name from named n
      where p.id = n.id and (p.client_name, p.reseller_name) is distinct from (n.client_name, n.reseller_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger clients_product_shown_names after update on clients referencing old table as old_rows new table as new_rows
    for each statement execute function clients_product_shown_names_changed()`.execute(db);
  // Filled after the triggers exist, in the migration's transaction: no change is missed.
  const filled = await sql`update products p set client_name = (select name from clients where id = p.client_id),
    reseller_name = (select name from clients where id = p.reseller_id)`.execute(db);
  // On an empty table (a new database) there is nothing to merge, and ANALYZE would record it as empty: the
  // plans of later statements in the same session, triggers' included, would then be made for no rows.
  if (!filled.numAffectedRows) return;
  // Every row was written again: the trigram indexes' pending lists merged and the statistics taken again,
  // as after 20261128T1100-repair-defects.
  await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam where i.indrelid = 'products'::regclass and a.amname = 'gin'`.execute(db);
  await sql`analyze products`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists clients_product_shown_names on clients`.execute(db);
  await sql`drop function if exists clients_product_shown_names_changed()`.execute(db);
  await sql`drop trigger if exists products_shown_names_insert on products`.execute(db);
  await sql`drop trigger if exists products_shown_names_update on products`.execute(db);
  await sql`drop function if exists set_product_shown_names()`.execute(db);
  await sql`alter table products drop column if exists client_name, drop column if exists reseller_name`.execute(db);
}
