import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotNull } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfText } from '../support/pdf';
import { firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient, ApiResponse } from '../support/client';
import { seededRows } from './seeded';
import type {
  DeliveryCommandAnswer,
  DeliveryDetail,
  DeliveryFormOptions,
  DeliveryLine,
  DeliveryListRow,
} from '@domain/contracts/deliveries';
import { readWorkbook } from '../support/xlsx';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
/**
 * The end customer of klant@demo.local (under the reseller of reseller@demo.local), one of its end users, and another
 * reseller's end user.
 */
let customer: number;
let endUser: number;
let otherEndUser: number;
interface Product {
  id: number;
  product_group_id: number;
}
let products: [Product, Product, ...Product[]];
let accessory: { id: number };
let bundleId: number;
let serial = 0;

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
const order = () => `ORD-LEV-${++serial}`;

/** An item held by the end user (in use), made for the test so no other test's delivery holds it. */
async function heldItem(holder = endUser, productId = products[0].id) {
  const row = await ctx.db
    .insertInto('items')
    .values({
      product_id: productId,
      client_id: holder,
      status_id: ItemStatus.IN_GEBRUIK,
      serial: `LEVTEST${++serial}`,
    })
    .returning(['id', 'serial'])
    .$narrowType<{ serial: NotNull }>()
    .executeTakeFirstOrThrow();
  return row;
}

const ticket = (type: number, overrides: Record<string, unknown> = {}) => ({
  delivery_type_id: type,
  client_id: endUser,
  contact: 'Jan Gebruiker',
  contact_email: 'jan@klant.nl',
  contact_phone: '0612345678',
  order_number: order(),
  your_reference: 'REF-1',
  date: future(5),
  ...overrides,
});

async function created(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as DeliveryCommandAnswer).data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  customer = (await klant.get('/api/auth/me')).body.contact.client_id;
  const resellerId = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
  endUser = await firstEndUserOf(ctx.db, customer);
  otherEndUser = (
    await ctx.db
      .selectFrom('clients as u')
      .innerJoin('clients as c', 'c.id', 'u.parent_client_id')
      .select('u.id')
      .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
      .where('c.parent_client_id', '!=', resellerId)
      .orderBy('u.id')
      .executeTakeFirstOrThrow()
  ).id;
  products = seededRows(
    await ctx.db
      .selectFrom('products')
      .select(['id', 'product_group_id'])
      .where('client_id', '=', customer)
      .where('deleted_at', 'is', null)
      .where('product_group_id', '!=', 3)
      .orderBy('id')
      .execute(),
    'articles of the end customer',
  );
  const group3 = await ctx.db
    .selectFrom('products')
    .select('id')
    .where('client_id', '=', customer)
    .where('product_group_id', '=', 3)
    .executeTakeFirst();
  accessory =
    group3 ??
    (await ctx.db
      .insertInto('products')
      .values({
        client_id: customer,
        product_group_id: 3,
        name: 'Test muis',
        article_number: 'ACC-T',
        unique_product_id: 'ACC-T-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  bundleId = (
    await ctx.db
      .selectFrom('bundles')
      .select('id')
      .where('client_id', '=', customer)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());

describe('GET /api/carriers', () => {
  it('lists the three carriers of the spec', async () => {
    const res = await admin.get('/api/carriers');
    expect(res.body).toEqual([
      { id: 1, name: 'Reuzado' },
      { id: 2, name: 'PostNL' },
      { id: 3, name: 'Overig' },
    ]);
  });
});

describe('requesting deliveries (POST /api/deliveries)', () => {
  it('bulk: future date required, carrier 1, expected counts per article', async () => {
    const empty = await admin.post('/api/deliveries', { delivery_type_id: DeliveryType.BULK_LEVERING });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      client_id: ['Kies een klant.'],
      date: ['Dit veld is verplicht.'],
      products: ['Kies minimaal één artikel.'],
    });
    const inPast = await admin.post('/api/deliveries', {
      delivery_type_id: 6,
      client_id: customer,
      date: past,
      products: [{ product_id: products[0].id, amount: 2 }],
    });
    expect(inPast.body.errors.date).toEqual(['Kies een datum vanaf vandaag.']);
    const postnl = await admin.post('/api/deliveries', {
      delivery_type_id: 6,
      client_id: customer,
      date: future(3),
      carrier_id: 2,
      products: [{ product_id: products[0].id, amount: 2 }],
    });
    expect(postnl.body.errors.carrier_id).toEqual(['Een bulklevering wordt altijd door Reuzado bezorgd.']);
    const toEndUser = await admin.post('/api/deliveries', {
      delivery_type_id: 6,
      client_id: endUser,
      date: future(3),
      products: [{ product_id: products[0].id }],
    });
    expect(toEndUser.body.errors.client_id).toEqual(['Kies een eindklant.']);

    const res = await admin.post('/api/deliveries', {
      delivery_type_id: '6',
      client_id: String(customer),
      date: future(3),
      order_number: order(),
      products: [
        { product_id: products[0].id, amount: 3 },
        { product_id: accessory.id, amount: '5' },
      ],
    });
    expect(res.body.message).toBe('De bulk levering is aangevraagd');
    const d = await created(res);
    expect(d).toMatchObject({
      delivery_type_id: 6,
      carrier_id: Carrier.REUZADO,
      delivery_type: { name: 'Bulklevering' },
      is_cancelled: false,
      finished: false,
    });
    expect(d.bulk_products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: products[0].id, expected: 3, arrived: 0 }),
        expect.objectContaining({ id: accessory.id, expected: 5, arrived: 0 }),
      ]),
    );
    expect(d.events[0]).toMatchObject({ action: 'Bulklevering aangevraagd', user: { name: 'Bea Beheerder' } });
  });

  it('bulk: accepts a multipart form with a file, downloadable from the detail', async () => {
    const boundary = '----levering';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      part('delivery_type_id', '6') +
      part('client_id', String(customer)) +
      part('date', future(4)) +
      part('products', JSON.stringify([{ product_id: products[1].id, amount: 1 }])) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lijst.csv"\r\nContent-Type: text/csv\r\n\r\nserie;aantal\r\nA;1\r\n--${boundary}--\r\n`;
    const res = await admin.request('POST', '/api/deliveries', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    const d = await created(res);
    expect(d.media).toEqual([{ original_url: `/api/deliveries/${d.id}/file`, name: 'lijst.csv' }]);
    const file = await admin.get(`/api/deliveries/${d.id}/file`);
    expect(String(file.body)).toContain('serie;aantal');
  });

  it('repair: contact, e-mail, phone, order number, reference and a defect item; the item becomes Reparatie aangevraagd', async () => {
    const empty = await admin.post('/api/deliveries', { delivery_type_id: DeliveryType.REPARATIE, client_id: endUser });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      contact: ['Dit veld is verplicht.'],
      contact_email: ['Dit veld is verplicht.'],
      contact_phone: ['Dit veld is verplicht.'],
      order_number: ['Dit veld is verplicht.'],
      your_reference: ['Dit veld is verplicht.'],
      products: ['Kies minimaal één defect artikel.'],
    });
    expect(empty.body.errors.date).toBeUndefined();
    const badMail = await admin.post('/api/deliveries', ticket(1, { contact_email: 'geen-mail', date: past }));
    expect(badMail.body.errors.contact_email).toEqual(['Vul een geldig e-mailadres in.']);
    expect(badMail.body.errors.date).toEqual(['Kies een datum vanaf vandaag.']);

    const item = await heldItem();
    const foreign = await heldItem(
      otherEndUser,
      (await ctx.db.selectFrom('items').select('product_id').where('client_id', '=', otherEndUser).executeTakeFirst())
        ?.product_id ??
        (
          await ctx.db
            .selectFrom('products as p')
            .innerJoin('clients as u', 'u.parent_client_id', 'p.client_id')
            .select('p.id')
            .where('u.id', '=', otherEndUser)
            .executeTakeFirstOrThrow()
        ).id,
    );
    const wrongItem = await admin.post(
      '/api/deliveries',
      ticket(1, { products: [{ item_id: foreign.id, is_pickup: 1 }] }),
    );
    expect(wrongItem.body.errors['products.0.item_id']).toEqual(['Dit artikel hoort niet bij deze klant.']);

    const d = await created(
      await admin.post(
        '/api/deliveries',
        ticket(1, { products: [{ item_id: item.id, is_pickup: 1 }], description: 'Scherm kapot' }),
      ),
    );
    expect(d.items).toEqual([
      expect.objectContaining({
        id: item.id,
        serial: item.serial,
        status: { id: 8, name: 'Reparatie aangevraagd' },
        pivot: expect.objectContaining({ is_pickup: 1 }),
      }),
    ]);
    expect(d.title).toBe('Reparatie van Jan Gebruiker');
    expect(d.events.map((e: DeliveryDetail['events'][number]) => e.status?.name)).toContain('Reparatie aangevraagd');
    const again = await admin.post('/api/deliveries', ticket(1, { products: [{ item_id: item.id, is_pickup: 1 }] }));
    expect(again.body.errors['products.0.item_id']).toEqual(['Dit artikel staat al op een openstaande levering.']);
  });

  it('EOL swap: also requires the pickup date; a replacement article may be delivered', async () => {
    const item = await heldItem();
    const noDate = await admin.post(
      '/api/deliveries',
      ticket(4, { date: '', products: [{ item_id: item.id, is_pickup: 1 }] }),
    );
    expect(noDate.body.errors.date).toEqual(['Dit veld is verplicht.']);
    const noItem = await admin.post('/api/deliveries', ticket(4, { products: [{ product_id: products[0].id }] }));
    expect(noItem.body.errors.products).toEqual(['Kies minimaal één EOL artikel.']);
    const d = await created(
      await admin.post(
        '/api/deliveries',
        ticket(4, {
          products: [
            { item_id: item.id, is_pickup: 1 },
            { product_id: products[0].id, is_pickup: 0 },
          ],
        }),
      ),
    );
    expect(d.products.map((l: DeliveryLine) => [l.is_pickup, l.product_id])).toEqual([
      [1, products[0].id],
      [0, products[0].id],
    ]);
    expect(d.can).toMatchObject({ edit: true, cancel: true, finish: true, reopen: false });
  });

  it('resignation: without a choice it picks up everything the end user holds', async () => {
    const a = await heldItem();
    const d = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    expect(d.items.map((i: DeliveryDetail['items'][number]) => i.id)).toContain(a.id);
    expect(d.items.every((i: DeliveryDetail['items'][number]) => i.pivot.is_pickup === 1)).toBe(true);
  });

  it("extra products: bundle, delivery date and order number; the bundle's articles become the lines", async () => {
    const empty = await admin.post('/api/deliveries', { delivery_type_id: 5, client_id: endUser });
    expect(empty.body.errors).toMatchObject({
      bundle_id: ['Kies een bundel.'],
      date: ['Dit veld is verplicht.'],
      order_number: ['Dit veld is verplicht.'],
    });
    const d = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 5,
        client_id: endUser,
        bundle_id: bundleId,
        date: future(2),
        order_number: order(),
      }),
    );
    const inBundle = (
      await ctx.db.selectFrom('bundle_product').select('product_id').where('bundle_id', '=', bundleId).execute()
    ).map((r) => r.product_id);
    expect(d.products.map((l: DeliveryLine) => l.product_id).sort()).toEqual(inBundle.sort());
    const notInBundle = (
      await ctx.db
        .selectFrom('products')
        .select('id')
        .where('client_id', '=', customer)
        .where('id', 'not in', inBundle)
        .executeTakeFirstOrThrow()
    ).id;
    const wrong = await admin.post('/api/deliveries', {
      delivery_type_id: 5,
      client_id: endUser,
      bundle_id: bundleId,
      date: future(2),
      order_number: order(),
      products: [{ product_id: notInBundle }],
    });
    expect(wrong.body.errors['products.0.product_id']).toEqual(['Dit artikel zit niet in de gekozen bundel.']);
  });

  it('refuses backorder and mutation as requests, and a type the user may not request (403)', async () => {
    const backorder = await admin.post('/api/deliveries', { delivery_type_id: 7, client_id: endUser });
    expect(backorder.body.errors.delivery_type_id).toEqual(['Dit type levering kan niet worden aangevraagd.']);
    expect((await magazijn.post('/api/deliveries', ticket(1))).status).toBe(403);
    // An end customer's staff may request tickets but not a bulk call-off.
    expect(
      (
        await klant.post('/api/deliveries', {
          delivery_type_id: 6,
          client_id: customer,
          date: future(3),
          products: [{ product_id: products[0].id }],
        })
      ).status,
    ).toBe(403);
  });

  it('applies a request replayed with the same Idempotency-Key once (the offline outbox)', async () => {
    const body = ticket(5, { bundle_id: bundleId });
    const first = await admin.post('/api/deliveries', body, { 'idempotency-key': 'levering-test-0001' });
    const again = await admin.post('/api/deliveries', body, { 'idempotency-key': 'levering-test-0001' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await admin.get(`/api/deliveries?search=${body.order_number}`)).body.total).toBe(1);
  });

  it('keeps a reseller to its own hierarchy', async () => {
    const res = await reseller.post('/api/deliveries', ticket(2, { client_id: otherEndUser }));
    expect(res.status).toBe(422);
    expect(res.body.errors.client_id).toEqual(['Kies een klant.']);
    const own = await created(await reseller.post('/api/deliveries', ticket(5, { bundle_id: bundleId })));
    expect(own.user?.name).toBe('Rik Reseller');
  });
});

describe('a new end user (POST /api/clients, client type 4) comes with its INDIENST delivery', () => {
  const newUser = (extra: Record<string, unknown>) => ({
    name: 'Nieuwe Medewerker',
    client_type_id: 4,
    parent_client_id: customer,
    contacts: [{ first_name: 'Nina', last_name: 'Nieuw', phone: '0611122233', email: 'nina@klant.nl' }],
    ...extra,
  });

  it('requires delivery date (future), order number, reference and stock; refuses without stock', async () => {
    const before = await ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await admin.post('/api/clients', newUser({ date: past }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      date: ['Kies een datum vanaf vandaag.'],
      order_number: ['Dit veld is verplicht.'],
      your_reference: ['Dit veld is verplicht.'],
      products: ['Een gebruiker kan niet worden aangemaakt zonder voorraad.'],
    });
    const noStock = await admin.post(
      '/api/clients',
      newUser({ date: future(7), order_number: order(), your_reference: 'R', products: [] }),
    );
    expect(noStock.body.errors.products).toEqual(['Een gebruiker kan niet worden aangemaakt zonder voorraad.']);
    const after = await ctx.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('creates the end user and its delivery in one command', async () => {
    const orderNumber = order();
    const res = await admin.post(
      '/api/clients',
      newUser({
        date: future(7),
        order_number: orderNumber,
        your_reference: 'R-7',
        products: [{ product_id: products[0].id, amount: 2 }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await admin.get(`/api/deliveries?search=${orderNumber}`);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        delivery_type_id: DeliveryType.INDIENST,
        client_id: res.body.data.id,
        products_count: 2,
      }),
    ]);
    const d = (await admin.get(`/api/deliveries/${list.body.data[0].id}`)).body;
    expect(d).toMatchObject({
      contact: 'Nina Nieuw',
      contact_email: 'nina@klant.nl',
      your_reference: 'R-7',
      title: 'Indienst van Nina Nieuw',
    });

    // The genuine PUT of 'Levering wijzigen' for a new end user: the date must lie in the future.
    const pastPut = await admin.put(`/api/deliveries/${d.id}`, {
      delivery_type_id: 3,
      date: past,
      client_id: d.client_id,
      products: [{ product_id: products[0].id }],
    });
    expect(pastPut.body.errors.date).toEqual(['Kies een datum vanaf vandaag.']);
    const put = await admin.put(`/api/deliveries/${d.id}`, {
      delivery_type_id: 3,
      date: future(9),
      client_id: d.client_id,
      address: 'Kerkstraat 1, 1011 AA Amsterdam',
      products: [{ product_id: products[1].id, amount: 1 }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({
      date: future(9),
      address: 'Kerkstraat 1, 1011 AA Amsterdam',
      order_number: orderNumber,
    });
    expect(put.body.data.products.map((l: DeliveryLine) => l.product_id)).toEqual([products[1].id]);
  });
});

describe('detail', () => {
  it('shows the client with its live contacts, the end customer, project, requester, lines and activity as stored', async () => {
    const item = await heldItem();
    const d = await created(await klant.post('/api/deliveries', ticket(DeliveryType.UITDIENST, { items: [item.id] })));
    const project = await ctx.db
      .insertInto('projects')
      .values({ client_id: customer, number: `PRJ-${d.id}` })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('deliveries').set({ project_id: project.id }).where('id', '=', d.id).execute();
    await ctx.db
      .insertInto('contacts')
      .values([
        { client_id: endUser, first_name: 'Anna', last_name: 'Aaldering', email: 'anna@klant.nl' },
        { client_id: endUser, first_name: 'Weg', last_name: 'Aaa', email: 'weg@klant.nl', deleted_at: new Date() },
      ])
      .execute();
    await ctx.db
      .insertInto('events')
      .values({ delivery_id: d.id, action: 'Later gebeurd', created_at: new Date(Date.now() + 1000) })
      .execute();

    const detail = (await admin.get(`/api/deliveries/${d.id}`)).body;
    const contacts = await ctx.db
      .selectFrom('contacts')
      .select(['id', 'first_name', 'last_name', 'title', 'phone', 'email'])
      .where('client_id', '=', endUser)
      .where('deleted_at', 'is', null)
      .orderBy('last_name')
      .orderBy('id')
      .execute();
    const endUserRow = await ctx.db
      .selectFrom('clients')
      .select(['id', 'name', 'client_type_id', 'parent_client_id'])
      .where('id', '=', endUser)
      .executeTakeFirstOrThrow();
    const customerRow = await ctx.db
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    expect(detail.client).toEqual({ ...endUserRow, contacts });
    expect(contacts.map((c) => c.last_name)).toContain('Aaldering');
    expect(contacts.map((c) => c.last_name)).not.toContain('Aaa');
    expect(detail.end_customer).toEqual(customerRow);
    expect(detail.project).toEqual(project);
    expect(detail.user).toEqual({ id: expect.any(Number), name: 'Karin Klant' });
    const lines = await ctx.db
      .selectFrom('delivery_products as dp')
      .leftJoin('items as i', 'i.id', 'dp.item_id')
      .select(['dp.id', 'dp.item_id', 'i.serial', 'dp.is_pickup'])
      .where('dp.delivery_id', '=', d.id)
      .orderBy('dp.is_pickup', 'desc')
      .orderBy('dp.id')
      .execute();
    expect(detail.products.map((l: DeliveryLine) => [l.id, l.item_id, l.serial, l.is_pickup])).toEqual(
      lines.map((l) => [l.id, l.item_id, l.serial, l.is_pickup]),
    );
    expect(detail.items).toContainEqual(
      expect.objectContaining({
        id: item.id,
        serial: item.serial,
        pivot: expect.objectContaining({ is_pickup: 1, checked_out_at: null }),
      }),
    );
    expect(detail.events.map((e: { action: string }) => e.action)).toEqual(['Later gebeurd', 'Uitdienst aangevraagd']);
    for (const e of detail.events) expect(e.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(detail.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await reseller.get(`/api/deliveries/${d.id}`)).status).toBe(200);
    const stranger =
      (await ctx.db
        .selectFrom('deliveries')
        .select('id')
        .where('client_id', '=', otherEndUser)
        .orderBy('id')
        .executeTakeFirst()) ??
      (await ctx.db
        .insertInto('deliveries')
        .values({ delivery_type_id: DeliveryType.UITDIENST, client_id: otherEndUser })
        .returning('id')
        .executeTakeFirstOrThrow());
    expect((await reseller.get(`/api/deliveries/${stranger.id}`)).status).toBe(404);
  });
});

describe('lists and export', () => {
  it("shows open deliveries with the spec's columns, filters by client and type, and pages", async () => {
    const d = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        order_number: order(),
        w_number: 'W-42',
        products: [{ product_id: products[0].id, amount: 2 }],
      }),
    );
    const res = await admin.get(`/api/deliveries?filters[client]=${customer}&filters[type]=6&per_page=200`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 200 });
    const row = res.body.data.find((r: DeliveryListRow) => r.id === d.id);
    expect(row).toMatchObject({
      order_number: d.order_number,
      w_number: 'W-42',
      delivery_type: { name: 'Bulklevering' },
      end_customer_id: customer,
      products_count: 2,
    });
    expect(
      res.body.data.every((r: DeliveryListRow) => r.delivery_type_id === 6 && r.end_customer_id === customer),
    ).toBe(true);
    const page = await admin.get('/api/deliveries?per_page=1&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.last_page).toBe(page.body.total);
  });

  it('finds a delivery by its whole order number, in any case, and not one that shares only the number part', async () => {
    const mine = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        order_number: 'ZXQ-0777771',
        products: [{ product_id: products[0].id }],
      }),
    );
    const other = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        order_number: 'PLK-0777771',
        products: [{ product_id: products[0].id }],
      }),
    );
    const ids = async (term: string) =>
      (await admin.get(`/api/deliveries?search=${encodeURIComponent(term)}`)).body.data.map(
        (r: DeliveryListRow) => r.id,
      );
    expect(await ids('ZXQ-0777771')).toEqual([mine.id]);
    expect(await ids('zxq-0777771')).toEqual([mine.id]);
    expect(await ids('Q-07777')).toEqual([mine.id]);
    expect((await ids('0777771')).sort()).toEqual([mine.id, other.id].sort());
    expect(await ids('ZXQ-0777772')).toEqual([]);
  });

  it('pages through a whole tab, past the tenth page too, with the same rows in the same order as one long page', async () => {
    for (const [user, tab] of [
      [admin, '/api/deliveries'],
      [reseller, '/api/deliveries'],
      [admin, '/api/finisheddeliveries'],
      [admin, '/api/backorders'],
    ] as const) {
      const all = (await user.get(`${tab}?per_page=200`)).body;
      expect(all.total, tab).toBeLessThan(200);
      // Pages of 1 to a few rows, so that the walk goes past the tenth page (its offset is sent as a parameter).
      const perPage = Math.max(1, Math.floor(all.total / 12));
      const walked: unknown[] = [];
      let last = 1;
      for (let page = 1; page <= last; page++) {
        const res = await user.get(`${tab}?per_page=${perPage}&page=${page}`);
        expect(res.body).toMatchObject({ current_page: page, total: all.total });
        last = res.body.last_page;
        walked.push(...res.body.data);
      }
      if (all.total >= 11) expect(last, tab).toBeGreaterThan(10);
      expect(walked, tab).toEqual(all.data);
    }
  });

  it('puts finished deliveries under Afgerond with their completion time, and not under Leveringen', async () => {
    await heldItem();
    const d = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    await ctx.db.updateTable('deliveries').set({ completed_at: new Date() }).where('id', '=', d.id).execute();
    const finished = await admin.get(`/api/finisheddeliveries?search=${d.order_number}`);
    expect(finished.body.data[0]).toMatchObject({ id: d.id });
    expect(finished.body.data[0].completed_at).toBeTruthy();
    expect((await admin.get(`/api/deliveries?search=${d.order_number}`)).body.total).toBe(0);
  });

  it('lists a delivery with open backorder lines under Backorders', async () => {
    const d = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        order_number: order(),
        products: [{ product_id: products[0].id }],
      }),
    );
    await ctx.db.updateTable('delivery_products').set({ is_backorder: true }).where('delivery_id', '=', d.id).execute();
    expect(
      (await admin.get(`/api/backorders?search=${d.order_number}`)).body.data.map((r: DeliveryListRow) => r.id),
    ).toEqual([d.id]);
  });

  it('exports a tab as .xlsx with a timestamped name; needs Levering exporteren', async () => {
    const res = await admin.get('/api/exportdelivery?tab=finished');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="leveringen-\d{8}-\d{6}\.xlsx"/);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining([
        'Datum',
        'Ordernummer',
        'Eindklant',
        'Adres',
        'Type',
        'Voorraad',
        'Aanmelddatum',
        'Topdesknummer',
        'Afgerond op',
      ]),
    );
    expect((await klant.get('/api/exportdelivery')).status).toBe(403);
  });

  it("shows a reseller only its own hierarchy; another tenant's delivery is a 404", async () => {
    const foreignItem = await ctx.db
      .selectFrom('items')
      .select('id')
      .where('client_id', '=', otherEndUser)
      .executeTakeFirst();
    const foreign = await created(
      await admin.post(
        '/api/deliveries',
        ticket(1, {
          client_id: otherEndUser,
          products: foreignItem ? [{ item_id: foreignItem.id, is_pickup: 1 }] : [],
        }),
      ),
    );
    expect((await reseller.get(`/api/deliveries/${foreign.id}`)).status).toBe(404);
    expect((await reseller.get(`/api/deliveries/${foreign.id}/packing_slip`)).status).toBe(404);
    // the reseller role cannot cancel at all
    expect((await reseller.post('/api/delivery/cancel', { id: foreign.id })).status).toBe(403);
    const list = await reseller.get(`/api/deliveries?search=${foreign.order_number}`);
    expect(list.body.total).toBe(0);
    expect((await admin.get(`/api/deliveries?search=${foreign.order_number}`)).body.total).toBe(1);
  });

  it("keeps every tab's total equal to its rows through create, finish, cancel, delete and a customer moving to another reseller", async () => {
    const tabs = ['/api/deliveries', '/api/finisheddeliveries', '/api/cancelleddeliveries'];
    const views: [ApiClient, string][] = [
      [admin, ''],
      [reseller, ''],
      [klant, ''],
      [admin, `&filters[client]=${customer}`],
      [admin, '&filters[type]=2'],
      [admin, `&filters[type]=${DeliveryType.BACKORDER}`],
    ];
    const totalsMatchRows = async () => {
      const totals: number[] = [];
      for (const [user, filter] of views) {
        for (const tab of tabs) {
          const res = await user.get(`${tab}?per_page=200${filter}`);
          expect(res.status).toBe(200);
          expect(res.body.total, `${tab}${filter}`).toBeLessThan(200);
          expect(res.body.total, `${tab}${filter}`).toBe(res.body.data.length);
          // A page past the end answers no rows but the same total.
          expect((await user.get(`${tab}?per_page=200&page=9${filter}`)).body, `${tab}${filter} page 9`).toMatchObject({
            data: [],
            total: res.body.total,
          });
          totals.push(res.body.total);
        }
      }
      return totals;
    };
    const before = await totalsMatchRows();
    await heldItem();
    const open = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    await heldItem();
    const finished = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    await heldItem();
    const cancelled = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    await heldItem();
    const deleted = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    await ctx.db.updateTable('deliveries').set({ completed_at: new Date() }).where('id', '=', finished.id).execute();
    expect((await admin.post('/api/delivery/cancel', { id: cancelled.id })).status).toBe(200);
    expect((await admin.post('/api/delivery/cancel', { id: deleted.id })).status).toBe(200);
    expect((await admin.post('/api/delivery/delete', { id: deleted.id })).status).toBe(200);
    const after = await totalsMatchRows();
    // One more in the provider's open, finished and cancelled tabs, and in the reseller's open tab (its end user's
    // delivery).
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4).map((n) => n + 1));
    expect((await reseller.get(`/api/deliveries?search=${open.order_number}`)).body.total).toBe(1);

    // The end customer moves to another reseller: its deliveries leave the first reseller's totals.
    const other = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.RESELLER)
      .where('id', '!=', (await reseller.get('/api/auth/me')).body.contact.client_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const home = await ctx.db
      .selectFrom('clients')
      .select('parent_client_id')
      .where('id', '=', customer)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('clients').set({ parent_client_id: other.id }).where('id', '=', customer).execute();
    try {
      const moved = await totalsMatchRows();
      expect(moved[3]).toBeLessThan(after[3] ?? 0);
    } finally {
      await ctx.db
        .updateTable('clients')
        .set({ parent_client_id: home.parent_client_id })
        .where('id', '=', customer)
        .execute();
    }
    expect(await totalsMatchRows()).toEqual(after);
  });
});

describe('state rules (spec 2 §4)', () => {
  it('cancels an open delivery, reopens it (Toch leveren), and deletes only a cancelled one', async () => {
    const item = await heldItem();
    const d = await created(
      await admin.post('/api/deliveries', ticket(1, { products: [{ item_id: item.id, is_pickup: 1 }] })),
    );
    const notCancelled = await admin.post('/api/delivery/delete', { id: d.id });
    expect(notCancelled.status).toBe(422);
    expect(notCancelled.body).toEqual({
      message: 'Er is helaas iets fout gegaan bij het verwijderen van de levering',
      errors: { id: ['Alleen een geannuleerde levering kan worden heropend of verwijderd.'] },
    });

    const cancel = await admin.post('/api/delivery/cancel', { id: d.id });
    expect(cancel.body.message).toBe('De levering is geannuleerd');
    const after = (await admin.get(`/api/deliveries/${d.id}`)).body;
    expect(after).toMatchObject({
      is_cancelled: true,
      can: { edit: false, cancel: false, reopen: true, delete: true },
    });
    expect(after.items[0].status.id).toBe(ItemStatus.IN_GEBRUIK);
    expect((await admin.get(`/api/cancelleddeliveries?search=${d.order_number}`)).body.total).toBe(1);
    const edit = await admin.post(`/api/deliveries/${d.id}`, { _method: 'PUT', order_number: 'X' });
    expect(edit.body).toEqual({
      message: 'Er is helaas iets fout gegaan bij het wijzigen van de levering',
      errors: { id: ['Een geannuleerde levering kan niet worden gewijzigd.'] },
    });

    const reopen = await admin.post('/api/delivery/reopen-cancelled-delivery', { id: d.id });
    expect(reopen.body.message).toBe('De levering is heropend');
    expect((await admin.get(`/api/deliveries/${d.id}`)).body.items[0].status.id).toBe(ItemStatus.REPARATIE_AANGEVRAAGD);

    await admin.post('/api/delivery/cancel', { id: d.id });
    const del = await admin.post('/api/delivery/delete', { id: d.id });
    expect(del.body.message).toBe('De levering is verwijderd');
    expect((await admin.get(`/api/deliveries/${d.id}`)).status).toBe(404);
    const events = await ctx.db
      .selectFrom('events')
      .select('action')
      .where('delivery_id', '=', d.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['Reparatie geannuleerd', 'Reparatie heropend', 'Reparatie verwijderd']),
    );
  });

  it('refuses to cancel a finished delivery, but cancels a resignation that is not completed', async () => {
    const bulk = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        order_number: order(),
        products: [{ product_id: products[0].id }],
      }),
    );
    await ctx.db
      .updateTable('delivery_products')
      .set({ checked_out_at: new Date() })
      .where('delivery_id', '=', bulk.id)
      .execute();
    const refused = await admin.post('/api/delivery/cancel', { id: bulk.id });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Er is helaas iets fout gegaan bij het annuleren van de levering',
      errors: { id: ['Een afgeronde levering kan niet worden geannuleerd.'] },
    });

    await heldItem();
    const resignation = await created(await admin.post('/api/deliveries', ticket(2, { date: null })));
    expect((await admin.post('/api/delivery/cancel', { id: resignation.id })).status).toBe(200);
    await ctx.db
      .updateTable('deliveries')
      .set({ is_cancelled: false, completed_at: new Date() })
      .where('id', '=', resignation.id)
      .execute();
    expect((await admin.post('/api/delivery/cancel', { id: resignation.id })).status).toBe(422);
  });

  it('cannot edit a mutation delivery', async () => {
    const item = await heldItem();
    const mutation = await admin.post(`/api/items/${item.id}/mutation`, {
      remove_client: true,
      contact_email: 'a@b.nl',
      contact_phone: '0612345678',
    });
    expect(mutation.status, JSON.stringify(mutation.body)).toBe(200);
    const id = mutation.body.data?.delivery_id ?? mutation.body.delivery_id;
    const d = (await admin.get(`/api/deliveries/${id}`)).body;
    expect(d).toMatchObject({ delivery_type_id: DeliveryType.MUTATIE, can: { edit: false, cancel: false } });
    const edit = await admin.post(`/api/deliveries/${id}`, { _method: 'PUT', order_number: 'X' });
    expect(edit.body.errors).toEqual({ id: ['Een mutatie kan niet worden gewijzigd.'] });
  });

  it('edits with the method override (405 without it), keeps checked-out bulk lines, and needs Levering wijzigen', async () => {
    const d = await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        order_number: order(),
        products: [{ product_id: products[0].id, amount: 3 }],
      }),
    );
    expect((await admin.post(`/api/deliveries/${d.id}`, { order_number: 'Z' })).status).toBe(405);
    const line = await ctx.db
      .selectFrom('delivery_products')
      .select('id')
      .where('delivery_id', '=', d.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('delivery_products')
      .set({ checked_out_at: new Date() })
      .where('id', '=', line.id)
      .execute();
    const res = await admin.post(`/api/deliveries/${d.id}`, {
      _method: 'PUT',
      order_number: 'NIEUW-1',
      products: [{ product_id: products[0].id, amount: 2 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('De Bulk levering is gewijzigd');
    expect(res.body.data.bulk_products).toEqual([
      expect.objectContaining({ id: products[0].id, expected: 2, arrived: 1 }),
    ]);
    expect(res.body.data.order_number).toBe('NIEUW-1');
    const pastDate = await admin.post(`/api/deliveries/${d.id}`, { _method: 'PUT', date: past });
    expect(pastDate.body.errors.date).toEqual(['Kies een datum vanaf vandaag.']);
    expect((await klant.post(`/api/deliveries/${d.id}`, { _method: 'PUT', order_number: 'K' })).status).toBe(403);
  });
});

describe('carrier, packing slip and shipping label', () => {
  it('changes the carrier, then prints an A6 label with the order number and its barcode only for PostNL', async () => {
    const d = await created(await admin.post('/api/deliveries', ticket(5, { bundle_id: bundleId, carrier_id: 1 })));
    const refused = await admin.get(`/deliveries/${d.id}/shipping_label`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.carrier_id).toEqual([
      'Een verzendlabel is er alleen voor leveringen die PostNL bezorgt.',
    ]);

    const changed = await admin.post(`/api/deliveries/${d.id}`, { _method: 'PUT', carrier_id: 2 });
    expect(changed.body).toMatchObject({
      message: 'De bezorger is aangepast',
      data: { carrier: { id: 2, name: 'PostNL' }, can: { shipping_label: true } },
    });
    const label = await admin.get(`/deliveries/${d.id}/shipping_label`);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const buf = label.body as unknown as Buffer;
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(buf);
    expect(text).toContain(`Ordernummer: ${d.order_number}`);
    expect(text).toContain('Afzender');
    expect(text).toContain('Ontvanger');
    const doc = await getDocument({ data: new Uint8Array(buf) }).promise;
    const view = (await doc.getPage(1)).view;
    expect(view.slice(2).map(Math.round)).toEqual([298, 420]); // A6 in points

    expect((await ctx.client().get(`/deliveries/${d.id}/shipping_label`)).status).toBe(401);
    expect((await reseller.get(`/deliveries/${d.id}/shipping_label`)).status).toBe(200);
  });

  it('treats an edit with the carrier and other fields as a full edit that saves them all', async () => {
    const d = await created(await admin.post('/api/deliveries', ticket(5, { bundle_id: bundleId, carrier_id: 1 })));
    const res = await admin.post(`/api/deliveries/${d.id}`, {
      _method: 'PUT',
      carrier_id: 2,
      order_number: 'VOLLEDIG-1',
      your_reference: 'REF-NIEUW',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('De levering is gewijzigd');
    const stored = (await admin.get(`/api/deliveries/${d.id}`)).body;
    expect(stored).toMatchObject({
      order_number: 'VOLLEDIG-1',
      your_reference: 'REF-NIEUW',
      carrier: { id: 2, name: 'PostNL' },
    });
  });

  it("prints the packing slip with the spec's content, accessories merged into an amount, and the signature once signed", async () => {
    const item = await heldItem();
    const d = await created(
      await admin.post(
        '/api/deliveries',
        ticket(4, {
          w_number: 'W-777',
          products: [
            { item_id: item.id, is_pickup: 1 },
            { product_id: products[0].id },
            { product_id: accessory.id, amount: 3 },
          ],
        }),
      ),
    );
    const res = await admin.get(`/api/deliveries/${d.id}/packing_slip`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.body as unknown as Buffer);
    for (const expected of [
      'PAKBON',
      'T.a.v. Jan Gebruiker',
      'Telefoon: 0612345678',
      'Uw referentie',
      'REF-1',
      'Ordernummer',
      d.order_number,
      'Topdesk nummer',
      'W-777',
      'Posities',
      'Retour',
      'Handtekening voor ontvangst',
      'Serienummers retour',
      item.serial,
    ]) {
      expect(text).toContain(expected);
    }
    const accessoryName = (
      await ctx.db.selectFrom('products').select('name').where('id', '=', accessory.id).executeTakeFirstOrThrow()
    ).name;
    expect(text).toMatch(new RegExp(`${accessoryName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+3`));

    // A signed delivery (field work stores the signature) shows the image and the signer.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const key = await ctx.app.storage.put('signatures', 'handtekening.png', png);
    await ctx.db
      .updateTable('deliveries')
      .set({ signature_file: key, signer_name: 'Sanne Tekenaar', signed_at: new Date() })
      .where('id', '=', d.id)
      .execute();
    const signed = await pdfText((await admin.get(`/api/deliveries/${d.id}/packing_slip`)).body as unknown as Buffer);
    expect(signed).toContain('Naam: Sanne Tekenaar');
    expect((await admin.get(`/api/deliveries/${d.id}`)).body.signature).toMatchObject({
      url: `/api/deliveries/${d.id}/signature`,
      signer_name: 'Sanne Tekenaar',
    });
    expect((await admin.get(`/api/deliveries/${d.id}/signature`)).headers['content-type']).toBe('image/png');
  });
});

describe('GET /api/delivery-form-options/{clientId}', () => {
  it('gives per article how many can be delivered and how many are already on order', async () => {
    const before = (await admin.get(`/api/delivery-form-options/${endUser}`)).body;
    const p = before.products[0];
    expect(p).toMatchObject({ available: expect.any(Number), on_order: expect.any(Number) });
    await created(
      await admin.post('/api/deliveries', {
        delivery_type_id: 6,
        client_id: customer,
        date: future(3),
        products: [{ product_id: p.id, amount: 4 }],
      }),
    );
    const after = (await admin.get(`/api/delivery-form-options/${endUser}`)).body;
    expect(after.products.find((x: DeliveryFormOptions['products'][number]) => x.id === p.id).on_order).toBe(
      p.on_order + 4,
    );
    expect(after.end_customer.id).toBe(customer);
    expect(after.bundles.length).toBeGreaterThan(0);
    expect((await reseller.get(`/api/delivery-form-options/${otherEndUser}`)).status).toBe(404);
  });
});

describe('demo data', () => {
  it('has deliveries of every type in every tab, and nothing that happened is dated in the future', async () => {
    for (const path of ['/api/deliveries', '/api/backorders', '/api/finisheddeliveries', '/api/cancelleddeliveries']) {
      expect((await admin.get(path)).body.total, path).toBeGreaterThan(0);
    }
    const types = await ctx.db
      .selectFrom('deliveries')
      .select('delivery_type_id')
      .distinct()
      .orderBy('delivery_type_id')
      .execute();
    expect(types.map((t) => t.delivery_type_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const partly = await ctx.db
      .selectFrom('deliveries as d')
      .select('d.id')
      .where('d.completed_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('delivery_products as l')
            .select('l.id')
            .whereRef('l.delivery_id', '=', 'd.id')
            .where('l.checked_out_at', 'is not', null),
        ),
      )
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('delivery_products as l')
            .select('l.id')
            .whereRef('l.delivery_id', '=', 'd.id')
            .where('l.checked_out_at', 'is', null),
        ),
      )
      .executeTakeFirst();
    expect(partly).toBeDefined();
    const now = new Date();
    const future = await ctx.db
      .selectFrom('deliveries')
      .select('id')
      .where((eb) => eb.or([eb('created_at', '>', now), eb('completed_at', '>', now)]))
      .where('user_id', 'is not', null)
      .where('order_number', 'like', 'LEV-%')
      .executeTakeFirst();
    expect(future).toBeUndefined();
  });
});
