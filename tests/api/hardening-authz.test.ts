import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import type { Permission } from '@domain/permissions';

/**
 * Issue 7, items 2, 7, 8 and 11: account takeover through contacts, parallel list saves, shared roles, cross-tenant
 * answers.
 */
let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let resellerClientId: number;
let otherResellerId: number;
let ownCustomer: number;
let otherCustomer: number;

async function roleId(name: string): Promise<number> {
  return (await ctx.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
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
async function revoke(role: string, rights: Permission[]) {
  const rows = await ctx.db.selectFrom('permissions').select('id').where('name', 'in', rights).execute();
  await ctx.db
    .deleteFrom('permission_role')
    .where('role_id', '=', await roleId(role))
    .where(
      'permission_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
}
async function rightsOf(role: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('permission_role')
    .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
    .select('permissions.name')
    .where('permission_role.role_id', '=', await roleId(role))
    .orderBy('permissions.name')
    .execute();
  return rows.map((r) => r.name);
}
async function accountOf(email: string) {
  return ctx.db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .select([
      'users.id',
      'users.email',
      'users.deleted_at',
      'contacts.id as contact_id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.phone',
      'contacts.email as contact_email',
    ])
    .where(sql`lower(users.email)`, '=', email)
    .executeTakeFirstOrThrow();
}
function contactBody(c: Awaited<ReturnType<typeof accountOf>>, changes: Record<string, unknown> = {}) {
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    phone: c.phone,
    email: c.contact_email,
    has_account: true,
    ...changes,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  otherResellerId = (await admin.get('/api/getallresellers')).body.find(
    (r: { id: number }) => r.id !== resellerClientId,
  ).id;
  const customers = await ctx.db
    .selectFrom('clients')
    .select(['id', 'parent_client_id'])
    .where('client_type_id', '=', 3)
    .orderBy('id')
    .execute();
  ownCustomer = customers.find((c) => c.parent_client_id === resellerClientId)!.id;
  otherCustomer = customers.find((c) => c.parent_client_id === otherResellerId)!.id;
});
afterAll(() => ctx.close());

describe('a contact with an account obeys the rules of changing that user', () => {
  beforeAll(() => grant('Magazijn', ['Klant wijzigen']));

  it("refuses the Superuser's login e-mail to a user with only 'Klant wijzigen', and with 'Gebruiker wijzigen' too", async () => {
    const bea = await accountOf('beheerder@demo.local');
    const takeover = await magazijn.put(
      `/api/contacts/${bea.contact_id}`,
      contactBody(bea, { email: 'aanvaller@elders.test' }),
    );
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe(
      "Voor het wijzigen van de naam of het e-mailadres van een gebruiker is het recht 'Gebruiker wijzigen' nodig.",
    );

    await grant('Magazijn', ['Gebruiker wijzigen', 'Gebruiker verwijderen']);
    const withRight = await magazijn.put(
      `/api/contacts/${bea.contact_id}`,
      contactBody(bea, { email: 'aanvaller@elders.test' }),
    );
    expect(withRight.status).toBe(403);
    expect(withRight.body.message).toBe('Alleen een Superuser mag een Superuser wijzigen of verwijderen.');
    expect(
      (await magazijn.put(`/api/contacts/${bea.contact_id}`, contactBody(bea, { phone: '0600000000' }))).status,
    ).toBe(403);
    expect(
      (await magazijn.put(`/api/contacts/${bea.contact_id}`, contactBody(bea, { has_account: false }))).status,
    ).toBe(403);
    expect((await magazijn.delete(`/api/contacts/${bea.contact_id}`)).status).toBe(403);
    await revoke('Magazijn', ['Gebruiker wijzigen', 'Gebruiker verwijderen']);

    expect(await accountOf('beheerder@demo.local')).toEqual(bea);
    const reset = ctx.client();
    await reset.fetchToken();
    await reset.post('/api/auth/password-recover', { email: 'aanvaller@elders.test' });
    expect(await ctx.mail.to('aanvaller@elders.test')).toHaveLength(0);
  });

  it("needs 'Gebruiker wijzigen' for the name and e-mail of another account, 'Gebruiker verwijderen' to end it; other fields stay free", async () => {
    const rik = await accountOf('reseller@demo.local');
    const mail = await magazijn.put(`/api/contacts/${rik.contact_id}`, contactBody(rik, { email: 'rik@elders.test' }));
    expect(mail.status).toBe(403);
    expect(mail.body.message).toBe(
      "Voor het wijzigen van de naam of het e-mailadres van een gebruiker is het recht 'Gebruiker wijzigen' nodig.",
    );
    expect(
      (await magazijn.put(`/api/contacts/${rik.contact_id}`, contactBody(rik, { last_name: 'Anders' }))).status,
    ).toBe(403);
    const off = await magazijn.put(`/api/contacts/${rik.contact_id}`, contactBody(rik, { has_account: false }));
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(
      "Voor het verwijderen van het account van een gebruiker is het recht 'Gebruiker verwijderen' nodig.",
    );
    expect((await magazijn.delete(`/api/contacts/${rik.contact_id}`)).status).toBe(403);
    expect(await accountOf('reseller@demo.local')).toEqual(rik);

    const phone = await magazijn.put(`/api/contacts/${rik.contact_id}`, contactBody(rik, { phone: '0611111111' }));
    expect(phone.status).toBe(200);
    expect((await accountOf('reseller@demo.local')).phone).toBe('0611111111');

    // Changing another account also needs every right it holds (issue 22): the warehouse gets the reseller's too.
    const warehouseRights = await rightsOf('Magazijn');
    const added = ['Gebruiker wijzigen', ...(await rightsOf('Reseller'))].filter(
      (r) => !warehouseRights.includes(r),
    ) as Permission[];
    await grant('Magazijn', ['Gebruiker wijzigen']);
    expect(
      (await magazijn.put(`/api/contacts/${rik.contact_id}`, contactBody(rik, { email: 'Rik.Reseller@demo.local' })))
        .body.message,
    ).toBe('Je mag deze gebruiker niet wijzigen of verwijderen: deze gebruiker heeft rechten die je zelf niet hebt.');
    await grant('Magazijn', added);
    const allowed = await magazijn.put(
      `/api/contacts/${rik.contact_id}`,
      contactBody(rik, { email: 'Rik.Reseller@demo.local' }),
    );
    expect(allowed.status).toBe(200);
    expect((await accountOf('rik.reseller@demo.local')).email).toBe('Rik.Reseller@demo.local');
    await magazijn.put(`/api/contacts/${rik.contact_id}`, contactBody(rik));
    await revoke('Magazijn', added);
  });

  it('lets a user change the name and e-mail of its own contact, as on the profile page', async () => {
    await grant('Eindklant', ['Klant wijzigen']);
    const karin = await accountOf('klant@demo.local');
    const own = await klant.put(`/api/contacts/${karin.contact_id}`, contactBody(karin, { last_name: 'de Klant' }));
    expect(own.status).toBe(200);
    expect((await klant.get('/api/auth/me')).body.name).toBe('Karin de Klant');
  });
});

describe('roles belong to a client', () => {
  beforeAll(async () => {
    await grant('Reseller', ['Rol bekijken', 'Rol aanmaken', 'Rol wijzigen', 'Rol verwijderen']);
    await grant('Eindklant', ['Rol bekijken', 'Rol wijzigen', 'Rol verwijderen']);
  });

  it("refuses a reseller or end customer to change the provider's roles, which are templates (the warehouse role)", async () => {
    const magazijnRole = await roleId('Magazijn');
    const before = await rightsOf('Magazijn');
    const rights = await reseller.post(`/api/roles/${magazijnRole}/permissions`, { permissions: ['Klant bekijken'] });
    expect(rights.status).toBe(403);
    expect(rights.body.message).toBe(
      'Deze rol is een sjabloon van de leverancier: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
    );
    expect(
      (await reseller.put(`/api/roles/${magazijnRole}`, { name: 'Magazijn', description: 'Overgenomen' })).status,
    ).toBe(403);
    const remove = await reseller.delete(`/api/roles/${magazijnRole}`);
    expect(remove.status).toBe(403);
    expect(remove.body.message).toBe(
      'Deze rol is een sjabloon van de leverancier: je kunt hem toekennen, maar niet wijzigen of verwijderen.',
    );
    expect(
      (await klant.post(`/api/roles/${magazijnRole}/permissions`, { permissions: ['Klant bekijken'] })).status,
    ).toBe(403);
    expect(await rightsOf('Magazijn')).toEqual(before);
    expect(
      (await ctx.db.selectFrom('roles').select('description').where('id', '=', magazijnRole).executeTakeFirstOrThrow())
        .description,
    ).not.toBe('Overgenomen');
  });

  it('lets a reseller manage its own role, which another tenant can neither be given nor change', async () => {
    const created = await reseller.post('/api/roles', { name: 'Reseller-beheer', description: 'Eigen rol' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await reseller.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken'] })).status).toBe(200);
    // Not even the provider gives it to a contact at another reseller's end customer.
    const person = await admin.post('/api/contacts', {
      client_id: otherCustomer,
      first_name: 'Olga',
      last_name: 'Overal',
      phone: '0612345678',
      email: 'olga@elders.test',
      has_account: true,
      role_id: id,
    });
    expect(person.status).toBe(422);
    expect(person.body.errors).toEqual({ role_id: ['Kies een bestaande rol.'] });
    expect(
      (await reseller.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken', 'Adres aanmaken'] }))
        .status,
    ).toBe(200);
    // The provider's users manage every role.
    expect((await admin.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken'] })).status).toBe(200);
  });

  it('lets a reseller set up and delete a role of its own that nobody outside holds', async () => {
    const created = await reseller.post('/api/roles', { name: 'Reseller-planner', description: 'Eigen rol' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await reseller.post(`/api/roles/${id}/permissions`, { permissions: ['Klant bekijken'] })).status).toBe(200);
    expect(
      (await reseller.put(`/api/roles/${id}`, { name: 'Reseller-planners', description: 'Eigen rol' })).status,
    ).toBe(200);
    expect((await reseller.delete(`/api/roles/${id}`)).status).toBe(200);
  });
});

describe('"replace the whole list" saves run one after the other', () => {
  const parallel = <T>(n: number, run: (k: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, k) => run(k)));

  it('keeps exactly one list of monthly amounts after 10 parallel saves', async () => {
    const answers = await parallel(10, (k) =>
      admin.post(`/api/clients/${ownCustomer}/monthly-payment`, {
        monthlypayment: [{ description: `Regel ${k}`, price: '1.00' }],
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await ctx.db
      .selectFrom('monthly_payments')
      .select('description')
      .where('client_id', '=', ownCustomer)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps exactly one bundle content after 10 parallel saves', async () => {
    const products = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', ownCustomer)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(10)
      .execute();
    expect(products.length).toBeGreaterThan(1);
    const bundle = await admin.post('/api/bundles', { name: 'Parallel', client_id: ownCustomer });
    expect(bundle.status).toBe(201);
    const id = bundle.body.data.id as number;
    const answers = await parallel(10, (k) =>
      admin.put(`/api/bundles/${id}`, { products: [products[k % products.length]!.id] }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await ctx.db.selectFrom('bundle_product').select('product_id').where('bundle_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps exactly one set of role rights after 10 parallel saves', async () => {
    const created = await admin.post('/api/roles', { name: 'Parallel', description: 'Gelijktijdig opgeslagen' });
    const id = created.body.data.id as number;
    const rights: Permission[] = [
      'Klant bekijken',
      'Klant aanmaken',
      'Klant wijzigen',
      'Adres aanmaken',
      'Adres wijzigen',
      'Voorraad bekijken',
      'Voormelding bekijken',
      'Levering bekijken',
      'Levering aanmaken',
      'Rol bekijken',
    ];
    const answers = await parallel(10, (k) => admin.post(`/api/roles/${id}/permissions`, { permissions: [rights[k]] }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await ctx.db.selectFrom('permission_role').select('permission_id').where('role_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('answers that do not reach into other tenants', () => {
  it("looks a postcode up only in the caller's own addresses", async () => {
    const foreign = await admin.post('/api/addresses', {
      client_id: otherCustomer,
      street: 'Geheimstraat',
      number: '7',
      zipcode: '1099 ZZ',
      city: 'Amsterdam',
    });
    expect(foreign.status).toBe(201);
    const own = await reseller.post('/api/addresses', {
      client_id: ownCustomer,
      street: 'Eigenstraat',
      number: '3',
      zipcode: '1098 ZZ',
      city: 'Amsterdam',
    });
    expect(own.status).toBe(201);

    expect((await admin.get('/api/postal-code?postal_code=1099ZZ')).body).toEqual({
      street: 'Geheimstraat',
      city: 'Amsterdam',
    });
    const elsewhere = await reseller.get('/api/postal-code?postal_code=1099ZZ');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ street: '', city: 'Amsterdam' });
    expect(elsewhere.body).toEqual((await reseller.get('/api/postal-code?postal_code=1099XY')).body);
    expect((await reseller.get('/api/postal-code?postal_code=1098ZZ')).body).toEqual({
      street: 'Eigenstraat',
      city: 'Amsterdam',
    });
  });

  it('answers scanitems for a serial of another tenant exactly as for an unknown serial', async () => {
    await grant('Reseller', ['Artikel aanmaken']);
    const item = (clientId: number) =>
      ctx.db
        .selectFrom('items')
        .select(['id', 'serial'])
        .where('client_id', '=', clientId)
        .where('serial', 'is not', null)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const foreign = await item(otherCustomer);
    const mine = await item(ownCustomer);
    const res = await reseller.post('/api/items/scanitems', {
      serials: [foreign.serial, 'BESTAAT-NIET-0001', mine.serial],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { serial: foreign.serial, available: true, message: null, item: null },
      { serial: 'BESTAAT-NIET-0001', available: true, message: null, item: null },
      {
        serial: mine.serial,
        available: false,
        message: 'Serienummer staat al in de voorraad.',
        item: expect.objectContaining({ id: mine.id }),
      },
    ]);
    const provider = await admin.post('/api/items/scanitems', { serials: [foreign.serial] });
    expect(provider.body.data[0]).toMatchObject({ available: false, item: { id: foreign.id } });
  });

  it("answers the pre-notification form for another tenant's article exactly as for an unknown one", async () => {
    const foreignProduct = (
      await ctx.db.selectFrom('products').select('id').where('client_id', '=', otherCustomer).executeTakeFirstOrThrow()
    ).id;
    const body = (productId: number) => ({
      client_id: ownCustomer,
      reference: 'ORD-LEK-1',
      stock_owner: 'Eindklant',
      expected: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      products: [{ product_id: productId, quantity: 1 }],
    });
    const elsewhere = await reseller.post('/api/asns', body(foreignProduct));
    const unknown = await reseller.post('/api/asns', body(999_999));
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toEqual({ 'products.0.product_id': ['Kies een artikel.'] });
    expect(elsewhere.body).toEqual(unknown.body);
    // The provider sees every article: there the article belongs to another end customer.
    expect((await admin.post('/api/asns', body(foreignProduct))).body.errors).toEqual({
      'products.0.product_id': ['Dit artikel hoort niet bij deze eindklant.'],
    });
  });
});
