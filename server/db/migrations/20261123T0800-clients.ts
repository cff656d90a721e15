import { sql, type Kysely } from 'kysely';

/** Fixed monthly amounts of a customer ('Vaste bedragen', spec 1 §2.9), in cents. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('monthly_payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('monthly_payments_client_idx').on('monthly_payments').column('client_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('monthly_payments').ifExists().execute();
}
