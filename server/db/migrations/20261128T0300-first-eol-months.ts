import { sql, type Kysely } from 'kysely';

/**
 * The provider's EOL overview's total without reading every product on it (issue 24).
 * `first_eol_months` holds per calendar month how many rows of product_first_eol have their earliest
 * EOL day in it. The total of the overview is then the months before the horizon's month summed
 * (a few hundred rows at most) plus the products whose day falls in the horizon's month up to the
 * horizon (product_first_eol_day_idx), instead of counting 3,047 index entries at bench volume
 * (0.33 ms of the statement's 0.69).
 *
 * Statement triggers on product_first_eol keep it exact in the same transaction, as item_counts does
 * for items (20261124T0500): the changed rows' +1 and -1 summed per month, only the months whose sum
 * changed written, in month order. product_first_eol's own triggers rewrite a product's day on every
 * change of its counted items; a day that stays in its month writes nothing here and locks nothing.
 * A month whose count drops to 0 is kept.
 */
const month = (column: string) => `date_trunc('month', ${column}::timestamp)::date`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table first_eol_months (month date primary key, n integer not null)`.execute(db);
  const changes = {
    insert: `select ${month('first_eol_date')} as month, 1 as delta from new_rows where first_eol_date is not null`,
    delete: `select ${month('first_eol_date')} as month, -1 as delta from old_rows where first_eol_date is not null`,
    update: `select ${month('first_eol_date')} as month, -1 as delta from old_rows where first_eol_date is not null
             union all select ${month('first_eol_date')}, 1 from new_rows where first_eol_date is not null`,
  };
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql`create function ${sql.raw(`first_eol_months_${event}`)}() returns trigger language plpgsql as $$
      begin
        insert into first_eol_months (month, n)
        select month, sum(delta)::int from (${sql.raw(changes[event])}) r
        group by month
        having sum(delta) <> 0
        order by month
        on conflict (month) do update set n = first_eol_months.n + excluded.n;
        return null;
      end $$`.execute(db);
    const referencing = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    }[event];
    await sql`create trigger ${sql.raw(`product_first_eol_months_${event}`)} after ${sql.raw(event)} on product_first_eol
      referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(`first_eol_months_${event}`)}()`.execute(
      db,
    );
  }
  await sql`create function first_eol_months_clear() returns trigger language plpgsql as $$
    begin
      delete from first_eol_months;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_first_eol_months_truncate after truncate on product_first_eol
    for each statement execute function first_eol_months_clear()`.execute(db);
  // Filled after the triggers exist, in the migration's transaction: no change is missed or counted twice.
  await sql`insert into first_eol_months (month, n)
    select ${sql.raw(month('first_eol_date'))}, count(*)::int from product_first_eol where first_eol_date is not null group by 1`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists product_first_eol_months_truncate on product_first_eol`.execute(db);
  await sql`drop function if exists first_eol_months_clear()`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`product_first_eol_months_${event}`)} on product_first_eol`.execute(db);
    await sql`drop function if exists ${sql.raw(`first_eol_months_${event}`)}()`.execute(db);
  }
  await sql`drop table if exists first_eol_months`.execute(db);
}
