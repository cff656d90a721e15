/**
 * Rights and the customer hierarchy on every API route (issue 3). The routes come from the app
 * itself (`app.apiRoutes`), so a route another area adds later is checked without editing this file;
 * a new public or pre-2FA route, or a new detail route, makes this test fail until it is listed here.
 */
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import { answerRecorder } from '../support/declared-answers';
import type { ApiClient } from '../support/client';
import { registerAccessControl } from '../../server/http/access';
import { hashPassword } from '../../server/lib/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { allPermissions } from '@domain/permissions';
import type { ApiRoute } from '../../server/app';

/** Routes anyone may call without a session, and why. */
const publicRoutes: Record<string, string> = {
  'GET /api/auth/token': 'hands out the anti-forgery token a browser needs before it can sign in',
  'POST /api/auth/login': 'the password step of signing in',
  'POST /api/auth/logout': 'ends whatever session the browser has; without one it does nothing',
  'POST /api/auth/authorized': 'tells the app whether this browser is signed in; answers false without a session',
  'POST /api/auth/activate': 'the activation link of an invitation: the single-use token is the credential',
  'POST /api/auth/resend': 'sends a new activation mail to a not yet activated account; rate-limited, reveals nothing',
  'POST /api/auth/password-recover': 'forgot password: mails a reset link to the account owner',
  'POST /api/auth/password-reset': 'the reset link: the single-use token is the credential',
  'GET /api/openapi.json': 'the description of the API, public like the paths of the spec; it holds no data',
  'GET /api/docs': 'the readable page of that description (Swagger UI)',
  'GET /api/docs/static/index.html': "the docs viewer's redirect to its page",
  'GET /api/docs/static/swagger-initializer.js': "the docs viewer's start script",
  'GET /api/docs/static/*': "the docs viewer's own script and style files",
  'GET /api/docs/json': "the docs viewer's copy of /api/openapi.json",
  'GET /api/docs/yaml': 'the same description as YAML',
};

/** Routes a user may call after the password but before two-step verification, and why. */
const preTwoFactorRoutes: Record<string, string> = {
  'GET /api/auth/me': 'the app routes a half signed-in user to the 2FA step; shows only the own name and rights',
  'POST /api/auth/restore': 'the same answer as /auth/me after a reload',
  'GET /api/auth/google2fa/qrcode': 'the set-up step of 2FA',
  'POST /api/auth/google2fa/verify': 'the code step of 2FA',
  'POST /api/auth/google2fa/enable': 'finishing the 2FA set-up',
};

const key = (r: ApiRoute) => `${r.method} ${r.url}`;
const isMutating = (r: ApiRoute) => r.method !== 'GET';
/** Every path parameter filled with an id that exists (client 1, the provider, exists everywhere). */
const fillParams = (url: string, values: Record<string, string | number> = {}) =>
  url.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? 1));

let ctx: TestContext;
let routes: ApiRoute[];
let admin: ApiClient;
let reseller: ApiClient;
let resellerClientId: number;
let otherResellerId: number;
/** The other reseller's subtree: its own client, its end customers and their end users. */
let otherTenant: number[];
let otherUserId: number;
let otherContactId: number;

async function signInNewUser(email: string, roleId: number, clientId = 1): Promise<ApiClient> {
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
  await ctx.db.insertInto('role_user').values({ user_id: user.id, role_id: roleId }).execute();
  return ctx.client().signIn(email);
}

const answers = answerRecorder();

beforeAll(async () => {
  ctx = await createTestContext({ onAnswer: answers.onAnswer });
  routes = ctx.app.apiRoutes;
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  otherResellerId = (await admin.get('/api/getallresellers')).body.find(
    (r: { id: number }) => r.id !== resellerClientId,
  ).id;
  otherTenant = (
    await sql<{ id: number }>`select id from clients where id = ${otherResellerId}
      or parent_client_id = ${otherResellerId}
      or parent_client_id in (select id from clients where parent_client_id = ${otherResellerId})`.execute(ctx.db)
  ).rows.map((r) => r.id);
  // A user and a contact of the other reseller, made through the API.
  const invited = await admin.post('/api/contacts', {
    client_id: otherResellerId,
    first_name: 'Olga',
    last_name: 'Ander',
    phone: '0611111111',
    email: 'olga@andere-reseller.nl',
    has_account: true,
  });
  expect(invited.status).toBe(201);
  otherContactId = invited.body.data.id;
  otherUserId = invited.body.data.user_id;
  // The reseller gets every right (not the Superuser role), so only the hierarchy can stop it.
  const all = await ctx.db
    .insertInto('roles')
    .values({ name: 'Alle rechten (test)', description: 'Elk recht' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const permissions = await ctx.db.selectFrom('permissions').select('id').execute();
  await ctx.db
    .insertInto('permission_role')
    .values(permissions.map((p) => ({ role_id: all.id, permission_id: p.id })))
    .execute();
  const resellerUser = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'reseller@demo.local')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('role_user').values({ user_id: resellerUser.id, role_id: all.id }).execute();
});
afterAll(() => ctx.close());

describe('every route declares who may call it', () => {
  it('has routes to check, each with an access', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) expect(r.access, key(r)).toBeTruthy();
  });

  it('refuses to start with an /api route that declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx.db);
    const start = async () => {
      app.get('/api/zonder-toegang', async () => ({ geheim: true }));
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no access/);
    await app.close().catch(() => {});
  });

  it('has exactly the public routes on the list, each with a reason', () => {
    const actual = routes
      .filter((r) => r.access === 'public')
      .map(key)
      .sort();
    expect(actual).toEqual(Object.keys(publicRoutes).sort());
  });

  it('has exactly the pre-2FA routes on the list, each with a reason', () => {
    const actual = routes
      .filter((r) => r.access === 'signed-in')
      .map(key)
      .sort();
    expect(actual).toEqual(Object.keys(preTwoFactorRoutes).sort());
  });
});

describe('authentication and rights on every route', () => {
  it('answers 401 without a session (mutations carry a valid anonymous anti-forgery token)', async () => {
    const anonymous = ctx.client();
    await anonymous.fetchToken();
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const res = await anonymous.request(r.method as 'GET', fillParams(r.url), isMutating(r) ? {} : undefined);
      if (res.status !== 401) wrong.push(`${key(r)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a session that passed the password but not two-step verification', async () => {
    const half = ctx.client();
    const login = await half.login('magazijn@demo.local');
    expect(login.body.otp_authorized).toBe(false);
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.access !== 'public' && x.access !== 'signed-in')) {
      const res = await half.request(r.method as 'GET', fillParams(r.url), isMutating(r) ? {} : undefined);
      if (res.status !== 401) wrong.push(`${key(r)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to a verified user lacking the route's right", async () => {
    const role = await ctx.db
      .insertInto('roles')
      .values({ name: 'Zonder rechten', description: 'Geen enkel recht' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const nobody = await signInNewUser('zonder-rechten@demo.local', role.id);
    const wrong: string[] = [];
    const guarded = routes.filter((x) => typeof x.access === 'object');
    expect(guarded.length).toBeGreaterThan(30);
    for (const r of guarded) {
      const res = await nobody.request(r.method as 'GET', fillParams(r.url), isMutating(r) ? {} : undefined);
      if (res.status !== 403) wrong.push(`${key(r)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // Every right the routes ask for is a real right.
    for (const r of guarded) expect(allPermissions, key(r)).toContain((r.access as { right: string }).right);
  });
});

/**
 * Detail routes: another tenant's id is a 404 for reseller@demo.local. Each GET route with a path
 * parameter says how to find an id outside that reseller's hierarchy, or why it has none.
 */
type Finder = () => Promise<Record<string, number> | null>;
/** `as`: the user to try with when the demo reseller lacks the route's right (default: reseller@demo.local). */
type Classification = { find: Finder; as?: () => Promise<ApiClient> } | { notTenantOwned: string };

/**
 * The first row of `table` that belongs to the other reseller's hierarchy; `make` inserts one when
 * the demo data has none (it gets the other reseller's first end customer).
 */
const rowOfOtherTenant = (
  table: string,
  param = 'id',
  make?: (clientId: number) => Promise<number>,
): Classification => ({
  find: async () => {
    const row = await sql<{
      id: number;
    }>`select id from ${sql.table(table)} where client_id in (${sql.join(otherTenant)}) order by id limit 1`.execute(
      ctx.db,
    );
    if (row.rows[0]) return { [param]: row.rows[0].id };
    if (!make) return null;
    const endCustomer = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', otherResellerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { [param]: await make(endCustomer.id) };
  },
});
const makeAsn = async (clientId: number) =>
  (
    await ctx.db
      .insertInto('asns')
      .values({ client_id: clientId, reference: 'ANDER-TENANT', stock_owner: 'Eindklant' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const otherClient = (param = 'id'): Classification => ({ find: async () => ({ [param]: otherResellerId }) });
const otherEndCustomer = (param = 'id'): Classification => ({
  find: async () => {
    const row = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', otherResellerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { [param]: row.id };
  },
});

/** The other reseller's first end customer, given a logo so only the hierarchy can make the answer a 404. */
function otherEndCustomerWithLogo(): Classification {
  return {
    find: async () => {
      const row = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', otherResellerId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const key = await ctx.app.storage.put(
        'clients',
        'logo.png',
        Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      );
      await ctx.db.updateTable('clients').set({ image: key }).where('id', '=', row.id).execute();
      return { id: row.id };
    },
  };
}

let invoiceManager: ApiClient | undefined;
/** A user of the demo reseller who also holds 'Factuur beheren', which the Reseller role lacks. */
async function resellerWithInvoiceRight(): Promise<ApiClient> {
  if (invoiceManager) return invoiceManager;
  const role = await ctx.db
    .insertInto('roles')
    .values({ name: 'Reseller facturen', description: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const permission = await ctx.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'Factuur beheren')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('permission_role').values({ role_id: role.id, permission_id: permission.id }).execute();
  invoiceManager = await signInNewUser('facturen@reseller.test', role.id, resellerClientId);
  return invoiceManager;
}
const invoicePeriod: Classification = { ...(otherEndCustomer() as { find: Finder }), as: resellerWithInvoiceRight };

const detailRoutes: Record<string, Classification> = {
  'GET /api/:id/invoices': invoicePeriod,
  'GET /api/:id/invoicesOverview': invoicePeriod,
  'GET /api/clients/:id': otherEndCustomer(),
  'GET /api/clients/:id/image': otherEndCustomerWithLogo(),
  'GET /api/getendclientsbyparentid/:id': otherClient(),
  'GET /api/getendclientsdetailbyparentid/:id': otherClient(),
  'GET /api/geteventsbyclientid/:id': otherEndCustomer(),
  'GET /api/getstatistics/:customerId/:year': {
    find: async () => ({ customerId: otherResellerId, year: new Date().getFullYear() }),
  },
  'GET /api/users/:id': { find: async () => ({ id: otherUserId }) },
  // Roles belong to a client (issue 22): the provider's are templates for all, another reseller's are not seen.
  'GET /api/roles/:id': {
    find: async () => ({
      id: (
        await ctx.db
          .insertInto('roles')
          .values({ client_id: otherResellerId, name: 'Rol van de andere reseller', description: 'test' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    }),
  },
  'GET /api/product-groups/:id': { notTenantOwned: 'product groups are a shared catalogue' },
  // Stock: products, items, bundles and projects belong to a client.
  'GET /api/products/:id': rowOfOtherTenant('products'),
  'GET /api/products/:id/image': rowOfOtherTenant('products'),
  'GET /api/getproductsbyclientid/:id': otherEndCustomer(),
  'GET /api/inactive-products/:id': otherEndCustomer(),
  'GET /api/getproductsbyprojectid/:id': rowOfOtherTenant('projects'),
  'GET /api/getavailableitems/:product_id': rowOfOtherTenant('products', 'product_id'),
  'GET /api/getitems/:id': rowOfOtherTenant('products'),
  'GET /api/getitemsbyclientid/:id': otherEndCustomer(),
  'GET /api/exportstockitems/:id': rowOfOtherTenant('products'),
  'GET /api/items/:id': rowOfOtherTenant('items'),
  'GET /api/getevents/:id': rowOfOtherTenant('items'),
  'GET /api/bundles/:id': rowOfOtherTenant('bundles'),
  // Pre-notifications belong to a client.
  'GET /api/asns/:id': rowOfOtherTenant('asns', 'id', makeAsn),
  'GET /api/asnproducts/:id': rowOfOtherTenant('asns', 'id', makeAsn),
  'GET /api/getasnproducts/:id': rowOfOtherTenant('asns', 'id', makeAsn),
  'GET /api/asn-form-options/:id': otherEndCustomer(),
  // Deliveries and repairs belong to a client.
  'GET /api/deliveries/:id': rowOfOtherTenant('deliveries'),
  'GET /api/deliveries/:id/packing_slip': rowOfOtherTenant('deliveries'),
  'GET /api/deliveries/:id/file': rowOfOtherTenant('deliveries'),
  'GET /api/deliveries/:id/signature': rowOfOtherTenant('deliveries'),
  'GET /api/delivery-form-options/:id': otherEndCustomer(),
  'GET /api/geteventsbyrepairid/:id': rowOfOtherTenant('deliveries'),
  'GET /api/repairs/:id': rowOfOtherTenant('deliveries'),
  'GET /api/deliveries/:id/images/:image': rowOfOtherTenant('deliveries'),
  'GET /api/deliveries/:id/quotation': rowOfOtherTenant('deliveries'),
  'GET /api/items/itemseolbyproductid/:id': rowOfOtherTenant('products'),
};

describe('the customer hierarchy on detail routes', () => {
  it('knows every GET route with a path parameter', () => {
    const unknown = routes
      .filter((r) => r.method === 'GET' && r.url.includes(':') && !(key(r) in detailRoutes))
      .map(key);
    expect(unknown, 'add these routes to detailRoutes in tests/api/enforcement.test.ts').toEqual([]);
  });

  it("answers 404 to a reseller for every record of another reseller's hierarchy", async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET' && x.url.includes(':'))) {
      const entry = detailRoutes[key(r)];
      if (!entry || !('find' in entry)) continue;
      const params = await entry.find();
      if (!params) {
        wrong.push(`${key(r)}: no record of another tenant found to try`);
        continue;
      }
      const res = await (entry.as ? await entry.as() : reseller).get(fillParams(r.url, params));
      if (res.status !== 404) wrong.push(`${key(r)} with ${JSON.stringify(params)} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("another reseller's users, contacts and clients cannot be changed", () => {
  async function snapshot() {
    const [users, roleUser, contacts, clients] = await Promise.all([
      ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
      ctx.db.selectFrom('role_user').selectAll().orderBy('user_id').orderBy('role_id').execute(),
      ctx.db.selectFrom('contacts').selectAll().where('client_id', 'in', otherTenant).orderBy('id').execute(),
      ctx.db.selectFrom('clients').selectAll().where('id', 'in', otherTenant).orderBy('id').execute(),
    ]);
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', otherUserId)
      .executeTakeFirstOrThrow();
    return JSON.stringify({ users, roleUser, contacts, clients, sessions: Number(sessions.n) });
  }

  it("sees another reseller's user and contact as not found, and changes nothing", async () => {
    const before = await snapshot();
    const endCustomer = (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', otherResellerId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const contact = { first_name: 'X', last_name: 'Y', phone: '0600000000', email: 'x@y.nl', has_account: true };
    const attempts = [
      await reseller.get(`/api/users/${otherUserId}`),
      await reseller.put(`/api/users/${otherUserId}`, {
        name: 'Overgenomen',
        email: 'overgenomen@demo.local',
        role: [],
      }),
      await reseller.delete(`/api/users/${otherUserId}`),
      await reseller.post(`/api/${otherUserId}/disable-2fa`),
      await reseller.post('/api/contacts', { ...contact, client_id: otherResellerId }),
      await reseller.put(`/api/contacts/${otherContactId}`, { ...contact, has_account: false }),
      await reseller.delete(`/api/contacts/${otherContactId}`),
      await reseller.get(`/api/clients/${endCustomer}`),
      await reseller.put(`/api/clients/${endCustomer}`, { name: 'Overgenomen' }),
      await reseller.delete(`/api/clients/${endCustomer}`),
    ];
    expect(attempts.map((a) => a.status)).toEqual(attempts.map(() => 404));
    const list = await reseller.get('/api/users?search=olga');
    expect(list.body.total).toBe(0);
    const exported = await reseller.get('/api/exportusers');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body as unknown as ArrayBuffer);
    const emails = workbook.getWorksheet('Gebruikers')!.getColumn(3).values.slice(2);
    expect(emails).toContain('reseller@demo.local');
    expect(emails).not.toContain('olga@andere-reseller.nl');
    expect(await snapshot()).toBe(before);
  });

  it('lets the provider see and change the same records (the 404s above are the hierarchy, not broken routes)', async () => {
    expect((await admin.get(`/api/users/${otherUserId}`)).status).toBe(200);
    const changed = await admin.put(`/api/users/${otherUserId}`, {
      name: 'Olga Ander',
      email: 'olga@andere-reseller.nl',
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await admin.put(`/api/contacts/${otherContactId}`, {
          first_name: 'Olga',
          last_name: 'Ander',
          phone: '0611111111',
          email: 'olga@andere-reseller.nl',
          has_account: true,
        })
      ).status,
    ).toBe(200);
  });
});

describe('an end customer sees only its own company and its end users', () => {
  it('answers 404 for its reseller, a sibling end customer and their users', async () => {
    const klantUser = await ctx.db
      .selectFrom('users')
      .innerJoin('contacts', 'contacts.id', 'users.contact_id')
      .select(['users.id', 'contacts.client_id'])
      .where('users.email', '=', 'klant@demo.local')
      .executeTakeFirstOrThrow();
    const all = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Alle rechten (test)')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('role_user').values({ user_id: klantUser.id, role_id: all.id }).execute();
    const klant = await ctx.client().signIn('klant@demo.local');
    const sibling = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', resellerClientId)
      .where('id', '!=', klantUser.client_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const ownEndUser = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', klantUser.client_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const resellerUser = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'reseller@demo.local')
      .executeTakeFirstOrThrow();

    expect((await klant.get(`/api/clients/${klantUser.client_id}`)).status).toBe(200);
    expect((await klant.get(`/api/clients/${ownEndUser.id}`)).status).toBe(200);
    expect((await klant.get(`/api/clients/${resellerClientId}`)).status).toBe(404);
    expect((await klant.get(`/api/clients/${sibling.id}`)).status).toBe(404);
    expect((await klant.get(`/api/users/${resellerUser.id}`)).status).toBe(404);
    expect((await klant.put(`/api/users/${resellerUser.id}`, { name: 'X', email: 'x@demo.local' })).status).toBe(404);
    const users = await klant.get('/api/users');
    expect(users.body.data.map((u: { email: string }) => u.email)).toEqual(['klant@demo.local']);
  });
});

describe('the OpenAPI description', () => {
  it('declares every answer the routes gave above', async () => {
    expect(answers.size()).toBeGreaterThan(100);
    expect(await answers.undeclared(ctx.app)).toEqual([]);
  });
});
