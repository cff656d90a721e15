import { sql, type Kysely } from 'kysely';

/**
 * Deliveries of all eight types (issue 9): carriers, the fields of spec 2 §3 Delivery that the stock
 * tables did not have yet (bulk upload, repair fields, signature), backorder lines, and the indexes
 * the four lists and the open-quantity look-up need.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('carriers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('carriers')
    .values([
      { id: 1, name: 'Reuzado' },
      { id: 2, name: 'PostNL' },
      { id: 3, name: 'Overig' },
    ])
    .execute();

  await db.schema
    .alterTable('deliveries')
    .addColumn('file', 'text')
    .addColumn('file_name', 'text')
    .addColumn('date_quotation', 'timestamptz')
    .addColumn('finished_repair', 'timestamptz')
    .addColumn('repair_description', 'text')
    .addColumn('signature_file', 'text')
    .addColumn('signer_name', 'text')
    .addColumn('signed_at', 'timestamptz')
    .execute();
  await sql`alter table deliveries add constraint deliveries_carrier_fk foreign key (carrier_id) references carriers (id)`.execute(
    db,
  );

  await db.schema
    .alterTable('delivery_products')
    .addColumn('is_backorder', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // The lists: open, finished and cancelled deliveries newest first; the type filter.
  await sql`create index deliveries_open_idx on deliveries (created_at desc, id desc) where deleted_at is null and not is_cancelled and completed_at is null`.execute(
    db,
  );
  await sql`create index deliveries_finished_idx on deliveries (completed_at desc, id desc) where deleted_at is null and not is_cancelled and completed_at is not null`.execute(
    db,
  );
  await sql`create index deliveries_cancelled_idx on deliveries (updated_at desc, id desc) where deleted_at is null and is_cancelled`.execute(
    db,
  );
  await db.schema
    .createIndex('deliveries_type_idx')
    .on('deliveries')
    .columns(['delivery_type_id', 'created_at'])
    .execute();
  // Open lines per product ('already on order') and an item's open delivery lines.
  await sql`create index delivery_products_open_product_idx on delivery_products (product_id) where checked_out_at is null`.execute(
    db,
  );
  await db.schema.createIndex('delivery_products_item_idx').on('delivery_products').column('item_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'delivery_products_item_idx',
    'delivery_products_open_product_idx',
    'deliveries_type_idx',
    'deliveries_cancelled_idx',
    'deliveries_finished_idx',
    'deliveries_open_idx',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await db.schema.alterTable('delivery_products').dropColumn('is_backorder').execute();
  await sql`alter table deliveries drop constraint if exists deliveries_carrier_fk`.execute(db);
  for (const column of [
    'signed_at',
    'signer_name',
    'signature_file',
    'repair_description',
    'finished_repair',
    'date_quotation',
    'file_name',
    'file',
  ]) {
    await db.schema.alterTable('deliveries').dropColumn(column).execute();
  }
  await db.schema.dropTable('carriers').ifExists().execute();
}
