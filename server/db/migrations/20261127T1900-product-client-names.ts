import { sql, type Kysely } from 'kysely';

/**
 * The two names the product search reads besides the product's own (spec 2 §2.1): its end customer's
 * and that customer's reseller's (the parent, when it is a reseller: the list's 'Reseller' column),
 * lowercased on the product row, with trigram indexes where pg_trgm is installed (as
 * 20261126T0200-product-name-search). The search is then one scan of the products' own indexes; before,
 * a name such as 'Zorggroep' found 4,002 clients by their index, lowercased each to check it, and
 * joined their products: 10 of the 13 ms that search took on the bench's volume.
 *
 * A row trigger sets both when a product is written with a client, after locking the client and its
 * parent FOR SHARE (as set_client_lineage does, 20261126T0100-client-lineage): a concurrent rename or
 * move either commits first and is read, or waits until this transaction ends and then finds the row.
 * A statement trigger on clients sets them again for the products of a client whose name, parent or
 * type changed, and of the clients below it (whose reseller that client may be).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column client_name_search text, add column reseller_name_search text`.execute(db);
  await sql`create function product_client_names(client integer, out client_name_search text, out reseller_name_search text)
    language sql stable as $$
      select lower(c.name), lower(r.name)
      from clients c left join clients r on r.id = c.parent_client_id and r.client_type_id = 2
      where c.id = client
    $$`.execute(db);
  await sql`create function set_product_client_names() returns trigger language plpgsql as $$
    begin
      perform 1 from clients where id = new.client_id for share;
      perform 1 from clients where id = (select parent_client_id from clients where id = new.client_id) for share;
      select n.client_name_search, n.reseller_name_search into new.client_name_search, new.reseller_name_search
      from product_client_names(new.client_id) n;
      return new;
    end $$`.execute(db);
  await sql`create trigger products_client_names_insert before insert on products
    for each row execute function set_product_client_names()`.execute(db);
  await sql`create trigger products_client_names_update before update of client_id on products
    for each row when (new.client_id is distinct from old.client_id) execute function set_product_client_names()`.execute(
    db,
  );
  await sql`create function clients_product_names_changed() returns trigger language plpgsql as $$
    begin
      with changed as (select n.id from new_rows n join old_rows o on o.id = n.id
                       where (n.name, n.parent_client_id, n.client_type_id) is distinct from (o.name, o.parent_client_id, o.client_type_id)),
      affected as (select id from changed union select c.id from clients c where c.parent_client_id in (select id from changed))
      update products p set client_name_search = n.client_name_search, reseller_name_search = n.reseller_name_search
      from affected a cross join lateral product_client_names(a.id) n
      where p.client_id = a.id
        and (p.client_name_search, p.reseller_name_search) is distinct from (n.client_name_search, n.reseller_name_search);
      return null;
    end $$`.execute(db);
  await sql`create trigger clients_product_names after update on clients referencing old table as old_rows new table as new_rows
    for each statement execute function clients_product_names_changed()`.execute(db);
  // Filled after the triggers exist, in the migration's transaction: no change is missed.
  await sql`update products p set (client_name_search, reseller_name_search) =
    (select n.client_name_search, n.reseller_name_search from product_client_names(p.client_id) n)`.execute(db);
  const available = await sql<{
    name: string;
  }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return;
  await sql`create index if not exists products_client_name_trgm on products using gin (client_name_search gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists products_reseller_name_trgm on products using gin (reseller_name_search gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists products_client_name_trgm`.execute(db);
  await sql`drop index if exists products_reseller_name_trgm`.execute(db);
  await sql`drop trigger if exists clients_product_names on clients`.execute(db);
  await sql`drop function if exists clients_product_names_changed()`.execute(db);
  await sql`drop trigger if exists products_client_names_insert on products`.execute(db);
  await sql`drop trigger if exists products_client_names_update on products`.execute(db);
  await sql`drop function if exists set_product_client_names()`.execute(db);
  await sql`drop function if exists product_client_names(integer)`.execute(db);
  await sql`alter table products drop column if exists client_name_search, drop column if exists reseller_name_search`.execute(
    db,
  );
}
