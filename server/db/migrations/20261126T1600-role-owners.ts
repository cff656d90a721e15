import { sql, type Kysely } from 'kysely';

/** The provider's client id (domain/enums PROVIDER_CLIENT_ID), fixed here as it was when this ran. */
const PROVIDER = 1;

/**
 * Roles belong to a client (issue 22 point 3): the provider's roles are templates every client may
 * grant; a reseller's or end customer's roles are seen and changed only in its own part of the
 * hierarchy (server/modules/roles/ownership.ts).
 *
 * Existing roles become the provider's, except a role whose creation event (recorded in the same
 * transaction, so with the role's own created_at) was written by a user of another client, and that
 * no active user outside that client's part of the hierarchy holds: that one stays its maker's.
 * Nobody's rights change: rights come from role_user, which this does not touch.
 *
 * Names are unique per client; no client may have a second role named Superuser (access.ts knows the
 * Superuser by its role's name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .execute();
  await sql`
    with makers as (
      select distinct on (r.id) r.id as role_id, c.client_id
      from roles r
      join events e on e.created_at = r.created_at and e.action like 'Rol % aangemaakt' and e.user_id is not null
      join users u on u.id = e.user_id
      join contacts c on c.id = u.contact_id
      where c.client_id <> ${PROVIDER}
      order by r.id, e.id
    )
    update roles r set client_id = m.client_id
    from makers m
    where r.id = m.role_id
      and not exists (
        select 1 from role_user ru
        join users hu on hu.id = ru.user_id and hu.deleted_at is null
        join contacts hc on hc.id = hu.contact_id
        join clients h on h.id = hc.client_id
        left join clients hp on hp.id = h.parent_client_id
        where ru.role_id = r.id
          and m.client_id not in (h.id, coalesce(h.parent_client_id, 0), coalesce(hp.parent_client_id, 0))
      )`.execute(db);
  await sql`update roles set client_id = ${PROVIDER} where client_id is null`.execute(db);
  await sql`alter table roles alter column client_id set not null, alter column client_id set default ${sql.lit(PROVIDER)}`.execute(
    db,
  );
  await sql`alter table roles drop constraint roles_name_key`.execute(db);
  await sql`create unique index roles_client_name_key on roles (client_id, lower(name))`.execute(db);
  await sql`create unique index roles_superuser_name_key on roles ((lower(name))) where lower(name) = 'superuser'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index roles_superuser_name_key`.execute(db);
  await sql`drop index roles_client_name_key`.execute(db);
  await sql`alter table roles add constraint roles_name_key unique (name)`.execute(db);
  await db.schema.alterTable('roles').dropColumn('client_id').execute();
}
