/**
 * POST /api/delivery/checkout/check (issue 21): the check-out's verdict per scanned serial, at once,
 * with the check-out's own words; it changes nothing and keeps to the user's part of the hierarchy.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRight, firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';

let ctx: TestContext;
let magazijn: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let customer: number;
let endUser: number;
let otherCustomer: number;
let laptop: number;
let tablet: number;
let n = 0;

async function item(productId: number, owner: number, status: number = ItemStatus.INGEKLAARD) {
  const serial = `CK${String(++n).padStart(6, '0')}`;
  return ctx.db
    .insertInto('items')
    .values({ product_id: productId, client_id: owner, status_id: status, serial })
    .returning(['id', 'serial'])
    .executeTakeFirstOrThrow()
    .then((r) => ({ id: r.id, serial: r.serial! }));
}

async function delivery(clientId: number, productIds: number[], extra: { is_cancelled?: boolean } = {}) {
  const d = await ctx.db
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.INDIENST,
      client_id: clientId,
      carrier_id: Carrier.REUZADO,
      order_number: `CK-ORD-${++n}`,
      date: sql<string>`current_date`,
      is_cancelled: extra.is_cancelled ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('delivery_products')
    .values(productIds.map((product_id) => ({ delivery_id: d.id, product_id, is_pickup: 0 })))
    .execute();
  return d.id;
}

const checkedOut = async (id: number) =>
  (
    await ctx.db.selectFrom('delivery_products').select('checked_out_at').where('delivery_id', '=', id).execute()
  ).filter((l) => l.checked_out_at !== null).length;

beforeAll(async () => {
  ctx = await createTestContext();
  // Resellers may change deliveries here, so the hierarchy (not the right) is what refuses them below.
  await grantRight(ctx.db, 'Reseller', 'Levering wijzigen');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  customer = (await klant.get('/api/auth/me')).body.contact.client_id;
  const resellerId = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
  endUser = await firstEndUserOf(ctx.db, customer);
  otherCustomer = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .where('parent_client_id', '!=', resellerId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const product = (client: number, name: string) =>
    ctx.db
      .insertInto('products')
      .values({
        client_id: client,
        product_group_id: 1,
        name,
        article_number: `CK-${name}`,
        unique_product_id: `CK-${name}-${client}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  laptop = await product(customer, 'Laptop');
  tablet = await product(otherCustomer, 'Tablet');
});
afterAll(() => ctx.close());

describe('POST /api/delivery/checkout/check', () => {
  it('judges each serial as the check-out would, in list order, and applies nothing', async () => {
    const [a, b, c] = [await item(laptop, customer), await item(laptop, customer), await item(laptop, customer)];
    const inUse = await item(laptop, customer, ItemStatus.IN_GEBRUIK);
    const foreign = await item(tablet, otherCustomer);
    const id = await delivery(endUser, [laptop, laptop]);
    const res = await magazijn.post('/api/delivery/checkout/check', {
      id,
      serials: [a.serial, a.serial.toLowerCase(), 'KORT', 'CK999999', foreign.serial, inUse.serial, b.serial, c.serial],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      { serial: a.serial, available: true, message: null },
      { serial: a.serial.toLowerCase(), available: false, message: 'Serienummer is al gescand.' },
      { serial: 'KORT', available: false, message: 'Serienummer komt niet overeen' },
      { serial: 'CK999999', available: false, message: 'Serienummer is niet gevonden.' },
      { serial: foreign.serial, available: false, message: 'Serienummer hoort niet bij deze levering.' },
      { serial: inUse.serial, available: false, message: 'Serienummer is niet beschikbaar.' },
      { serial: b.serial, available: true, message: null },
      // Two laptop lines: the third laptop has no open line left.
      { serial: c.serial, available: false, message: 'Serienummer hoort niet bij deze levering.' },
    ]);
    expect(await checkedOut(id)).toBe(0);
    expect(
      (await ctx.db.selectFrom('items').select('status_id').where('id', '=', a.id).executeTakeFirstOrThrow()).status_id,
    ).toBe(ItemStatus.INGEKLAARD);

    // What the check says is what the check-out does.
    expect((await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial, b.serial] })).status).toBe(200);
    const again = await magazijn.post('/api/delivery/checkout/check', { id, serials: [a.serial] });
    expect(again.body.data).toEqual([{ serial: a.serial, available: false, message: 'Serienummer is al gescand.' }]);
  });

  it('refuses a closed delivery and bad input with Dutch messages', async () => {
    const a = await item(laptop, customer);
    const cancelled = await delivery(endUser, [laptop], { is_cancelled: true });
    const closed = await magazijn.post('/api/delivery/checkout/check', { id: cancelled, serials: [a.serial] });
    expect(closed.status).toBe(422);
    expect(closed.body.errors).toEqual({ id: ['Een geannuleerde levering kan niet worden uitgeklaard.'] });
    const empty = await magazijn.post('/api/delivery/checkout/check', { id: cancelled, serials: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['serials']);
    expect((await magazijn.post('/api/delivery/checkout/check', { id: 'x', serials: ['A'] })).status).toBe(422);
  });

  it("keeps to the customer hierarchy: another tenant's delivery is not found, its serial is unknown", async () => {
    const mine = await item(laptop, customer);
    const foreign = await item(tablet, otherCustomer);
    const own = await delivery(endUser, [laptop]);
    const theirs = await delivery(otherCustomer, [tablet]);
    expect(
      (await reseller.post('/api/delivery/checkout/check', { id: theirs, serials: [foreign.serial] })).status,
    ).toBe(404);
    const res = await reseller.post('/api/delivery/checkout/check', {
      id: own,
      serials: [mine.serial, foreign.serial],
    });
    expect(res.status).toBe(200);
    // The other tenant's serial answers exactly like one that does not exist.
    expect(res.body.data).toEqual([
      { serial: mine.serial, available: true, message: null },
      { serial: foreign.serial, available: false, message: 'Serienummer is niet gevonden.' },
    ]);
    // The end customer lacks the right to change deliveries.
    expect((await klant.post('/api/delivery/checkout/check', { id: own, serials: [mine.serial] })).status).toBe(403);
  });
});
