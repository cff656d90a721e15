/**
 * Sessions are cached between requests (server/http/session-cache.ts): whatever changes a session,
 * its user or its rights in the database counts from the next request on in this process, also when
 * it is written with SQL by something other than the API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { quietFor } from '../support/within';

let ctx: TestContext;
let magazijn: ApiClient;
let magazijnId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  magazijnId = (
    await ctx.db.selectFrom('users').select('id').where('email', '=', 'magazijn@demo.local').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());

const permissions = async (client: ApiClient) => (await client.get('/api/auth/me')).body.permissions as string[];
const grantStock = () =>
  sql`insert into permission_role (permission_id, role_id)
  select p.id, r.id from permissions p, roles r where p.name = 'Voorraad bekijken' and r.name = 'Magazijn' on conflict do nothing`.execute(
    ctx.db,
  );
const revokeStock = () =>
  sql`delete from permission_role where role_id = (select id from roles where name = 'Magazijn')
  and permission_id = (select id from permissions where name = 'Voorraad bekijken')`.execute(ctx.db);

describe('the session cache', () => {
  beforeAll(async () => {
    // The cache serves only once the app hears the database's changes (on PostgreSQL a connection of its own).
    await ctx.authChanges.ready();
    magazijn = await ctx.client().signIn('magazijn@demo.local');
  });
  // A test that failed half-way leaves the warehouse role its right, so the next one starts as they all do.
  afterEach(() => grantStock());

  it('answers from memory: a change the database does not announce is not seen until one that is', async () => {
    // Each listening connection delivers the sign-in's own notifications; one arriving late would drop the entry cached
    // below.
    await quietFor(ctx.authChanges);
    expect((await magazijn.get('/api/products')).status).toBe(200);
    await sql`alter table permission_role disable trigger permission_role_auth_notify`.execute(ctx.db);
    try {
      await revokeStock();
      // /api/auth/me reads the rights it shows itself; the access check used the cached ones.
      expect(await permissions(magazijn)).not.toContain('Voorraad bekijken');
      expect((await magazijn.get('/api/products')).status).toBe(200);
    } finally {
      await sql`alter table permission_role enable trigger permission_role_auth_notify`.execute(ctx.db);
    }
    // Any announced change (here a role renamed to itself) drops every cached session.
    await sql`update roles set name = name where false`.execute(ctx.db);
    expect((await magazijn.get('/api/products')).status).toBe(403);
    await grantStock();
    expect((await magazijn.get('/api/products')).status).toBe(200);
  });

  it('a right taken from a role with SQL counts from the next request on', async () => {
    expect((await magazijn.get('/api/products')).status).toBe(200);
    await revokeStock();
    expect((await magazijn.get('/api/products')).status).toBe(403);
    await grantStock();
    expect((await magazijn.get('/api/products')).status).toBe(200);
  });

  it('a role taken from the user in a transaction counts once it commits, not when it rolls back', async () => {
    expect((await magazijn.get('/api/products')).status).toBe(200);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('role_user').where('user_id', '=', magazijnId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await magazijn.get('/api/products')).status).toBe(200);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_user').where('user_id', '=', magazijnId).execute();
    });
    expect((await magazijn.get('/api/products')).status).toBe(403);
    expect(await permissions(magazijn)).toEqual([]);
    await sql`insert into role_user (role_id, user_id) select id, ${magazijnId} from roles where name = 'Magazijn'`.execute(
      ctx.db,
    );
    expect((await magazijn.get('/api/products')).status).toBe(200);
  });

  it('a user deleted, a session ended or expired with SQL: the next request is signed out', async () => {
    const other = await ctx.client().signIn('magazijn@demo.local');
    expect((await other.get('/api/auth/me')).status).toBe(200);
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${magazijnId}`.execute(
      ctx.db,
    );
    expect((await other.get('/api/auth/me')).status).toBe(401);
    expect((await magazijn.get('/api/auth/me')).status).toBe(401);

    magazijn = await ctx.client().signIn('magazijn@demo.local');
    expect((await magazijn.get('/api/auth/me')).status).toBe(200);
    await sql`delete from sessions where user_id = ${magazijnId}`.execute(ctx.db);
    expect((await magazijn.get('/api/auth/me')).status).toBe(401);

    magazijn = await ctx.client().signIn('magazijn@demo.local');
    expect((await magazijn.get('/api/auth/me')).status).toBe(200);
    await sql`update users set deleted_at = now() where id = ${magazijnId}`.execute(ctx.db);
    expect((await magazijn.get('/api/auth/me')).status).toBe(401);
  });
});
