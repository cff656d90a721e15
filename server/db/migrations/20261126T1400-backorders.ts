import { sql, type Kysely } from 'kysely';

/**
 * A backorder is a delivery of its own (type 7, issue 21): what was not delivered or picked up at a
 * finish, delivered like any delivery (check-out, finish, signature). It points at the delivery it
 * came from, which keeps its lines not delivered as the record of its Backorder section.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deliveries add column backorder_of_id integer references deliveries(id)`.execute(db);
  await sql`create index deliveries_backorder_of_idx on deliveries (backorder_of_id) where backorder_of_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deliveries_backorder_of_idx`.execute(db);
  await sql`alter table deliveries drop column backorder_of_id`.execute(db);
}
