import { sql, type Kysely } from 'kysely';

/**
 * The backorder tab without looking at lines (issue 24). A delivery is on the tab when it is open
 * (not deleted, cancelled or finished) and is a backorder delivery (type 7) or has backorder lines
 * still waiting (is_backorder, not checked out). That second half was an EXISTS over delivery_products
 * for every open delivery and the total was counted the same way: 19 req/s at 200,000 deliveries.
 *
 * - `deliveries.backorder_waiting_count`: the delivery's waiting backorder lines, kept by the statement
 *   triggers of 20261126T0400-delivery-line-counts (replaced here) in the same transaction as every
 *   change of a line.
 * - state 'b' in delivery_counts: the deliveries on the backorder tab, per type and part of the
 *   hierarchy, kept by its triggers (replaced here) like the other states. A delivery on the tab also
 *   counts in 'o' (open), as before.
 * - deliveries_backorder_list_idx: the tab in its default order.
 */
const BACKORDER_TAB = (d: string) =>
  `${d}deleted_at is null and not ${d}is_cancelled and ${d}completed_at is null and (${d}delivery_type_id = 7 or ${d}backorder_waiting_count > 0)`;

async function lineTriggers(db: Kysely<any>, withWaiting: boolean): Promise<void> {
  for (const event of ['insert', 'update', 'delete'] as const) {
    const columns = withWaiting
      ? 'delivery_id, checked_out_at, is_backorder'
      : 'delivery_id, checked_out_at, false as is_backorder';
    const changes = {
      insert: `select ${columns}, 1 as delta from new_rows`,
      delete: `select ${columns}, -1 as delta from old_rows`,
      update: `select ${columns}, -1 as delta from old_rows union all select ${columns}, 1 from new_rows`,
    }[event];
    const waiting = 'sum(r.delta) filter (where r.is_backorder and r.checked_out_at is null)';
    await sql`create or replace function ${sql.raw(`delivery_line_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        with changed as (
          select r.delivery_id, sum(r.delta)::int as lines, sum(r.delta) filter (where r.checked_out_at is not null)::int as checked_out,
                 ${sql.raw(waiting)}::int as waiting
          from (${sql.raw(changes)}) r
          group by r.delivery_id
          having sum(r.delta) <> 0 or coalesce(sum(r.delta) filter (where r.checked_out_at is not null), 0) <> 0
              or coalesce(${sql.raw(waiting)}, 0) <> 0
        ),
        locked as (select d.id from deliveries d where d.id in (select delivery_id from changed) order by d.id for no key update)
        update deliveries d set products_count = d.products_count + c.lines, checked_out_count = d.checked_out_count + coalesce(c.checked_out, 0)
          ${sql.raw(withWaiting ? ', backorder_waiting_count = d.backorder_waiting_count + coalesce(c.waiting, 0)' : '')}
        from changed c where d.id = c.delivery_id and d.id in (select id from locked);
        return null;
      end $$`.execute(db);
  }
  await sql`create or replace function delivery_line_counts_clear() returns trigger language plpgsql as $$
    begin
      update deliveries set products_count = 0, checked_out_count = 0 ${sql.raw(withWaiting ? ', backorder_waiting_count = 0' : '')}
      where products_count <> 0 or checked_out_count <> 0 ${sql.raw(withWaiting ? 'or backorder_waiting_count <> 0' : '')};
      return null;
    end $$`.execute(db);
}

/** The delivery_counts functions of 20261123T2300-delivery-counts, with or without the rows of state 'b'. */
async function countFunctions(db: Kysely<any>, withBackorders: boolean): Promise<void> {
  // The states a delivery counts in: its own ('o', 'f', 'c'; none when deleted) and 'b' while on the backorder tab.
  const states = (r: string) =>
    withBackorders
      ? `cross join lateral (values (delivery_count_state(${r}.deleted_at, ${r}.is_cancelled, ${r}.completed_at)),
         (case when ${BACKORDER_TAB(`${r}.`)} then 'b' end)) st(s)`
      : `cross join lateral (values (delivery_count_state(${r}.deleted_at, ${r}.is_cancelled, ${r}.completed_at))) st(s)`;
  const tracked = `deleted_at, is_cancelled, completed_at, delivery_type_id, client_id${withBackorders ? ', backorder_waiting_count' : ''}`;
  await sql`create or replace function delivery_counts_rebuild() returns void language sql as $$
      delete from delivery_counts;
      insert into delivery_counts (state, delivery_type_id, client_id, n)
      select s, t, a.id, count(*)::int
      from (select st.s, d.delivery_type_id t, c.id, c.parent_client_id p, pc.parent_client_id g
            from deliveries d ${sql.raw(states('d'))}
            join clients c on c.id = d.client_id left join clients pc on pc.id = c.parent_client_id) x
      cross join lateral (select distinct y from unnest(array[0, x.id, x.p, x.g]) y where y is not null) a(id)
      where s is not null
      group by s, t, a.id
    $$`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const changes = {
      insert: `select ${tracked}, 1 as delta from new_rows`,
      delete: `select ${tracked}, -1 as delta from old_rows`,
      update: `select ${tracked}, -1 as delta from old_rows union all select ${tracked}, 1 from new_rows`,
    }[event];
    await sql`create or replace function ${sql.raw(`delivery_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into delivery_counts (state, client_id, delivery_type_id, n)
        select x.s, a.id, x.delivery_type_id, sum(x.delta)::int
        from (select st.s, r.delivery_type_id, r.client_id, r.delta from (${sql.raw(changes)}) r ${sql.raw(states('r'))}) x
        join clients c on c.id = x.client_id left join clients p on p.id = c.parent_client_id
        cross join lateral (select distinct y from unnest(array[0, c.id, c.parent_client_id, p.parent_client_id]) y where y is not null) a(id)
        where x.s is not null
        group by x.s, a.id, x.delivery_type_id
        having sum(x.delta) <> 0
        order by x.s, a.id, x.delivery_type_id
        on conflict (state, client_id, delivery_type_id) do update set n = delivery_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column backorder_waiting_count integer not null default 0`.execute(db);
  await lineTriggers(db, true);
  await countFunctions(db, true);
  // Filled after the triggers are replaced, in the migration's transaction: no change is missed or counted twice.
  await sql`update deliveries d set backorder_waiting_count = x.n
    from (select delivery_id, count(*)::int as n from delivery_products where is_backorder and checked_out_at is null group by delivery_id) x
    where d.id = x.delivery_id`.execute(db);
  await sql`select delivery_counts_rebuild()`.execute(db);
  await sql`create index deliveries_backorder_list_idx on deliveries (created_at desc, id desc) where ${sql.raw(BACKORDER_TAB(''))}`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deliveries_backorder_list_idx`.execute(db);
  await countFunctions(db, false);
  await lineTriggers(db, false);
  await sql`alter table deliveries drop column backorder_waiting_count`.execute(db);
  await sql`select delivery_counts_rebuild()`.execute(db);
}
