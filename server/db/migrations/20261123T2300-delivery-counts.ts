import { sql, type Kysely } from 'kysely';

/**
 * The delivery lists' totals without counting the table (issue 13). `delivery_counts` holds, per
 * state ('o' open, including open backorder deliveries; 'f' finished; 'c' cancelled) and delivery
 * type, how many deliveries that are not deleted a client's part of the hierarchy has: the client's
 * own, its children's and its grandchildren's (what a user of that client sees, server/http/scope.ts).
 * client_id 0 is the row for all clients. Triggers keep it exact in the same transaction as every
 * change of a delivery and of a client's parent, so a page's total is one row instead of a count over
 * tens of thousands.
 *
 * The order-number search: trigram indexes on the searched delivery columns, PostgreSQL only (as in
 * 20261123T2000-search-trigram; PGlite searches the same columns sequentially).
 */
const TRIGRAM_INDEXES: Array<[name: string, column: string]> = [
  ['deliveries_order_number_trgm', 'order_number'],
  ['deliveries_w_number_trgm', 'w_number'],
  ['deliveries_your_reference_trgm', 'your_reference'],
  ['deliveries_address_trgm', 'address'],
  ['deliveries_contact_trgm', 'contact'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table delivery_counts (
    state char(1) not null,
    delivery_type_id integer not null,
    client_id integer not null,
    n integer not null,
    primary key (state, client_id, delivery_type_id)
  )`.execute(db);
  // Which rows a delivery counts in: none when deleted.
  await sql`create function delivery_count_state(deleted_at timestamptz, is_cancelled boolean, completed_at timestamptz) returns char(1)
    language sql immutable as $$
      select case when deleted_at is not null then null when is_cancelled then 'c' when completed_at is not null then 'f' else 'o' end
    $$`.execute(db);
  // Adds a delivery's +1 or -1 to the rows of its client, the client's parent and grandparent and all
  // clients, in one statement whose rows are in key order (two transactions lock shared rows in one order).
  await sql`create function delivery_counts_add(s char(1), t integer, client integer, delta integer) returns void language sql as $$
      insert into delivery_counts (state, delivery_type_id, client_id, n)
      select s, t, a.id, delta
      from clients c left join clients p on p.id = c.parent_client_id
      cross join lateral (select distinct x from unnest(array[0, c.id, c.parent_client_id, p.parent_client_id]) x where x is not null) a(id)
      where c.id = client and s is not null
      order by a.id
      on conflict (state, client_id, delivery_type_id) do update set n = delivery_counts.n + excluded.n
    $$`.execute(db);
  // All rows from scratch: at the start, and when a client moves to another parent (rare: the rollups of its old and new ancestors change).
  await sql`create function delivery_counts_rebuild() returns void language sql as $$
      delete from delivery_counts;
      insert into delivery_counts (state, delivery_type_id, client_id, n)
      select s, t, a.id, count(*)::int
      from (select delivery_count_state(d.deleted_at, d.is_cancelled, d.completed_at) s, d.delivery_type_id t, c.id, c.parent_client_id p, pc.parent_client_id g
            from deliveries d join clients c on c.id = d.client_id left join clients pc on pc.id = c.parent_client_id) x
      cross join lateral (select distinct y from unnest(array[0, x.id, x.p, x.g]) y where y is not null) a(id)
      where s is not null
      group by s, t, a.id
    $$`.execute(db);
  await sql`create function delivery_counts_track() returns trigger language plpgsql as $$
    declare
      old_state char(1);
      new_state char(1);
    begin
      if tg_op in ('UPDATE', 'DELETE') then old_state := delivery_count_state(old.deleted_at, old.is_cancelled, old.completed_at); end if;
      if tg_op in ('UPDATE', 'INSERT') then new_state := delivery_count_state(new.deleted_at, new.is_cancelled, new.completed_at); end if;
      if tg_op = 'UPDATE' and old_state is not distinct from new_state
         and old.delivery_type_id = new.delivery_type_id and old.client_id = new.client_id then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then perform delivery_counts_add(old_state, old.delivery_type_id, old.client_id, -1); end if;
      if tg_op in ('UPDATE', 'INSERT') then perform delivery_counts_add(new_state, new.delivery_type_id, new.client_id, 1); end if;
      return null;
    end $$`.execute(db);
  await sql`create function delivery_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from delivery_counts;
      return null;
    end $$`.execute(db);
  await sql`create function delivery_counts_moved() returns trigger language plpgsql as $$
    begin
      perform delivery_counts_rebuild();
      return null;
    end $$`.execute(db);
  await sql`create trigger deliveries_count after insert or delete or update of deleted_at, is_cancelled, completed_at, delivery_type_id, client_id
    on deliveries for each row execute function delivery_counts_track()`.execute(db);
  await sql`create trigger deliveries_count_truncate after truncate on deliveries for each statement execute function delivery_counts_clear()`.execute(db);
  await sql`create trigger clients_moved_delivery_count after update of parent_client_id on clients
    for each row when (old.parent_client_id is distinct from new.parent_client_id) execute function delivery_counts_moved()`.execute(db);
  await sql`select delivery_counts_rebuild()`.execute(db);

  // The open tab's page walks this index alone (index-only): deliveries_open_idx also holds open backorders.
  await sql`create index deliveries_open_list_idx on deliveries (created_at desc, id desc)
    where deleted_at is null and not is_cancelled and completed_at is null and delivery_type_id <> 7`.execute(db);

  const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [name, column] of TRIGRAM_INDEXES) {
    await sql`create index if not exists ${sql.id(name)} on deliveries using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop index if exists deliveries_open_list_idx`.execute(db);
  await sql`drop trigger if exists clients_moved_delivery_count on clients`.execute(db);
  await sql`drop trigger if exists deliveries_count_truncate on deliveries`.execute(db);
  await sql`drop trigger if exists deliveries_count on deliveries`.execute(db);
  await sql`drop function if exists delivery_counts_moved()`.execute(db);
  await sql`drop function if exists delivery_counts_clear()`.execute(db);
  await sql`drop function if exists delivery_counts_rebuild()`.execute(db);
  await sql`drop function if exists delivery_counts_track()`.execute(db);
  await sql`drop function if exists delivery_counts_add(char, integer, integer, integer)`.execute(db);
  await sql`drop function if exists delivery_count_state(timestamptz, boolean, timestamptz)`.execute(db);
  await sql`drop table if exists delivery_counts`.execute(db);
}
