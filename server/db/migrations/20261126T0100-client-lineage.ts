import { sql, type Kysely } from 'kysely';

/**
 * The reseller and the end customer above a delivery's or a product's client, on the row itself
 * (issue 13), so a reseller's or an end customer's list is one range of an index in list order
 * instead of a walk over everyone's rows, each checked against its client and that client's parent.
 *
 * `reseller_id` is the client itself when it is a reseller, else its parent or grandparent that is
 * one; `end_customer_id` the client itself when it is an end customer, else its parent that is one.
 * With the parent rules of the client types (allowedParentTypes: a reseller under the provider, an
 * end customer under the provider or a reseller, an end user under an end customer; a type never
 * changes), a reseller's part of the hierarchy (server/http/scope.ts: itself, its children and their
 * children) is exactly the rows with its `reseller_id`, an end customer's exactly those with its
 * `end_customer_id`.
 *
 * A row trigger sets both when a row is written with a client; a statement trigger on clients sets
 * them again for the rows of a client whose parent or type changed and of the clients below it. The
 * row trigger locks the client, its parent and its grandparent FOR SHARE before it reads them: a
 * concurrent move or retype (which locks that client FOR NO KEY UPDATE) either commits first and is
 * read, or waits until this transaction ends and then finds its rows.
 */
const TABLES = ['deliveries', 'products'] as const;

const OPEN_LIST = 'deleted_at is null and not is_cancelled and completed_at is null and delivery_type_id <> 7';
const FINISHED = 'deleted_at is null and not is_cancelled and completed_at is not null';
/**
 * The delivery tabs in list order per reseller and end customer; the products' come with their sort column
 * (20261126T0200).
 */
const INDEXES: Array<[name: string, definition: string]> = [
  ['deliveries_reseller_open_idx', `deliveries (reseller_id, created_at desc, id desc) where ${OPEN_LIST}`],
  ['deliveries_end_customer_open_idx', `deliveries (end_customer_id, created_at desc, id desc) where ${OPEN_LIST}`],
  ['deliveries_reseller_finished_idx', `deliveries (reseller_id, completed_at desc, id desc) where ${FINISHED}`],
  [
    'deliveries_end_customer_finished_idx',
    `deliveries (end_customer_id, completed_at desc, id desc) where ${FINISHED}`,
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function client_lineage(client integer, out reseller_id integer, out end_customer_id integer)
    language sql stable as $$
      select case when x.client_type_id = 2 then x.id when p.client_type_id = 2 then p.id when g.client_type_id = 2 then g.id end,
             case when x.client_type_id = 3 then x.id when p.client_type_id = 3 then p.id end
      from clients x left join clients p on p.id = x.parent_client_id left join clients g on g.id = p.parent_client_id
      where x.id = client
    $$`.execute(db);
  await sql`create function set_client_lineage() returns trigger language plpgsql as $$
    begin
      perform 1 from clients where id = new.client_id for share;
      perform 1 from clients where id = (select parent_client_id from clients where id = new.client_id) for share;
      perform 1 from clients where id = (select p.parent_client_id from clients x join clients p on p.id = x.parent_client_id
                                         where x.id = new.client_id) for share;
      select l.reseller_id, l.end_customer_id into new.reseller_id, new.end_customer_id from client_lineage(new.client_id) l;
      return new;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column reseller_id integer, add column end_customer_id integer`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_lineage_insert`)} before insert on ${sql.table(table)}
      for each row execute function set_client_lineage()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_lineage_update`)} before update of client_id on ${sql.table(table)}
      for each row when (new.client_id is distinct from old.client_id) execute function set_client_lineage()`.execute(
      db,
    );
    await sql`update ${sql.table(table)} t set reseller_id = l.reseller_id, end_customer_id = l.end_customer_id
      from clients c cross join lateral client_lineage(c.id) l where c.id = t.client_id`.execute(db);
  }
  // The clients whose parent or type changed in the statement, their children and their children's
  // children (whose lineage reads them as parent or grandparent): their rows' lineage is read again.
  await sql`create function clients_lineage_moved() returns trigger language plpgsql as $$
    begin
      with moved as (select n.id from new_rows n join old_rows o on o.id = n.id
                     where (n.parent_client_id, n.client_type_id) is distinct from (o.parent_client_id, o.client_type_id)),
      affected as (select id from moved
                   union select c.id from clients c where c.parent_client_id in (select id from moved)
                   union select c.id from clients c join clients p on p.id = c.parent_client_id where p.parent_client_id in (select id from moved)),
      lineage as (select a.id, l.reseller_id, l.end_customer_id from affected a cross join lateral client_lineage(a.id) l),
      moved_deliveries as (update deliveries t set reseller_id = m.reseller_id, end_customer_id = m.end_customer_id from lineage m
                           where t.client_id = m.id and (t.reseller_id, t.end_customer_id) is distinct from (m.reseller_id, m.end_customer_id))
      update products t set reseller_id = m.reseller_id, end_customer_id = m.end_customer_id from lineage m
      where t.client_id = m.id and (t.reseller_id, t.end_customer_id) is distinct from (m.reseller_id, m.end_customer_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger clients_lineage after update on clients referencing old table as old_rows new table as new_rows
    for each statement execute function clients_lineage_moved()`.execute(db);
  for (const [name, definition] of INDEXES)
    await sql`create index ${sql.raw(name)} on ${sql.raw(definition)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
  await sql`drop trigger if exists clients_lineage on clients`.execute(db);
  await sql`drop function if exists clients_lineage_moved()`.execute(db);
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_lineage_insert`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_lineage_update`)} on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column if exists reseller_id, drop column if exists end_customer_id`.execute(
      db,
    );
  }
  await sql`drop function if exists set_client_lineage()`.execute(db);
  await sql`drop function if exists client_lineage(integer)`.execute(db);
}
