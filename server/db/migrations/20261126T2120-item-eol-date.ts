import { sql, type Kysely } from 'kysely';

/**
 * An item's EOL day on the item (issue 24): its purchase date plus its product's EOL months
 * (`(date_in_use + make_interval(months => eol))::date`, which clamps to the month's last day as
 * domain/eol.ts does), null without either. The EOL overview computed it per item over every item
 * and product: 1 req/s at 1,000,000 items. With the day stored, the overview reads the range of
 * items_eol_date_idx up to its horizon.
 *
 * Kept exact in the same transaction as every change it depends on: a row trigger on items when one
 * is written or its purchase date or product changes, and one on products when its EOL months change
 * (one update of that product's items). The item's trigger reads the product FOR KEY SHARE and the
 * product's trigger locks it FOR UPDATE before it updates the items: an item written while the
 * product's EOL months change waits for that change, or that change waits for the item and then
 * updates it too.
 */
const EOL_DAY = (dateInUse: string, eol: string) => `(${dateInUse} + make_interval(months => ${eol}))::date`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table items add column eol_date date`.execute(db);
  await sql`create function item_eol_date() returns trigger language plpgsql as $$
    begin
      if new.date_in_use is null then
        new.eol_date := null;
      else
        select ${sql.raw(EOL_DAY('new.date_in_use', 'p.eol'))} into new.eol_date from products p where p.id = new.product_id for key share of p;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger items_eol_date_insert before insert on items for each row execute function item_eol_date()`.execute(
    db,
  );
  await sql`create trigger items_eol_date_update before update of date_in_use, product_id on items for each row
    when (old.date_in_use is distinct from new.date_in_use or old.product_id is distinct from new.product_id)
    execute function item_eol_date()`.execute(db);
  await sql`create function product_eol_changed() returns trigger language plpgsql as $$
    begin
      perform 1 from products where id = new.id for update;
      update items set eol_date = ${sql.raw(EOL_DAY('date_in_use', 'new.eol'))}
      where product_id = new.id and date_in_use is not null and eol_date is distinct from ${sql.raw(EOL_DAY('date_in_use', 'new.eol'))};
      return null;
    end $$`.execute(db);
  await sql`create trigger products_eol_date after update of eol on products for each row
    when (old.eol is distinct from new.eol) execute function product_eol_changed()`.execute(db);
  // Filled after the triggers exist, in the migration's transaction: no change is missed.
  await sql`update items i set eol_date = ${sql.raw(EOL_DAY('i.date_in_use', 'p.eol'))}
    from products p where p.id = i.product_id and i.date_in_use is not null and p.eol is not null`.execute(db);
  // The overview's items (query.ts eolItemWhere): live, with an EOL day, not EOL or lost already (statuses 6 and 13);
  // product and holder in the index, so the count per product reads the index alone.
  await sql`create index items_eol_date_idx on items (eol_date, product_id) include (client_id)
    where deleted_at is null and eol_date is not null and date_in_use is not null and status_id not in (6, 13)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists items_eol_date_idx`.execute(db);
  await sql`drop trigger if exists products_eol_date on products`.execute(db);
  await sql`drop function if exists product_eol_changed()`.execute(db);
  await sql`drop trigger if exists items_eol_date_update on items`.execute(db);
  await sql`drop trigger if exists items_eol_date_insert on items`.execute(db);
  await sql`drop function if exists item_eol_date()`.execute(db);
  await sql`alter table items drop column eol_date`.execute(db);
}
