import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_type_id', 'integer', (c) => c.notNull().check(sql`client_type_id between 1 and 4`))
    .addColumn('parent_client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('image', 'text')
    .addColumn('invoice_description', 'text')
    .addColumn('invoice_reference', 'text')
    .addColumn('primary_contact_id', 'integer')
    .addColumn('delivery_by_postnl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('clients_parent_idx').on('clients').column('parent_client_id').execute();
  await db.schema.createIndex('clients_type_idx').on('clients').columns(['client_type_id', 'name']).execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('has_account', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('contacts_client_idx').on('contacts').column('client_id').execute();

  await db.schema
    .createTable('contact_reseller_end_client')
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('endclient_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contact_reseller_end_client_pk', ['contact_id', 'endclient_id'])
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('name', 'text')
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('addition', 'text')
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('Nederland'))
    .addColumn('is_visiting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('addresses_client_idx').on('addresses').columns(['client_id', 'created_at']).execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('otp_secret', 'text')
    .addColumn('otp_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('otp_last_step', 'bigint')
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index users_email_unique on users (lower(email)) where deleted_at is null`.execute(db);
  await db.schema.createIndex('users_contact_idx').on('users').column('contact_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('role_user')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_user_pk', ['role_id', 'user_id'])
    .execute();
  await db.schema.createIndex('role_user_user_idx').on('role_user').column('user_id').execute();
  await db.schema
    .createTable('permission_role')
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('permission_role_pk', ['permission_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('otp_authorized', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_otp_secret', 'text')
    .addColumn('xsrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer')
    .addColumn('item_id', 'integer')
    .addColumn('delivery_id', 'integer')
    .addColumn('product_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('status_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_client_idx').on('events').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('events_item_idx').on('events').columns(['item_id', 'created_at']).execute();
  await db.schema.createIndex('events_delivery_idx').on('events').columns(['delivery_id', 'created_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rate_limits',
    'idempotency_keys',
    'events',
    'auth_tokens',
    'sessions',
    'permission_role',
    'role_user',
    'permissions',
    'roles',
    'users',
    'addresses',
    'contact_reseller_end_client',
    'contacts',
    'clients',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
