import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { ItemStatus } from '@domain/enums';
import { seededRows } from './seeded';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let ownCustomer: number;
let otherCustomer: number;
interface Article {
  id: number;
  product_group_id: number;
}
let ownProducts: [Article, Article, ...Article[]];
let otherProducts: [Article, Article, ...Article[]];
let accessory: { id: number; client_id: number } | undefined;

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const past = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
let serialNo = 0;
const serials = (n: number, prefix = 'TST') =>
  Array.from({ length: n }, () => `${prefix}${String(++serialNo).padStart(8, '0')}`);

function asnBody(overrides: Record<string, unknown> = {}) {
  return {
    client_id: ownCustomer,
    reference: `ORD-T-${++serialNo}`,
    w_number: 'W-123',
    stock_owner: 'Eindklant',
    expected: future(7),
    products: [
      { product_id: ownProducts[0].id, quantity: 2 },
      { product_id: ownProducts[1].id, quantity: 1 },
    ],
    ...overrides,
  };
}

async function itemCount(where: { asnId?: number; serial?: string }): Promise<number> {
  let q = ctx.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('deleted_at', 'is', null);
  if (where.asnId) q = q.where('asn_id', '=', where.asnId);
  if (where.serial) q = q.where(sql`upper(serial)`, '=', where.serial.toUpperCase());
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function createAsn(client: ApiClient = admin, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/asns', asnBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: number;
    reference: string;
    products: { id: number; product_id: number; expected: number; arrived: number }[];
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  const resellerId = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
  const customers = await ctx.db
    .selectFrom('clients')
    .select(['id', 'parent_client_id'])
    .where('client_type_id', '=', 3)
    .orderBy('id')
    .execute();
  ownCustomer = customers.find((c) => c.parent_client_id === resellerId)!.id;
  otherCustomer = customers.find((c) => c.parent_client_id !== resellerId && c.parent_client_id !== 1)!.id;
  const products = await ctx.db
    .selectFrom('products')
    .select(['id', 'client_id', 'product_group_id'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  ownProducts = seededRows(
    products.filter((p) => p.client_id === ownCustomer && p.product_group_id !== 3),
    'articles of the own end customer',
  );
  otherProducts = seededRows(
    products.filter((p) => p.client_id === otherCustomer),
    "articles of another reseller's end customer",
  );
  accessory = products.find((p) => p.product_group_id === 3);
  // The reseller role may check in for this test, so hierarchy (404) is what refuses another reseller's.
  const role = await ctx.db.selectFrom('roles').select('id').where('name', '=', 'Reseller').executeTakeFirstOrThrow();
  const perm = await ctx.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'Artikel aanmaken')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('permission_role').values({ role_id: role.id, permission_id: perm.id }).execute();
});
afterAll(() => ctx.close());

describe('pre-notification create, read, change, delete', () => {
  it('creates one with its articles and shows the info panel fields', async () => {
    const asn = await createAsn(admin, {
      comment: 'Let op: pallet',
      partial_delivery: true,
      contract: true,
      start_date_contract: future(1),
      end_date_contract: future(400),
      daas: true,
    });
    const res = await admin.get(`/api/asns/${asn.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: asn.id,
      w_number: 'W-123',
      client: { id: ownCustomer },
      user: { name: 'Bea Beheerder' },
      partial_delivery: true,
      daas: true,
      stock_owner: 'Eindklant',
      comment: 'Let op: pallet',
      end_date_contract: future(400),
      complete: false,
    });
    expect(res.body.products).toHaveLength(2);
    expect(res.body.products[0]).toMatchObject({ expected: 2, arrived: 0, product: { id: ownProducts[0].id } });
    expect(res.body.products[0].product.article_number).toMatch(/^ART-/);
  });

  it('refuses missing fields with a message per field (422), nothing saved', async () => {
    const before = Number(
      (
        await ctx.db
          .selectFrom('asns')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await admin.post('/api/asns', {
      client_id: '',
      reference: ' ',
      stock_owner: 'Iemand',
      products: [{ product_id: '', quantity: 0 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      client_id: ['Dit veld is verplicht.'],
      reference: ['Dit veld is verplicht.'],
      stock_owner: ['Kies Eindklant, Reseller of Operational lease.'],
      'products.0.product_id': ['Dit veld is verplicht.'],
      'products.0.quantity': ['Vul een aantal van 1 tot 10000 in.'],
    });
    const none = await admin.post('/api/asns', asnBody({ products: [] }));
    expect(none.body.errors.products).toEqual(['Voeg minimaal één artikel toe.']);
    const after = Number(
      (
        await ctx.db
          .selectFrom('asns')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });

  it('requires a project number for a new project, and contract end and delivery date when contract is Yes', async () => {
    const res = await admin.post(
      '/api/asns',
      asnBody({ new_project: true, project_number: '', contract: true, expected: null, end_date_contract: '' }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      project_number: ['Vul een projectnummer in.'],
      end_date_contract: ['Vul de einddatum van het contract in.'],
      expected: ['Vul de verwachte leverdatum in.'],
    });
    const ok = await createAsn(admin, { new_project: true, project_number: 'PRJ-NIEUW-1' });
    expect((await admin.get(`/api/asns/${ok.id}`)).body.project_number).toBe('PRJ-NIEUW-1');
  });

  it('accepts only future dates when creating, past dates when changing', async () => {
    const res = await admin.post('/api/asns', asnBody({ expected: past }));
    expect(res.body.errors).toMatchObject({ expected: ['Kies een datum vanaf vandaag.'] });
    const asn = await createAsn();
    const put = await admin.put(`/api/asns/${asn.id}`, asnBody({ reference: 'ORD-GEWIJZIGD', expected: past }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ reference: 'ORD-GEWIJZIGD', expected: past });
  });

  it('refuses an article of another end customer and a client that is not an end customer', async () => {
    const res = await admin.post(
      '/api/asns',
      asnBody({ products: [{ product_id: otherProducts[0].id, quantity: 1 }] }),
    );
    expect(res.body.errors).toMatchObject({ 'products.0.product_id': ['Dit artikel hoort niet bij deze eindklant.'] });
    const reseller1 = await admin.post('/api/asns', asnBody({ client_id: 1 }));
    expect(reseller1.body.errors).toMatchObject({ client_id: ['Kies een eindklant.'] });
  });

  it('checks the rights: view, create, change, delete and export', async () => {
    const asn = await createAsn();
    expect((await klant.post('/api/asns', asnBody())).status).toBe(403);
    expect((await magazijn.delete(`/api/asns/${asn.id}`)).status).toBe(403);
    expect((await reseller.put(`/api/asns/${asn.id}`, asnBody())).status).toBe(403);
    expect((await magazijn.get(`/api/exportasnproductscsv?id=${asn.id}`)).status).toBe(403);
    expect((await ctx.client().get('/api/asns')).status).toBe(401);
  });

  it('deletes (soft), then it is gone from lists and detail', async () => {
    const asn = await createAsn();
    const res = await admin.delete(`/api/asns/${asn.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('De voormelding is verwijderd');
    expect((await admin.get(`/api/asns/${asn.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/asns/${asn.id}`)).status).toBe(404);
  });
});

describe('lists and export', () => {
  it('lists open ones paged with the columns, client filter and search', async () => {
    const asn = await createAsn(admin, { reference: 'ORD-ZOEK-777' });
    const res = await admin.get(`/api/asns?filters[client]=${ownCustomer}&search=ZOEK-777`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, total: 1 });
    expect(res.body.data[0]).toMatchObject({
      id: asn.id,
      reference: 'ORD-ZOEK-777',
      w_number: 'W-123',
      quantity: 3,
      arrived: 0,
      client_name: expect.any(String),
    });
    expect(res.body.data[0].expected).toBe(future(7));
    // The row sums its lines: 2 + 1 expected, 1 + 1 arrived after part of a check-in.
    await ctx.db.updateTable('asn_products').set({ arrived: 1 }).where('asn_id', '=', asn.id).execute();
    const partly = await admin.get(`/api/asns?filters[client]=${ownCustomer}&search=ZOEK-777`);
    expect(partly.body.data[0]).toMatchObject({ id: asn.id, quantity: 3, arrived: 2 });
    const other = await admin.get(`/api/asns?filters[client]=${otherCustomer}&search=ZOEK-777`);
    expect(other.body.total).toBe(0);
  });

  it("keeps another reseller's pre-notifications out of sight (hierarchy)", async () => {
    const foreign = await createAsn(admin, {
      client_id: otherCustomer,
      products: [{ product_id: otherProducts[0].id, quantity: 1 }],
    });
    const list = await reseller.get('/api/asns?per_page=200');
    expect(list.body.data.every((r: { client_id: number }) => r.client_id !== otherCustomer)).toBe(true);
    expect((await reseller.get(`/api/asns/${foreign.id}`)).status).toBe(404);
    expect((await reseller.get(`/api/asnproducts/${foreign.id}`)).status).toBe(404);
    expect((await reseller.get(`/api/getasnproducts/${foreign.id}`)).status).toBe(404);
    const create = await reseller.post(
      '/api/asns',
      asnBody({ client_id: otherCustomer, products: [{ product_id: otherProducts[0].id, quantity: 1 }] }),
    );
    expect(create.body.errors).toMatchObject({ client_id: ['Kies een eindklant.'] });
  });

  it('lists the products of one (products page and check-in list)', async () => {
    const asn = await createAsn();
    const page = await admin.get(`/api/asnproducts/${asn.id}`);
    expect(page.body.total).toBe(2);
    expect(page.body.data[0]).toMatchObject({
      article_number: expect.stringMatching(/^ART-/),
      reference: asn.reference,
      quantity: 2,
    });
    const list = await admin.get(`/api/getasnproducts/${asn.id}`);
    expect(list.body[0]).toMatchObject({
      id: asn.products[0]!.id,
      expected: 2,
      arrived: 0,
      name: expect.any(String),
      product_group_id: expect.any(Number),
    });
    expect((await admin.get('/api/getasnproducts/99999999')).status).toBe(404);
    expect((await admin.get('/api/asns/abc')).status).toBe(404);
  });

  it("offers the end customer's articles and projects for the form, within the hierarchy", async () => {
    const res = await reseller.get(`/api/asn-form-options/${ownCustomer}`);
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining(ownProducts.slice(0, 2).map((p) => p.id)),
    );
    expect(res.body.projects.length).toBeGreaterThan(0);
    expect((await reseller.get(`/api/asn-form-options/${otherCustomer}`)).status).toBe(404);
  });

  it('exports a real CSV of the articles', async () => {
    const asn = await createAsn(admin, { reference: 'ORD-CSV;1' });
    const res = await admin.get(`/api/exportasnproductscsv?id=${asn.id}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="voormeldingen-\d{8}-\d{6}\.csv"/);
    const lines = Buffer.from(res.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Eindklant;Ordernummer;Topdesknummer;Artikelomschrijving;Artikelnummer;Aantal;Ingeklaard;Leverdatum;Aanmelddatum',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"ORD-CSV;1"');
    const all = await admin.get('/api/exportasnproductscsv?tab=open');
    expect(
      Buffer.from(all.body as Buffer)
        .toString('utf8')
        .split('\r\n').length,
    ).toBeGreaterThan(3);
  });
});

describe('check-in', () => {
  it('creates the items, raises arrived, writes events and completes when everything arrived', async () => {
    const asn = await createAsn(admin, { daas: true, stock_owner: 'Reseller' });
    const [a, b] = asn.products;
    const first = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: a!.id, serials: serials(1) }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      message: 'De voormelding is ingeklaard',
      data: { created: 1, completed: false },
    });
    const s = serials(2);
    const second = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [
        { asn_product_id: a!.id, serials: [s[0]] },
        { product_id: b!.product_id, serials: [s[1]] },
      ],
    });
    expect(second.body.data).toMatchObject({ created: 2, completed: true });
    const items = await ctx.db.selectFrom('items').selectAll().where('asn_id', '=', asn.id).execute();
    expect(items).toHaveLength(3);
    expect(
      items.every(
        (i) =>
          i.status_id === ItemStatus.INGEKLAARD &&
          i.client_id === ownCustomer &&
          i.daas &&
          i.stock_owner === 'Reseller' &&
          i.order_number === asn.reference,
      ),
    ).toBe(true);
    const events = await ctx.db
      .selectFrom('events')
      .select('item_id')
      .where(
        'item_id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    expect(events).toHaveLength(3);
    const detail = (await admin.get(`/api/asns/${asn.id}`)).body;
    expect(detail.complete).toBe(true);
    expect(detail.products.map((p: { arrived: number }) => p.arrived)).toEqual([2, 1]);
    // It moved to the archive.
    expect((await admin.get(`/api/asns?search=${asn.reference}`)).body.total).toBe(0);
    expect((await admin.get(`/api/asns-archive?search=${asn.reference}`)).body.data[0]).toMatchObject({ id: asn.id });
    const again = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: a!.id, serials: serials(1) }],
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ id: ['Deze voormelding is al afgerond.'] });
  });

  it('refuses duplicates within the request and against live items, naming the serial; nothing changes', async () => {
    const asn = await createAsn();
    const [a] = asn.products;
    const s = serials(1)[0]!;
    const twice = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: a!.id, serials: [s, s.toLowerCase()] }],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ 'products.0.serials.1': ['Serienummer is al gescand.'] });
    expect(twice.body.message.toUpperCase()).toContain(s);
    const existing = await ctx.db
      .selectFrom('items')
      .select('serial')
      .where('serial', 'is not', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const fresh = serials(1)[0]!;
    const taken = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: a!.id, serials: [fresh, existing.serial!] }],
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ 'products.0.serials.1': ['Serienummer staat al in de voorraad.'] });
    expect(taken.body.message).toContain(existing.serial);
    expect(await itemCount({ asnId: asn.id })).toBe(0);
    expect(await itemCount({ serial: fresh })).toBe(0);
    expect((await admin.get(`/api/asns/${asn.id}`)).body.products[0].arrived).toBe(0);
  });

  it('refuses bad input per field: no id, unknown line, nothing entered, serials missing for a serial-tracked article', async () => {
    const asn = await createAsn();
    expect((await magazijn.post('/api/delivery/save', { products: [] })).body.errors).toMatchObject({
      id: ['Dit veld is verplicht.'],
    });
    const unknown = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: 99999999, serials: ['X1'] }],
    });
    expect(unknown.body.errors).toEqual({
      'products.0.asn_product_id': ['Dit artikel hoort niet bij deze voormelding.'],
    });
    const nothing = await magazijn.post('/api/delivery/save', { id: asn.id, products: [] });
    expect(nothing.body.errors).toEqual({ products: ['Vul een aantal of serienummers in.'] });
    const noSerials = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: asn.products[0]!.id, quantity: 2 }],
    });
    expect(noSerials.body.errors).toEqual({ 'products.0.serials': ['Scan de serienummers van dit artikel.'] });
    expect((await magazijn.post('/api/delivery/save', { id: 99999999, products: [] })).status).toBe(404);
  });

  it('checks in accessories as a counted quantity without serials', async () => {
    if (!accessory) throw new Error('the stock seed has accessories (product group 3)');
    const asn = await createAsn(admin, {
      client_id: accessory.client_id,
      products: [{ product_id: accessory.id, quantity: 5 }],
    });
    const res = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: asn.products[0]!.id, quantity: 5 }],
    });
    expect(res.body.data).toMatchObject({ created: 5, completed: true });
  });

  it('refuses an empty save-and-finish and leaves the pre-notification open', async () => {
    const asn = await createAsn();
    const empty = await magazijn.post('/api/delivery/save-and-finish', { id: asn.id, products: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ products: ['Vul een aantal of serienummers in.'] });
    const noQuantity = await magazijn.post('/api/delivery/save-and-finish', {
      id: asn.id,
      products: [{ asn_product_id: asn.products[0]!.id, serials: [] }],
    });
    expect(noQuantity.body.errors).toEqual({ products: ['Vul een aantal of serienummers in.'] });
    expect((await admin.get(`/api/asns/${asn.id}`)).body).toMatchObject({ complete: false });
  });

  it('refuses a serial whose length differs from the first serial of its article, on save and on finish', async () => {
    const asn = await createAsn();
    const [a, b] = asn.products;
    const [s1, s2] = serials(2);
    for (const path of ['/api/delivery/save', '/api/delivery/save-and-finish']) {
      const res = await magazijn.post(path, {
        id: asn.id,
        products: [{ asn_product_id: a!.id, serials: [s1, `${s2}X`] }],
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'products.0.serials.1': ['Serienummer komt niet overeen'] });
    }
    expect(await itemCount({ asnId: asn.id })).toBe(0);
    // Another article has its own first serial.
    const ok = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [
        { asn_product_id: a!.id, serials: [s1] },
        { asn_product_id: b!.id, serials: [`${s2}XY`] },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.created).toBe(2);
  });

  it('finish completes a partial delivery and marks it as such', async () => {
    const asn = await createAsn();
    const res = await magazijn.post('/api/delivery/save-and-finish', {
      id: asn.id,
      products: [{ asn_product_id: asn.products[0]!.id, serials: serials(1) }],
    });
    expect(res.body.data).toMatchObject({ created: 1, completed: true });
    const detail = (await admin.get(`/api/asns/${asn.id}`)).body;
    expect(detail).toMatchObject({ complete: true, partial_delivery: true });
  });

  it('replayed with the same Idempotency-Key creates nothing twice and returns the first answer', async () => {
    const asn = await createAsn();
    const body = { id: asn.id, products: [{ asn_product_id: asn.products[0]!.id, serials: serials(2) }] };
    const key = '3f1c2a9e-0d4b-4c55-9a77-1e2f3a4b5c6d';
    const first = await magazijn.post('/api/delivery/save', body, { 'Idempotency-Key': key });
    const replay = await magazijn.post('/api/delivery/save', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await itemCount({ asnId: asn.id })).toBe(2);
    expect((await admin.get(`/api/asns/${asn.id}`)).body.products[0].arrived).toBe(2);
    // Without the key, the same serials are refused as duplicates.
    expect((await magazijn.post('/api/delivery/save', body)).status).toBe(422);
  });

  it("needs the right Artikel aanmaken, and a reseller cannot check in another reseller's (404, nothing changed)", async () => {
    const own = await createAsn();
    expect(
      (
        await klant.post('/api/delivery/save', {
          id: own.id,
          products: [{ asn_product_id: own.products[0]!.id, serials: serials(1) }],
        })
      ).status,
    ).toBe(403);
    const foreign = await createAsn(admin, {
      client_id: otherCustomer,
      products: [{ product_id: otherProducts[0].id, quantity: 1 }],
    });
    const res = await reseller.post('/api/delivery/save', {
      id: foreign.id,
      products: [{ asn_product_id: foreign.products[0]!.id, serials: serials(1) }],
    });
    expect(res.status).toBe(404);
    expect(await itemCount({ asnId: foreign.id })).toBe(0);
    const mine = await reseller.post('/api/delivery/save', {
      id: own.id,
      products: [{ asn_product_id: own.products[0]!.id, serials: serials(1) }],
    });
    expect(mine.status).toBe(200);
  });

  it('checks in 1,000 serials in one request', async () => {
    const asn = await createAsn(admin, { products: [{ product_id: ownProducts[0].id, quantity: 1000 }] });
    const started = performance.now();
    const res = await magazijn.post('/api/delivery/save', {
      id: asn.id,
      products: [{ asn_product_id: asn.products[0]!.id, serials: serials(1000, 'BULK') }],
    });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1000, completed: true });
    expect(await itemCount({ asnId: asn.id })).toBe(1000);
    expect(ms).toBeLessThan(10_000); // generous for the WASM database; bench/checkin.ts measures PostgreSQL
  });
});

describe('scan calls', () => {
  it('scanitems tells which serials are still free', async () => {
    const existing = await ctx.db
      .selectFrom('items')
      .select(['id', 'serial'])
      .where('serial', 'is not', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const res = await magazijn.post('/api/items/scanitems', { serials: ['NIEUW-1', existing.serial!.toLowerCase()] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { serial: 'NIEUW-1', available: true, message: null, item: null },
      {
        serial: existing.serial!.toLowerCase(),
        available: false,
        message: 'Serienummer staat al in de voorraad.',
        item: expect.objectContaining({ id: existing.id }),
      },
    ]);
    expect((await magazijn.post('/api/items/scanitems', { serials: 'x' })).status).toBe(422);
    expect((await reseller.post('/api/items/scanitems', { serials: [] })).status).toBe(200);
    expect((await klant.post('/api/items/scanitems', { serials: [] })).status).toBe(403);
  });

  it('scanbulkitems checks out scanned serials of a bulk delivery, once', async () => {
    const items = await ctx.db
      .selectFrom('items')
      .select(['id', 'serial', 'product_id', 'client_id'])
      .where('status_id', '=', ItemStatus.INGEKLAARD)
      .where('serial', 'is not', null)
      .where('client_id', '=', ownCustomer)
      .limit(2)
      .execute();
    const delivery = await ctx.db
      .insertInto('deliveries')
      .values({ delivery_type_id: 6, client_id: ownCustomer })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('delivery_products')
      .values([
        { delivery_id: delivery.id, product_id: items[0]!.product_id, item_id: null },
        { delivery_id: delivery.id, product_id: items[1]!.product_id, item_id: items[1]!.id },
      ])
      .execute();
    const bad = await magazijn.post('/api/items/scanbulkitems', { delivery_id: delivery.id, serials: ['ONBEKEND-1'] });
    expect(bad.body.errors).toEqual({ 'serials.0': ['Serienummer is niet gevonden.'] });
    expect((await magazijn.post('/api/items/scanbulkitems', { serials: [] })).body.errors).toMatchObject({
      delivery_id: ['Dit veld is verplicht.'],
    });
    const key = 'bulk-scan-key-0001';
    const body = { delivery_id: delivery.id, serials: items.map((i) => i.serial) };
    const res = await magazijn.post('/api/items/scanbulkitems', body, { 'Idempotency-Key': key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.checked_out).toHaveLength(2);
    const replay = await magazijn.post('/api/items/scanbulkitems', body, { 'Idempotency-Key': key });
    expect(replay.body).toEqual(res.body);
    const after = await ctx.db
      .selectFrom('items')
      .select('status_id')
      .where(
        'id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    expect(after.every((i) => i.status_id === ItemStatus.UITGEKLAARD)).toBe(true);
    const lines = await ctx.db
      .selectFrom('delivery_products')
      .select(['item_id', 'checked_out_at'])
      .where('delivery_id', '=', delivery.id)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => l.item_id)).toEqual([items[0]!.id, items[1]!.id]);
    expect(lines.every((l) => l.checked_out_at)).toBe(true);
    const twice = await magazijn.post('/api/items/scanbulkitems', body);
    expect(twice.body.errors['serials.0']).toEqual(['Serienummer is al gescand.']);
  });
});
