import { sql, type Kysely } from 'kysely';

/**
 * A delivery's number of lines and of lines checked out, on the delivery itself (issue 13): the
 * delivery lists show both ('Voorraad' and the check-out progress) and sort on the first. Counting
 * them per row was more than half of the PostgreSQL time of a list page (25 index lookups into
 * delivery_products, 0.28 of 0.52 ms).
 *
 * Statement triggers on delivery_products keep both exact in the same transaction as every change of
 * a line: the changed lines' +1 and -1 summed per delivery, applied to the deliveries in key order
 * (locked first in that order, so two transactions lock shared deliveries in one order). A line that
 * moves to another delivery counts out of the one and into the other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column products_count integer not null default 0,
    add column checked_out_count integer not null default 0`.execute(db);
  const track = async (event: 'insert' | 'update' | 'delete') => {
    const changes = {
      insert: 'select delivery_id, checked_out_at, 1 as delta from new_rows',
      delete: 'select delivery_id, checked_out_at, -1 as delta from old_rows',
      update: `select delivery_id, checked_out_at, -1 as delta from old_rows
               union all select delivery_id, checked_out_at, 1 from new_rows`,
    }[event];
    await sql`create function ${sql.raw(`delivery_line_counts_${event}`)}() returns trigger language plpgsql as $$
      begin
        with changed as (
          select r.delivery_id, sum(r.delta)::int as lines, sum(r.delta) filter (where r.checked_out_at is not null)::int as checked_out
          from (${sql.raw(changes)}) r
          group by r.delivery_id
          having sum(r.delta) <> 0 or coalesce(sum(r.delta) filter (where r.checked_out_at is not null), 0) <> 0
        ),
        locked as (select d.id from deliveries d where d.id in (select delivery_id from changed) order by d.id for no key update)
        update deliveries d set products_count = d.products_count + c.lines, checked_out_count = d.checked_out_count + coalesce(c.checked_out, 0)
        from changed c where d.id = c.delivery_id and d.id in (select id from locked);
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`delivery_products_count_${event}`)} after ${sql.raw(event)} on delivery_products
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`delivery_line_counts_${event}`)}()`.execute(
      db,
    );
  };
  for (const event of ['insert', 'update', 'delete'] as const) await track(event);
  await sql`create function delivery_line_counts_clear() returns trigger language plpgsql as $$
    begin
      update deliveries set products_count = 0, checked_out_count = 0 where products_count <> 0 or checked_out_count <> 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger delivery_products_count_truncate after truncate on delivery_products
    for each statement execute function delivery_line_counts_clear()`.execute(db);
  // Filled after the triggers exist, in the same transaction as the migration: no change is missed or counted twice.
  await sql`update deliveries d set products_count = x.lines, checked_out_count = x.checked_out
    from (select delivery_id, count(*)::int as lines, count(checked_out_at)::int as checked_out from delivery_products group by delivery_id) x
    where d.id = x.delivery_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists delivery_products_count_truncate on delivery_products`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`delivery_products_count_${event}`)} on delivery_products`.execute(db);
    await sql`drop function if exists ${sql.raw(`delivery_line_counts_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists delivery_line_counts_clear()`.execute(db);
  await sql`alter table deliveries drop column if exists products_count, drop column if exists checked_out_count`.execute(
    db,
  );
}
