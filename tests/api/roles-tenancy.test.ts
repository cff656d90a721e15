import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { hierarchyUsers } from '../support/hierarchy';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { hashPassword } from '../../server/lib/passwords';
import * as roleOwners from '../../server/db/migrations/20261126T1600-role-owners';
import { PROVIDER_CLIENT_ID } from '@domain/enums';
import type { Permission } from '@domain/permissions';

/** Issue 22 point 3: roles belong to a client; the provider's are templates for everyone. */
let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let other: ApiClient;
let resellerId: number;
let otherResellerId: number;

async function roleId(name: string, clientId = PROVIDER_CLIENT_ID): Promise<number> {
  return (
    await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow()
  ).id;
}
async function grant(role: string, rights: Permission[]) {
  const rows = await ctx.db.selectFrom('permissions').select('id').where('name', 'in', rights).execute();
  const id = await roleId(role);
  await ctx.db
    .insertInto('permission_role')
    .values(rows.map((r) => ({ role_id: id, permission_id: r.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
async function userId(email: string): Promise<number> {
  return (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
async function newUser(email: string, role: number, clientId: number): Promise<number> {
  const contact = await ctx.db
    .insertInto('contacts')
    .values({
      client_id: clientId,
      first_name: 'Test',
      last_name: email,
      phone: '0201234567',
      email,
      has_account: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await ctx.db
    .insertInto('users')
    .values({
      contact_id: contact.id,
      name: `Test ${email}`,
      email,
      password_hash: await hashPassword(DEMO_PASSWORD),
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('role_user').values({ user_id: user.id, role_id: role }).execute();
  return user.id;
}
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name).sort();
const roleRow = (id: number) =>
  ctx.db.selectFrom('roles').select(['name', 'description', 'client_id']).where('id', '=', id).executeTakeFirst();
const rightsOfRole = async (id: number) =>
  (
    await ctx.db
      .selectFrom('permission_role')
      .select('permission_id')
      .where('role_id', '=', id)
      .orderBy('permission_id')
      .execute()
  ).map((r) => r.permission_id);

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, reseller, klant, resellerId, otherResellerId } = await hierarchyUsers(ctx));
  await grant('Reseller', [
    'Rol bekijken',
    'Rol aanmaken',
    'Rol wijzigen',
    'Rol verwijderen',
    'Gebruiker bekijken',
    'Gebruiker wijzigen',
  ]);
  await grant('Eindklant', ['Rol bekijken', 'Rol wijzigen', 'Rol verwijderen']);
  await newUser('olga@andere-reseller.nl', await roleId('Reseller'), otherResellerId);
  other = await ctx.client().signIn('olga@andere-reseller.nl');
});
afterAll(() => ctx.close());

describe("another reseller's roles", () => {
  let planner: number;
  beforeAll(async () => {
    const made = await other.post('/api/roles', { name: 'Planner', description: 'Planning van de andere reseller' });
    expect(made.status).toBe(201);
    planner = made.body.data.id;
    expect((await other.post(`/api/roles/${planner}/permissions`, { permissions: ['Klant bekijken'] })).status).toBe(
      200,
    );
  });

  it('belong to the client that made them', async () => {
    expect((await roleRow(planner))?.client_id).toBe(otherResellerId);
  });

  it('are not listed, shown, changed, re-righted or deleted for a reseller: 404 as for an unknown role', async () => {
    const list = await reseller.get('/api/roles?per_page=200');
    expect(list.status).toBe(200);
    expect(names(list)).not.toContain('Planner');
    expect(names(list)).toEqual(['Eindklant', 'Magazijn', 'Reseller', 'Superuser']);
    expect((await reseller.get(`/api/roles/${planner}`)).status).toBe(404);
    expect((await reseller.put(`/api/roles/${planner}`, { name: 'Overgenomen', description: 'x' })).status).toBe(404);
    expect((await reseller.post(`/api/roles/${planner}/permissions`, { permissions: [] })).status).toBe(404);
    expect((await reseller.delete(`/api/roles/${planner}`)).status).toBe(404);
    expect(await roleRow(planner)).toEqual({
      name: 'Planner',
      description: 'Planning van de andere reseller',
      client_id: otherResellerId,
    });
    expect(await rightsOfRole(planner)).toHaveLength(1);
  });

  it('cannot be granted to a user of this reseller, and their names are free here', async () => {
    const rik = await userId('reseller@demo.local');
    const res = await reseller.put(`/api/users/${rik}`, {
      name: 'Rik Reseller',
      email: 'reseller@demo.local',
      role: [await roleId('Reseller'), planner],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ role: ['Kies een bestaande rol.'] });
    const own = await reseller.post('/api/roles', { name: 'Planner', description: 'Onze eigen planner' });
    expect(own.status).toBe(201);
    expect((await roleRow(own.body.data.id))?.client_id).toBe(resellerId);
  });

  it('are all seen and managed by the provider', async () => {
    const list = await admin.get('/api/roles?per_page=200');
    expect(names(list).filter((n) => n === 'Planner')).toHaveLength(2);
    expect(list.body.data.every((r: { editable: boolean }) => r.editable)).toBe(true);
    expect(
      (await admin.put(`/api/roles/${planner}`, { name: 'Planner', description: 'Door de leverancier bijgewerkt' }))
        .status,
    ).toBe(200);
  });

  it('are not granted by the provider to a user outside that reseller', async () => {
    const mark = await userId('magazijn@demo.local');
    const res = await admin.put(`/api/users/${mark}`, {
      name: 'Mark Magazijn',
      email: 'magazijn@demo.local',
      role: [await roleId('Magazijn'), planner],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ role: ['Kies een bestaande rol.'] });
  });
});

describe("the provider's roles are templates", () => {
  it('may be used by a reseller but not renamed, re-righted or deleted: 403 with the reason', async () => {
    const template = await roleId('Reseller');
    const before = await rightsOfRole(template);
    const rename = await reseller.put(`/api/roles/${template}`, {
      name: 'Reseller (van Rik)',
      description: 'Overgenomen',
    });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe(
      'Deze rol is een sjabloon van de leverancier: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
    );
    const rights = await reseller.post(`/api/roles/${template}/permissions`, { permissions: ['Klant bekijken'] });
    expect(rights.status).toBe(403);
    expect(rights.body.message).toBe(
      'Deze rol is een sjabloon van de leverancier: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
    );
    expect((await reseller.delete(`/api/roles/${template}`)).status).toBe(403);
    expect((await roleRow(template))?.name).toBe('Reseller');
    expect(await rightsOfRole(template)).toEqual(before);
  });

  it('show as not editable to a reseller, and its own roles as editable', async () => {
    const list = await reseller.get('/api/roles?per_page=200');
    const editable = Object.fromEntries(
      list.body.data.map((r: { name: string; editable: boolean }) => [r.name, r.editable]),
    );
    expect(editable).toMatchObject({
      Reseller: false,
      Magazijn: false,
      Superuser: false,
      Eindklant: false,
      Planner: true,
    });
    expect((await reseller.get(`/api/roles/${await roleId('Reseller')}`)).body.editable).toBe(false);
  });

  it('keep their names: a reseller cannot make a role named like a template', async () => {
    const res = await reseller.post('/api/roles', { name: 'reseller', description: 'Dubbel' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['Er bestaat al een rol met deze naam.'] });
    expect((await reseller.post('/api/roles', { name: 'SUPERUSER', description: 'Dubbel' })).status).toBe(422);
  });

  it('are still changed by the provider', async () => {
    const template = await roleId('Eindklant');
    const res = await admin.put(`/api/roles/${template}`, {
      name: 'Eindklant',
      description: 'Bijgewerkt door de leverancier',
    });
    expect(res.status).toBe(200);
  });
});

describe("a reseller's role within its own part of the hierarchy", () => {
  it('is granted to its end customer, seen there as a template from above and not changed there', async () => {
    const made = await reseller.post('/api/roles', { name: 'Klantbeheer', description: 'Voor eindklanten van Rik' });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    expect((await reseller.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken'] })).status).toBe(200);
    const karin = await userId('klant@demo.local');
    const eindklant = await roleId('Eindklant');
    expect(
      (
        await reseller.put(`/api/users/${karin}`, {
          name: 'Karin Klant',
          email: 'klant@demo.local',
          role: [eindklant, id],
        })
      ).status,
    ).toBe(200);

    const seen = await klant.get('/api/roles?per_page=200');
    expect(names(seen)).toEqual(['Eindklant', 'Klantbeheer', 'Magazijn', 'Planner', 'Reseller', 'Superuser']);
    const planners = seen.body.data.filter((r: { name: string }) => r.name === 'Planner');
    expect(await Promise.all(planners.map(async (r: { id: number }) => (await roleRow(r.id))?.client_id))).toEqual([
      resellerId,
    ]);
    const change = await klant.put(`/api/roles/${id}`, { name: 'Klantbeheer', description: 'Door Karin' });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe(
      'Deze rol is van een bovenliggende organisatie: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
    );
    expect((await other.get(`/api/roles/${id}`)).status).toBe(404);
  });
});

describe('migration 20261126T1600-role-owners', () => {
  let mctx: TestContext;
  beforeAll(async () => {
    mctx = await createTestContext();
  });
  afterAll(() => mctx.close());

  async function rightsPerUser(db: TestContext['db']) {
    const rows = await sql<{
      user_id: number;
      rights: string;
    }>`select ru.user_id, string_agg(distinct p.name, ',' order by p.name) as rights
      from role_user ru join permission_role pr on pr.role_id = ru.role_id join permissions p on p.id = pr.permission_id
      group by ru.user_id order by ru.user_id`.execute(db);
    return rows.rows;
  }

  it("gives existing roles to the provider, except one a reseller made (by its creation event) and only its own users hold; nobody's rights change", async () => {
    const { db } = mctx;
    await roleOwners.down(db);
    const users = new Map((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
    const userId = (email: string) => {
      const found = users.get(email);
      if (found === undefined) throw new Error(`No demo user ${email}`);
      return found;
    };
    const klantRight = (
      await db.selectFrom('permissions').select('id').where('name', '=', 'Klant bekijken').executeTakeFirstOrThrow()
    ).id;
    /** A role as the old code made it: the role and its creation event in one transaction (one now()). */
    const made = async (name: string, by: string | null, heldBy: string[]) =>
      db.transaction().execute(async (trx) => {
        const role = await trx
          .insertInto('roles')
          .values({ name, description: name })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (by)
          await trx
            .insertInto('events')
            .values({ action: `Rol ${name} aangemaakt`, user_id: userId(by) })
            .execute();
        await trx.insertInto('permission_role').values({ role_id: role.id, permission_id: klantRight }).execute();
        for (const email of heldBy)
          await trx
            .insertInto('role_user')
            .values({ role_id: role.id, user_id: userId(email) })
            .execute();
        return role.id as number;
      });
    const own = await made('Rik eigen rol', 'reseller@demo.local', ['klant@demo.local']);
    const renamed = await made('Rik oude naam', 'reseller@demo.local', []);
    await db.updateTable('roles').set({ name: 'Rik nieuwe naam' }).where('id', '=', renamed).execute();
    const shared = await made('Rik gedeeld', 'reseller@demo.local', ['magazijn@demo.local']);
    const byProvider = await made('Van de leverancier', 'beheerder@demo.local', ['reseller@demo.local']);
    const unknown = await made('Zonder gebeurtenis', null, []);
    const before = await rightsPerUser(db);

    await roleOwners.up(db);

    const owner = async (id: number) =>
      (await db.selectFrom('roles').select('client_id').where('id', '=', id).executeTakeFirstOrThrow()).client_id;
    const rik = (
      await db
        .selectFrom('contacts')
        .select('client_id')
        .where('email', '=', 'reseller@demo.local')
        .executeTakeFirstOrThrow()
    ).client_id;
    expect(rik).not.toBe(PROVIDER_CLIENT_ID);
    expect(await owner(own)).toBe(rik);
    expect(await owner(renamed)).toBe(rik);
    expect(await owner(shared)).toBe(PROVIDER_CLIENT_ID);
    expect(await owner(byProvider)).toBe(PROVIDER_CLIENT_ID);
    expect(await owner(unknown)).toBe(PROVIDER_CLIENT_ID);
    const seeded = await db
      .selectFrom('roles')
      .select(['name', 'client_id'])
      .where('name', 'in', ['Superuser', 'Magazijn', 'Reseller', 'Eindklant'])
      .execute();
    expect(seeded.every((r) => r.client_id === PROVIDER_CLIENT_ID)).toBe(true);
    expect(await rightsPerUser(db)).toEqual(before);
    // A second role named Superuser is refused by the database itself.
    await expect(
      db.insertInto('roles').values({ name: 'superuser', description: 'x', client_id: rik }).execute(),
    ).rejects.toThrow();
  });
});
