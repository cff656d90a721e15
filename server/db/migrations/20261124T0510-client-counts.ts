import { sql, type Kysely } from 'kysely';

/**
 * The customer lists' totals without counting the clients (issue 13). `client_counts` holds, per
 * client type, how many clients that are not deleted a client's part of the hierarchy has: itself, its
 * children and its grandchildren (what a user of that client sees, server/http/scope.ts; deleted
 * parents included, as there). client_id 0 is the row for all clients. Statement triggers keep it
 * exact in the same transaction as every change of a client, so a list's total is one row (or the
 * four types' rows) instead of a count over tens of thousands.
 *
 * A client counts in the rows of {0, itself, its parent, its parent's parent}, so a change of a
 * client's parent also moves its children's grandparent row. Each trigger takes the changed clients'
 * contributions before (old rows, the parents as they were) and after (new rows, the table as it is),
 * plus, when a parent changed, those of its children, and applies the summed difference per row.
 * The parents a contribution reads are locked FOR SHARE first: a concurrent move of such a parent
 * (which locks it FOR NO KEY UPDATE) either finishes first and is then read, or waits until this
 * transaction ends and then sees its children as this one left them.
 */
const contributionColumns = 'x.id, x.client_type_id, x.parent_client_id';
/** An update's rows whose type, parent or deletion changed, before (o) and after (n); a rename changes nothing. */
const changedRows = `o as (select id, client_type_id, parent_client_id, deleted_at from old_rows
                           except all select id, client_type_id, parent_client_id, deleted_at from new_rows),
                     n as (select id, client_type_id, parent_client_id, deleted_at from new_rows
                           except all select id, client_type_id, parent_client_id, deleted_at from old_rows)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table client_counts (
    client_id integer not null,
    client_type_id integer not null,
    n integer not null,
    primary key (client_id, client_type_id)
  )`.execute(db);
  // All rows from scratch (the migration; kept for repairs by hand).
  await sql`create function client_counts_rebuild() returns void language sql as $$
      delete from client_counts;
      insert into client_counts (client_id, client_type_id, n)
      select a.id, x.client_type_id, count(*)::int
      from clients x left join clients p on p.id = x.parent_client_id
      cross join lateral (select distinct y from unnest(array[0, x.id, x.parent_client_id, p.parent_client_id]) y where y is not null) a(id)
      where x.deleted_at is null
      group by a.id, x.client_type_id
    $$`.execute(db);

  // Per event: the changed clients' (and moved parents' children's) -1 before and +1 after, as rows of
  // (id, type, parent, grandparent, delta) of live clients; `locks`: the parents those rows read.
  const changes = {
    insert: {
      locks: 'select parent_client_id from new_rows',
      prelude: '',
      rows: `select ${contributionColumns}, p.parent_client_id g, 1 delta
             from new_rows x left join clients p on p.id = x.parent_client_id where x.deleted_at is null`,
    },
    // A parent deleted in the same statement is only in old_rows (its children must go with it).
    delete: {
      locks: 'select parent_client_id from old_rows',
      prelude: '',
      rows: `select ${contributionColumns}, case when op.id is not null then op.parent_client_id else p.parent_client_id end g, -1 delta
             from old_rows x left join old_rows op on op.id = x.parent_client_id left join clients p on p.id = x.parent_client_id
             where x.deleted_at is null`,
    },
    // Before: a parent changed in the same statement as it was (o), else as it is.
    update: {
      locks: `with ${changedRows} select parent_client_id from o union select parent_client_id from n`,
      prelude: `${changedRows},
               moved as (select n.id from n join o on o.id = n.id where n.parent_client_id is distinct from o.parent_client_id),
               children as (select c.id, c.client_type_id, c.parent_client_id, c.deleted_at from clients c
                            where c.parent_client_id in (select id from moved) and c.id not in (select id from n)),`,
      rows: `select ${contributionColumns}, case when op.id is not null then op.parent_client_id else p.parent_client_id end g, -1 delta
             from (select * from o union all select * from children) x
             left join o op on op.id = x.parent_client_id left join clients p on p.id = x.parent_client_id
             where x.deleted_at is null
             union all
             select ${contributionColumns}, p.parent_client_id, 1
             from (select * from n union all select * from children) x left join clients p on p.id = x.parent_client_id
             where x.deleted_at is null`,
    },
  };
  for (const [event, { locks, prelude, rows }] of Object.entries(changes)) {
    await sql`create function ${sql.raw(`client_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        perform 1 from clients c where c.id in (${sql.raw(locks)}) order by c.id for share of c;
        insert into client_counts (client_id, client_type_id, n)
        with ${sql.raw(prelude)} r as (${sql.raw(rows)})
        select a.id, r.client_type_id, sum(r.delta)::int
        from r cross join lateral (select distinct y from unnest(array[0, r.id, r.parent_client_id, r.g]) y where y is not null) a(id)
        group by a.id, r.client_type_id
        having sum(r.delta) <> 0
        order by a.id, r.client_type_id
        on conflict (client_id, client_type_id) do update set n = client_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`clients_count_${event}`)} after ${sql.raw(event)} on clients
      referencing ${sql.raw(referencing!)} for each statement execute function ${sql.raw(`client_counts_${event}`)}()`.execute(
      db,
    );
  }
  await sql`create function client_counts_clear() returns trigger language plpgsql as $$
    begin
      delete from client_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger clients_count_truncate after truncate on clients for each statement execute function client_counts_clear()`.execute(
    db,
  );
  await sql`select client_counts_rebuild()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists clients_count_truncate on clients`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`clients_count_${event}`)} on clients`.execute(db);
    await sql`drop function if exists ${sql.raw(`client_counts_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists client_counts_clear()`.execute(db);
  await sql`drop function if exists client_counts_rebuild()`.execute(db);
  await sql`drop table if exists client_counts`.execute(db);
}
