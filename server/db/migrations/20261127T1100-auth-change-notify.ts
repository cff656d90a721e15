import { sql, type Kysely } from 'kysely';

/**
 * A notification on channel `portal_auth` whenever what a session's request is allowed to do may have
 * changed (server/db/auth-changes.ts, server/http/session-cache.ts): 'session:<id>' when a session row
 * ends or changes (also its last_seen_at touch, once a minute), 'all' when a user, contact, client type, role, right or
 * role membership changes. PostgreSQL sends it at commit, to every listening connection of every
 * process; a rolled-back change sends nothing.
 */
const EVERY_SESSION = [
  ['users', 'update of contact_id, name, email, otp_enabled, deleted_at or delete'],
  ['contacts', 'update of client_id or delete'],
  ['clients', 'update of client_type_id or delete'],
  ['roles', 'update of name or delete'],
  ['permissions', 'insert or update or delete'],
  ['role_user', 'insert or update or delete'],
  ['permission_role', 'insert or update or delete'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function notify_auth_all() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_auth', 'all');
      return null;
    end $$`.execute(db);
  await sql`create function notify_auth_session() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_auth', 'session:' || old.id);
      return null;
    end $$`.execute(db);
  for (const [table, events] of EVERY_SESSION) {
    await sql`create trigger ${sql.raw(`${table}_auth_notify`)} after ${sql.raw(events)} on ${sql.table(table)}
      for each statement execute function notify_auth_all()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_auth_notify_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function notify_auth_all()`.execute(db);
  }
  await sql`create trigger sessions_auth_notify after update or delete
    on sessions for each row execute function notify_auth_session()`.execute(db);
  await sql`create trigger sessions_auth_notify_truncate after truncate on sessions
    for each statement execute function notify_auth_all()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists sessions_auth_notify_truncate on sessions`.execute(db);
  await sql`drop trigger if exists sessions_auth_notify on sessions`.execute(db);
  for (const [table] of EVERY_SESSION) {
    await sql`drop trigger if exists ${sql.raw(`${table}_auth_notify_truncate`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_auth_notify`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists notify_auth_session()`.execute(db);
  await sql`drop function if exists notify_auth_all()`.execute(db);
}
