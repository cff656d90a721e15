import { sql, type Kysely } from 'kysely';

/**
 * The names the delivery and repair lists show beside a delivery (spec 2 §2.6, §2.9, issue 24), on the
 * delivery row: its client's name and its end customer's. The end customer is the one of the row's
 * lineage (`end_customer_id`, 20261126T0100-client-lineage), or the client itself where it has none (a
 * reseller's or the provider's delivery), as the lists showed it: an end user's parent, else the client.
 * The lists joined the client and its parent for every row of a page: a sixth of the statement's time.
 *
 * Kept as the product's client names are (20261127T1900-product-client-names): a row trigger sets them
 * when a delivery is written with a client, after locking the client and its parent FOR SHARE, so a
 * concurrent rename or move either commits first and is read, or waits until this transaction ends and
 * then finds the row; a statement trigger on clients sets them again for the deliveries of a client
 * whose name, parent or type changed, and of the clients below it (whose end customer it may be).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column client_name text, add column end_customer_name text`.execute(db);
  await sql`create function delivery_client_names(client integer, out client_name text, out end_customer_name text)
    language sql stable as $$
      select c.name, case when c.client_type_id = 3 then c.name when p.client_type_id = 3 then p.name else c.name end
      from clients c left join clients p on p.id = c.parent_client_id
      where c.id = client
    $$`.execute(db);
  await sql`create function set_delivery_client_names() returns trigger language plpgsql as $$
    begin
      perform 1 from clients where id = new.client_id for share;
      perform 1 from clients where id = (select parent_client_id from clients where id = new.client_id) for share;
      select n.client_name, n.end_customer_name into new.client_name, new.end_customer_name
      from delivery_client_names(new.client_id) n;
      return new;
    end $$`.execute(db);
  await sql`create trigger deliveries_client_names_insert before insert on deliveries
    for each row execute function set_delivery_client_names()`.execute(db);
  await sql`create trigger deliveries_client_names_update before update of client_id on deliveries
    for each row when (new.client_id is distinct from old.client_id) execute function set_delivery_client_names()`.execute(
    db,
  );
  await sql`create function clients_delivery_names_changed() returns trigger language plpgsql as $$
    begin
      with changed as (select n.id from new_rows n join old_rows o on o.id = n.id
                       where (n.name, n.parent_client_id, n.client_type_id) is distinct from (o.name, o.parent_client_id, o.client_type_id)),
      affected as (select id from changed union select c.id from clients c where c.parent_client_id in (select id from changed))
      update deliveries d set client_name = n.client_name, end_customer_name = n.end_customer_name
      from affected a cross join lateral delivery_client_names(a.id) n
      where d.client_id = a.id
        and (d.client_name, d.end_customer_name) is distinct from (n.client_name, n.end_customer_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger clients_delivery_names after update on clients referencing old table as old_rows new table as new_rows
    for each statement execute function clients_delivery_names_changed()`.execute(db);
  // Filled after the triggers exist, in the migration's transaction: no change is missed.
  const filled = await sql`update deliveries d set (client_name, end_customer_name) =
    (select n.client_name, n.end_customer_name from delivery_client_names(d.client_id) n)`.execute(db);
  // On an empty table (a new database) there is nothing to merge, and ANALYZE would record it as empty: the
  // plans of later statements in the same session, triggers' included, would then be made for no rows.
  if (!filled.numAffectedRows) return;
  // Every row was written again, and with it an entry in each index of deliveries: merged and analyzed
  // as after 20261128T1100-repair-defects (the trigram indexes' pending lists slow every search until then).
  await sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam where i.indrelid = 'deliveries'::regclass and a.amname = 'gin'`.execute(db);
  await sql`analyze deliveries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists clients_delivery_names on clients`.execute(db);
  await sql`drop function if exists clients_delivery_names_changed()`.execute(db);
  await sql`drop trigger if exists deliveries_client_names_insert on deliveries`.execute(db);
  await sql`drop trigger if exists deliveries_client_names_update on deliveries`.execute(db);
  await sql`drop function if exists set_delivery_client_names()`.execute(db);
  await sql`drop function if exists delivery_client_names(integer)`.execute(db);
  await sql`alter table deliveries drop column if exists client_name, drop column if exists end_customer_name`.execute(
    db,
  );
}
