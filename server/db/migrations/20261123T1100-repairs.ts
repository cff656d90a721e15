import { sql, type Kysely } from 'kysely';

/**
 * Repairs (issue 11): the repair status of a REPARATIE delivery, the quotation decision, and the
 * repair's files (images and the one quotation PDF).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('deliveries')
    .addColumn('repair_status_id', 'integer')
    .addColumn('status_quotation', 'text', (c) => c.check(sql`status_quotation in ('Accept', 'Decline')`))
    .execute();
  await db.schema
    .createTable('repair_media')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('disk', 'text', (c) => c.notNull().check(sql`disk in ('images', 'quotations')`))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('repair_media_delivery_idx')
    .on('repair_media')
    .columns(['delivery_id', 'disk', 'id'])
    .execute();
  // One quotation per repair, also when two uploads race.
  await sql`create unique index repair_media_one_quotation on repair_media (delivery_id) where disk = 'quotations'`.execute(
    db,
  );
  await sql`create index deliveries_repairs_idx on deliveries (created_at desc, id desc) where delivery_type_id = 1 and deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deliveries_repairs_idx`.execute(db);
  await db.schema.dropTable('repair_media').ifExists().execute();
  await db.schema.alterTable('deliveries').dropColumn('status_quotation').dropColumn('repair_status_id').execute();
}
