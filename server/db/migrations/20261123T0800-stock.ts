import { sql, type Kysely } from 'kysely';

/** Stock (product groups, products, projects, items, bundles), pre-notifications and the delivery lines they feed. */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = (name: string) => (t: any) =>
    t.addColumn(name, 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`));

  await db.schema
    .createTable('product_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await ts('updated_at')(
    ts('created_at')(
      db.schema
        .createTable('products')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('product_group_id', 'integer', (c) => c.notNull().references('product_groups.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('article_number', 'text', (c) => c.notNull())
        .addColumn('unique_product_id', 'text', (c) => c.notNull())
        .addColumn('eol', 'integer')
        .addColumn('image', 'text')
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    ),
  )
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('products_client_idx').on('products').columns(['client_id', 'name']).execute();
  await db.schema.createIndex('products_article_idx').on('products').column('article_number').execute();
  await sql`create unique index products_unique_id on products (client_id, lower(unique_product_id)) where deleted_at is null`.execute(
    db,
  );

  await ts('created_at')(
    db.schema
      .createTable('projects')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
      .addColumn('number', 'text', (c) => c.notNull()),
  ).execute();
  await sql`create unique index projects_number on projects (client_id, number)`.execute(db);

  await ts('updated_at')(
    ts('created_at')(
      db.schema
        .createTable('asns')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('project_id', 'integer', (c) => c.references('projects.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('w_number', 'text')
        .addColumn('expected', 'date')
        .addColumn('partial_delivery', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('start_date_contract', 'date')
        .addColumn('end_date_contract', 'date')
        .addColumn('daas', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('stock_owner', 'text', (c) =>
          c.notNull().check(sql`stock_owner in ('Eindklant', 'Reseller', 'Operational lease')`),
        )
        .addColumn('comment', 'text')
        .addColumn('completed_at', 'timestamptz'),
    ),
  )
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('asns_client_idx').on('asns').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('asns_open_idx').on('asns').columns(['completed_at', 'created_at']).execute();

  await db.schema
    .createTable('asn_products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asn_id', 'integer', (c) => c.notNull().references('asns.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('expected', 'integer', (c) => c.notNull().check(sql`expected > 0`))
    .addColumn('arrived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daas', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stock_owner', 'text')
    .execute();
  await db.schema.createIndex('asn_products_asn_idx').on('asn_products').column('asn_id').execute();

  await ts('updated_at')(
    ts('created_at')(
      db.schema
        .createTable('items')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('project_id', 'integer', (c) => c.references('projects.id'))
        .addColumn('asn_id', 'integer', (c) => c.references('asns.id'))
        .addColumn('status_id', 'integer', (c) => c.notNull())
        .addColumn('serial', 'text')
        .addColumn('order_number', 'text')
        .addColumn('tag_number', 'text')
        .addColumn('mac_address', 'text')
        .addColumn('date_in_use', 'date')
        .addColumn('shipping_date', 'date')
        .addColumn('start_date_contract', 'date')
        .addColumn('end_date_contract', 'date')
        .addColumn('daas', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('stock_owner', 'text')
        .addColumn('address', 'text')
        .addColumn('description', 'text'),
    ),
  )
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // A serial exists once among live items; this is what makes a replayed or concurrent check-in safe.
  await sql`create unique index items_serial_unique on items (upper(serial)) where serial is not null and deleted_at is null`.execute(
    db,
  );
  await db.schema.createIndex('items_product_status_idx').on('items').columns(['product_id', 'status_id']).execute();
  await db.schema.createIndex('items_client_idx').on('items').columns(['client_id', 'status_id']).execute();
  await db.schema.createIndex('items_asn_idx').on('items').column('asn_id').execute();

  await ts('created_at')(
    db.schema
      .createTable('bundles')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
      .addColumn('name', 'text', (c) => c.notNull()),
  )
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('bundle_product')
    .addColumn('bundle_id', 'integer', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bundle_product_pk', ['bundle_id', 'product_id'])
    .execute();

  await ts('updated_at')(
    ts('created_at')(
      db.schema
        .createTable('deliveries')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('delivery_type_id', 'integer', (c) => c.notNull().check(sql`delivery_type_id between 1 and 8`))
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('project_id', 'integer', (c) => c.references('projects.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('carrier_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('order_number', 'text')
        .addColumn('your_reference', 'text')
        .addColumn('w_number', 'text')
        .addColumn('date', 'date')
        .addColumn('contact', 'text')
        .addColumn('contact_email', 'text')
        .addColumn('contact_phone', 'text')
        .addColumn('address', 'text')
        .addColumn('description', 'text')
        .addColumn('comment', 'text')
        .addColumn('is_cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('completed_at', 'timestamptz'),
    ),
  )
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deliveries_client_idx').on('deliveries').columns(['client_id', 'created_at']).execute();
  await db.schema
    .createTable('delivery_products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id'))
    .addColumn('is_pickup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_out_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('delivery_products_delivery_idx').on('delivery_products').column('delivery_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'delivery_products',
    'deliveries',
    'bundle_product',
    'bundles',
    'items',
    'asn_products',
    'asns',
    'projects',
    'products',
    'product_groups',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
