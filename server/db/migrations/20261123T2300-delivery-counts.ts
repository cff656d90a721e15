import { sql, type Kysely } from 'kysely';

/**
 * The delivery lists' totals without counting the table (issue 13). `delivery_counts` holds, per
 * state ('o' open, including open backorder deliveries; 'f' finished; 'c' cancelled) and delivery
 * type, how many deliveries that are not deleted a client's part of the hierarchy has: the client's
 * own, its children's and its grandchildren's (what a user of that client sees, server/http/scope.ts).
 * client_id 0 is the row for all clients. Statement triggers keep it exact in the same transaction as every
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
  // All rows from scratch: at the start, and when a client moves to another parent (rare: the rollups of its old and
  // new ancestors change).
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
  // Per statement, from its transition tables: the changed deliveries' +1 and -1 summed per row of
  // delivery_counts (a bulk insert of 50,000 deliveries is one update of each row, not 50,000 updates of
  // the all-clients row), applied in key order so two transactions lock shared rows in one order.
  const track = async (event: 'insert' | 'update' | 'delete') => {
    const changes = {
      insert: 'select deleted_at, is_cancelled, completed_at, delivery_type_id, client_id, 1 as delta from new_rows',
      delete: 'select deleted_at, is_cancelled, completed_at, delivery_type_id, client_id, -1 as delta from old_rows',
      update: `select deleted_at, is_cancelled, completed_at, delivery_type_id, client_id, -1 as delta from old_rows
               union all select deleted_at, is_cancelled, completed_at, delivery_type_id, client_id, 1 from new_rows`,
    }[event];
    await sql`create function ${sql.raw(`delivery_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into delivery_counts (state, client_id, delivery_type_id, n)
        select x.s, a.id, x.delivery_type_id, sum(x.delta)::int
        from (select delivery_count_state(deleted_at, is_cancelled, completed_at) s, delivery_type_id, client_id, delta
              from (${sql.raw(changes)}) r) x
        join clients c on c.id = x.client_id left join clients p on p.id = c.parent_client_id
        cross join lateral (select distinct y from unnest(array[0, c.id, c.parent_client_id, p.parent_client_id]) y where y is not null) a(id)
        where x.s is not null
        group by x.s, a.id, x.delivery_type_id
        having sum(x.delta) <> 0
        order by x.s, a.id, x.delivery_type_id
        on conflict (state, client_id, delivery_type_id) do update set n = delivery_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`deliveries_count_${event}`)} after ${sql.raw(event)} on deliveries
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`delivery_counts_${event}`)}()`.execute(
      db,
    );
  };
  for (const event of ['insert', 'update', 'delete'] as const) await track(event);
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
  await sql`create trigger deliveries_count_truncate after truncate on deliveries for each statement execute function delivery_counts_clear()`.execute(
    db,
  );
  await sql`create trigger clients_moved_delivery_count after update of parent_client_id on clients
    for each row when (old.parent_client_id is distinct from new.parent_client_id) execute function delivery_counts_moved()`.execute(
    db,
  );
  await sql`select delivery_counts_rebuild()`.execute(db);

  // The open tab's page walks this index alone (index-only): deliveries_open_idx also holds open backorders.
  await sql`create index deliveries_open_list_idx on deliveries (created_at desc, id desc)
    where deleted_at is null and not is_cancelled and completed_at is null and delivery_type_id <> 7`.execute(db);

  const available = await sql<{
    name: string;
  }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [name, column] of TRIGRAM_INDEXES) {
    await sql`create index if not exists ${sql.id(name)} on deliveries using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop index if exists deliveries_open_list_idx`.execute(db);
  await sql`drop trigger if exists clients_moved_delivery_count on clients`.execute(db);
  await sql`drop trigger if exists deliveries_count_truncate on deliveries`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`deliveries_count_${event}`)} on deliveries`.execute(db);
    await sql`drop function if exists ${sql.raw(`delivery_counts_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists delivery_counts_moved()`.execute(db);
  await sql`drop function if exists delivery_counts_clear()`.execute(db);
  await sql`drop function if exists delivery_counts_rebuild()`.execute(db);
  await sql`drop function if exists delivery_count_state(timestamptz, boolean, timestamptz)`.execute(db);
  await sql`drop table if exists delivery_counts`.execute(db);
}
