import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf';
import { grantRight, firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { pngDataUrl, signaturePng } from '../support/png';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import {
  checkOutAction,
  finishPayload,
  pendingFor,
  type AccessoryCount,
} from '../../src/features/deliveries/offline/fieldwork-actions';
import type { OutboxAction } from '../../src/offline/db';
import { checkOutComplete, withPending } from '../../src/features/deliveries/api/fieldwork';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let customer: number;
let endUser: number;
let otherCustomer: number;
let product: number;
let accessory: number;
let otherProduct: number;
let n = 0;

const serial = () => `FW${String(++n).padStart(6, '0')}`;
const signature = pngDataUrl(signaturePng());

async function item(status: number = ItemStatus.INGEKLAARD, owner = customer, productId = product) {
  return ctx.db
    .insertInto('items')
    .values({ product_id: productId, client_id: owner, status_id: status, serial: serial() })
    .returning(['id', 'serial', 'product_id'])
    .executeTakeFirstOrThrow()
    .then((r) => ({ ...r, serial: r.serial! }));
}

interface Line {
  product_id: number;
  item_id?: number | null;
  is_pickup?: number;
  checked_out?: boolean;
}
async function delivery(
  type: number,
  clientId: number,
  lines: Line[],
  extra: { carrier_id?: number; today?: boolean } = {},
) {
  const d = await ctx.db
    .insertInto('deliveries')
    .values({
      delivery_type_id: type,
      client_id: clientId,
      carrier_id: extra.carrier_id ?? Carrier.REUZADO,
      order_number: `FW-ORD-${++n}`,
      date: extra.today === false ? sql<string>`current_date + 1` : sql<string>`current_date`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await ctx.db
      .insertInto('delivery_products')
      .values(
        lines.map((l) => ({
          delivery_id: d.id,
          product_id: l.product_id,
          item_id: l.item_id ?? null,
          is_pickup: l.is_pickup ?? 0,
          checked_out_at: l.checked_out ? new Date() : null,
        })),
      )
      .execute();
  }
  return d.id;
}

const lineRows = (id: number) =>
  ctx.db.selectFrom('delivery_products').selectAll().where('delivery_id', '=', id).orderBy('id').execute();
/**
 * The backorder delivery (type 7) a finish of this delivery made, with its lines as [product_id, item_id, is_pickup,
 * checked out].
 */
async function backorderOf(id: number) {
  const b = await ctx.db
    .selectFrom('deliveries')
    .selectAll()
    .where('backorder_of_id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = (await lineRows(b.id)).map((l) => [l.product_id, l.item_id, l.is_pickup, l.checked_out_at !== null]);
  return { ...b, lines };
}
const statusOf = async (id: number) =>
  await ctx.db.selectFrom('items').select(['status_id', 'client_id']).where('id', '=', id).executeTakeFirstOrThrow();
const signatureFiles = () => {
  const dir = path.join(ctx.dataDir, 'files', 'signatures');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

beforeAll(async () => {
  ctx = await createTestContext();
  // Resellers get the right to change deliveries here, so hierarchy (not the right) is what refuses them below.
  await grantRight(ctx.db, 'Reseller', 'Levering wijzigen');
  admin = await ctx.client().signIn('beheerder@demo.local');
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
  const newProduct = (client: number, group: number, name: string) =>
    ctx.db
      .insertInto('products')
      .values({
        client_id: client,
        product_group_id: group,
        name,
        article_number: `FW-${name}`,
        unique_product_id: `FW-${name}-${client}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  product = await newProduct(customer, 1, 'Laptop');
  accessory = await newProduct(customer, 3, 'Muis');
  otherProduct = await newProduct(otherCustomer, 1, 'Tablet');
});
afterAll(() => ctx.close());

describe('check-out (POST /api/delivery/checkout)', () => {
  it('refuses per serial: duplicate, length, unknown, foreign, not available; nothing is applied then', async () => {
    const [a, b] = [await item(), await item()];
    const inUse = await item(ItemStatus.IN_GEBRUIK);
    const foreign = await item(ItemStatus.INGEKLAARD, otherCustomer, otherProduct);
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product },
      { product_id: accessory },
    ]);
    const res = await magazijn.post('/api/delivery/checkout', {
      id,
      serials: [a.serial, a.serial.toLowerCase(), 'KORT', 'FW999999', foreign.serial, inUse.serial, b.serial],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Items uitklaren mislukt');
    expect(res.body.errors).toEqual({
      'serials.1': ['Serienummer is al gescand.'],
      'serials.2': ['Serienummer komt niet overeen'],
      'serials.3': ['Serienummer is niet gevonden.'],
      'serials.4': ['Serienummer hoort niet bij deze levering.'],
      'serials.5': ['Serienummer is niet beschikbaar.'],
    });
    expect((await lineRows(id)).every((l) => l.checked_out_at === null)).toBe(true);
    expect((await statusOf(a.id)).status_id).toBe(ItemStatus.INGEKLAARD);
  });

  it("checks out available items of the line's article and counts accessories; the items become Uitgeklaard with events", async () => {
    const [a, b] = [await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product },
      { product_id: accessory },
      { product_id: accessory },
    ]);
    const order = (
      await ctx.db.selectFrom('deliveries').select('order_number').where('id', '=', id).executeTakeFirstOrThrow()
    ).order_number!;
    // Its row under Leveringen, or under Afgerond once it is finished.
    const listed = async () => {
      const rows = await Promise.all(
        ['/api/deliveries', '/api/finisheddeliveries'].map(
          async (tab) => (await admin.get(`${tab}?search=${order}`)).body.data as { id: number }[],
        ),
      );
      return rows.flat().find((r) => r.id === id);
    };
    expect(await listed()).toMatchObject({ products_count: 4, checked_out_count: 0 });
    const tooMany = await magazijn.post('/api/delivery/checkout', {
      id,
      serials: [a.serial],
      accessories: [{ product_id: accessory, amount: 3 }],
    });
    expect(tooMany.body.errors).toEqual({
      'accessories.0.amount': ['Dit accessoire staat niet (meer) open op deze levering.'],
    });
    expect((await magazijn.post('/api/delivery/checkout', { id })).body.errors).toEqual({
      serials: ['Scan minimaal één serienummer of vul een aantal in.'],
    });

    const res = await magazijn.post('/api/delivery/checkout', {
      id,
      serials: [a.serial, b.serial],
      accessories: [{ product_id: accessory, amount: '2' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('De items zijn uitgeklaard');
    expect(res.body.data.checked_out).toHaveLength(4);
    expect((await statusOf(a.id)).status_id).toBe(ItemStatus.UITGEKLAARD);
    expect((await lineRows(id)).every((l) => l.checked_out_at !== null)).toBe(true);
    expect(await listed()).toMatchObject({ products_count: 4, checked_out_count: 4 });
    const detail = (await admin.get(`/api/deliveries/${id}`)).body;
    expect(detail.finished).toBe(true);
    expect(detail.events.filter((e: { action: string }) => e.action === 'Item uitgeklaard')).toHaveLength(2);
    expect(detail.events.map((e: { action: string }) => e.action)).toContain('2 accessoires uitgeklaard');

    const again = await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial] });
    expect(again.body.errors).toEqual({ 'serials.0': ['Serienummer is al gescand.'] });
  });

  it('scanbulkitems refuses a delivery that is not bulk and counts a bulk delivery per article (Uitgeklaard)', async () => {
    const a = await item();
    const mutation = await delivery(DeliveryType.MUTATIE, endUser, [{ product_id: product }]);
    const refused = await magazijn.post('/api/items/scanbulkitems', { delivery_id: mutation, serials: [a.serial] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ delivery_id: ['Alleen een bulklevering wordt per aantal uitgeklaard.'] });
    expect((await statusOf(a.id)).status_id).toBe(ItemStatus.INGEKLAARD);

    const bulk = await delivery(DeliveryType.BULK_LEVERING, customer, [
      { product_id: product },
      { product_id: product },
      { product_id: product },
      { product_id: accessory },
    ]);
    const b = await item();
    const res = await magazijn.post('/api/items/scanbulkitems', { delivery_id: bulk, serials: [a.serial, b.serial] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = (await magazijn.get(`/api/deliveries/${bulk}`)).body;
    expect(detail.bulk_products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: product, expected: 3, arrived: 2 }),
        expect.objectContaining({ id: accessory, expected: 1, arrived: 0 }),
      ]),
    );
    const c = await item();
    const full = await magazijn.post('/api/items/scanbulkitems', {
      delivery_id: bulk,
      serials: [c.serial, (await item()).serial],
    });
    expect(full.body.errors).toEqual({ 'serials.1': ['Serienummer hoort niet bij deze levering.'] });
  });

  it('refuses a cancelled or finished delivery, needs the right and stays within the hierarchy', async () => {
    const a = await item();
    const id = await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }]);
    expect((await klant.post('/api/delivery/checkout', { id, serials: [a.serial] })).status).toBe(403);
    const foreign = await delivery(DeliveryType.INDIENST, otherCustomer, [{ product_id: otherProduct }]);
    expect((await reseller.post('/api/delivery/checkout', { id: foreign, serials: [a.serial] })).status).toBe(404);
    await ctx.db.updateTable('deliveries').set({ is_cancelled: true }).where('id', '=', id).execute();
    expect((await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial] })).body.errors).toEqual({
      id: ['Een geannuleerde levering kan niet worden uitgeklaard.'],
    });
    await ctx.db
      .updateTable('deliveries')
      .set({ is_cancelled: false, completed_at: new Date() })
      .where('id', '=', id)
      .execute();
    expect((await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial] })).body.errors).toEqual({
      id: ['Een afgeronde levering kan niet meer worden uitgeklaard.'],
    });
  });
});

describe('finish (POST /api/finish/delivery)', () => {
  /** An in-service delivery to the end user with two items and an accessory, all checked out. */
  async function checkedOutDelivery() {
    const [a, b] = [await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product },
      { product_id: accessory },
    ]);
    const res = await magazijn.post('/api/delivery/checkout', {
      id,
      serials: [a.serial, b.serial],
      accessories: [{ product_id: accessory, amount: 1 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id, a, b };
  }

  it("requires handtekening and the signer's name except for bulk, and only a real PNG", async () => {
    const { id, a } = await checkedOutDelivery();
    const items = [{ item_id: a.id, product_id: product, is_pickup: 0 }];
    const none = await magazijn.post('/api/finish/delivery', { id, items });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({
      handtekening: ['Een handtekening is verplicht.'],
      signer_name: ['Vul de naam van de ondertekenaar in.'],
    });
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;
    expect(
      (await magazijn.post('/api/finish/delivery', { id, items, handtekening: svg, signer_name: 'Jan' })).body.errors,
    ).toEqual({
      handtekening: ['De handtekening moet een PNG-afbeelding zijn.'],
    });
    const lying = `data:image/png;base64,${Buffer.from('<html>not a png</html>').toString('base64')}`;
    expect(
      (await magazijn.post('/api/finish/delivery', { id, items, handtekening: lying, signer_name: 'Jan' })).body.errors,
    ).toEqual({
      handtekening: ['De handtekening moet een PNG-afbeelding zijn.'],
    });
    const broken = signaturePng();
    const cut = pngDataUrl(broken.subarray(0, broken.length - 20));
    expect(
      (await magazijn.post('/api/finish/delivery', { id, items, handtekening: cut, signer_name: 'Jan' })).body.errors,
    ).toEqual({
      handtekening: ['De handtekening moet een PNG-afbeelding zijn.'],
    });
    const tiny = pngDataUrl(signaturePng(20, 20));
    expect(
      (await magazijn.post('/api/finish/delivery', { id, items, handtekening: tiny, signer_name: 'Jan' })).body.errors,
    ).toEqual({
      handtekening: ['De handtekening is te groot of te klein.'],
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (
        await magazijn.post('/api/finish/delivery', {
          id,
          items,
          handtekening: signature,
          signer_name: 'Jan',
          signed_at: future,
        })
      ).body.errors,
    ).toEqual({ signed_at: ['Het tijdstip van ondertekenen ligt in de toekomst.'] });
    expect(
      (await ctx.db.selectFrom('deliveries').select('completed_at').where('id', '=', id).executeTakeFirstOrThrow())
        .completed_at,
    ).toBeNull();

    const a2 = await item();
    const bulk = await delivery(DeliveryType.BULK_LEVERING, customer, [{ product_id: product }]);
    expect((await magazijn.post('/api/items/scanbulkitems', { delivery_id: bulk, serials: [a2.serial] })).status).toBe(
      200,
    );
    const done = await magazijn.post('/api/finish/delivery', {
      id: bulk,
      delivery_type_id: 6,
      client_id: customer,
      items: [{ item_id: a2.id, is_pickup: 0 }],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe('De levering is afgerond');
    expect(done.body.data).toMatchObject({ completed: expect.any(String), comment: null, signature: null });
    // Delivered to an end customer: stock at the customer's location.
    expect(await statusOf(a2.id)).toEqual({ status_id: ItemStatus.VOORRAAD_KLANTLOCATIE, client_id: customer });
  });

  it('ticked lines are delivered, the rest becomes backorder lines with the comment; signature, history and packing slip', async () => {
    const { id, a, b } = await checkedOutDelivery();
    const signedAt = new Date(Date.now() - 3_600_000).toISOString();
    const res = await magazijn.post('/api/finish/delivery', {
      id,
      delivery_type_id: DeliveryType.INDIENST,
      client_id: endUser,
      items: [{ item_id: a.id, product_id: product, is_pickup: 0 }],
      handtekening: signature,
      signer_name: 'Jan de Ontvanger',
      signed_at: signedAt,
      comment: 'genegeerd',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.comment).toBe(`Niet geleverde artikelen: Laptop (${b.serial}), Muis`);
    expect(d.signature).toEqual({
      url: `/api/deliveries/${id}/signature`,
      signer_name: 'Jan de Ontvanger',
      signed_at: signedAt,
    });
    expect(d.completed).not.toBeNull();
    expect(d.events[0]).toMatchObject({
      action: 'Indienst afgerond, getekend door Jan de Ontvanger',
      user: { name: 'Mark Magazijn' },
    });
    expect(await statusOf(a.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect((await statusOf(b.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    const lines = await lineRows(id);
    // The line not delivered no longer names the item that went back into stock.
    expect(lines.map((l) => [l.item_id, l.is_backorder, l.checked_out_at !== null])).toEqual([
      [a.id, false, true],
      [null, true, false],
      [null, true, false],
    ]);
    const backorder = await backorderOf(id);
    expect(backorder).toMatchObject({
      delivery_type_id: DeliveryType.BACKORDER,
      client_id: endUser,
      order_number: d.order_number,
      completed_at: null,
      is_cancelled: false,
    });
    expect(backorder.lines).toEqual([
      [product, null, 0, false],
      [accessory, null, 0, false],
    ]);
    expect(d.backorders).toEqual([
      { id: backorder.id, order_number: d.order_number, completed: null, is_cancelled: false },
    ]);

    const backorders = await admin.get(`/api/backorders?search=${d.order_number}`);
    expect(backorders.body.data.map((r: { id: number }) => r.id)).toEqual([backorder.id]);
    const image = await admin.get(d.signature.url);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, signaturePng())).toBe(0);
    const slip = await admin.get(`/api/deliveries/${id}/packing_slip`);
    const text = await pdfText(slip.body as Buffer);
    expect(text).toContain('Naam: Jan de Ontvanger');
    expect(text).toContain('Backorder');
  });

  it('a pickup not ticked is still to pick up; both parts joined; picked-up items return as the type says', async () => {
    const [defect, keep, replacement] = [
      await item(ItemStatus.IN_GEBRUIK, endUser),
      await item(ItemStatus.IN_GEBRUIK, endUser),
      await item(),
    ];
    const swap = await delivery(DeliveryType.EOL_SWAP, endUser, [
      { product_id: product, item_id: defect.id, is_pickup: 1 },
      { product_id: product, item_id: keep.id, is_pickup: 1 },
      { product_id: product },
    ]);
    expect((await magazijn.post('/api/delivery/checkout', { id: swap, serials: [replacement.serial] })).status).toBe(
      200,
    );
    const none = await magazijn.post('/api/finish/delivery', {
      id: swap,
      items: [{ item_id: defect.id, is_pickup: 1 }],
      handtekening: signature,
      signer_name: 'Piet',
    });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data.comment).toBe(
      `Niet geleverde artikelen: Laptop (${replacement.serial})\nNog op te halen artikelen: Laptop (${keep.serial})`,
    );
    expect(await statusOf(defect.id)).toEqual({ status_id: ItemStatus.EOL, client_id: customer });
    expect((await statusOf(keep.id)).status_id).toBe(ItemStatus.IN_GEBRUIK);

    const [x] = [await item(ItemStatus.IN_GEBRUIK, endUser)];
    const resign = await delivery(DeliveryType.UITDIENST, endUser, [
      { product_id: product, item_id: x.id, is_pickup: 1 },
    ]);
    const all = await magazijn.post('/api/finish/delivery', {
      id: resign,
      items: [{ item_id: x.id, is_pickup: 1 }],
      handtekening: signature,
      signer_name: 'Piet',
    });
    expect(all.body.data.comment).toBeNull();
    expect(await statusOf(x.id)).toEqual({ status_id: ItemStatus.INGEKLAARD, client_id: customer });
  });

  it('a line checked out offline is ticked by its article: the finish was made before the server chose the item', async () => {
    const [a, b] = [await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product },
      { product_id: accessory },
    ]);
    // Both queued on the device: the finish names the line by its article (item_id null), as the page knew it.
    expect(
      (
        await magazijn.post('/api/delivery/checkout', {
          id,
          serials: [a.serial, b.serial],
          accessories: [{ product_id: accessory, amount: 1 }],
        })
      ).status,
    ).toBe(200);
    const res = await magazijn.post('/api/finish/delivery', {
      id,
      handtekening: signature,
      signer_name: 'Jan',
      items: [
        { item_id: null, product_id: product, is_pickup: 0 },
        { item_id: b.id, product_id: product, is_pickup: 0 },
        { item_id: null, product_id: accessory, is_pickup: 0 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.comment).toBeNull();
    expect((await statusOf(a.id)).status_id).toBe(ItemStatus.IN_GEBRUIK);
    expect((await statusOf(b.id)).status_id).toBe(ItemStatus.IN_GEBRUIK);
    expect((await lineRows(id)).every((l) => !l.is_backorder)).toBe(true);

    // An article with no checked-out line left is still refused.
    const c = await item();
    const other = await delivery(DeliveryType.REPARATIE, endUser, [{ product_id: product, item_id: c.id }]);
    const refused = await magazijn.post('/api/finish/delivery', {
      id: other,
      handtekening: signature,
      signer_name: 'Jan',
      items: [{ item_id: null, product_id: product, is_pickup: 0 }],
    });
    expect(refused.body.errors).toEqual({
      'items.0.product_id': ['Dit artikel staat niet (meer) open op deze levering.'],
    });
  });

  it('refuses lines that are not on the delivery, not checked out or ticked twice', async () => {
    const a = await item();
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product, item_id: a.id },
    ]);
    const stranger = await item();
    // Not finished yet (lines open) and not a pickup ticket: finishing is not offered.
    expect(
      (await magazijn.post('/api/finish/delivery', { id, handtekening: signature, signer_name: 'X' })).body.errors,
    ).toEqual({
      id: ['Deze levering kan nog niet worden afgerond.'],
    });
    const swap = await delivery(DeliveryType.REPARATIE, endUser, [
      { product_id: product, item_id: (await item(ItemStatus.IN_GEBRUIK, endUser)).id, is_pickup: 1 },
      { product_id: product, item_id: a.id },
    ]);
    const res = await magazijn.post('/api/finish/delivery', {
      id: swap,
      handtekening: signature,
      signer_name: 'X',
      delivery_type_id: 3,
      items: [
        { item_id: stranger.id, is_pickup: 0 },
        { item_id: a.id, is_pickup: 0 },
        { product_id: accessory, is_pickup: 0 },
      ],
    });
    expect(res.body.errors).toEqual({
      delivery_type_id: ['Dit hoort niet bij deze levering.'],
      'items.0.item_id': ['Dit artikel staat niet (meer) open op deze levering.'],
      'items.1.item_id': ['Dit artikel is nog niet uitgeklaard.'],
      'items.2.product_id': ['Dit artikel staat niet (meer) open op deze levering.'],
    });
  });

  it("the same Idempotency-Key twice is one effect; finishing again is refused; a cancelled delivery is refused with the spec's message", async () => {
    const { id, a, b } = await checkedOutDelivery();
    const before = signatureFiles();
    const body = {
      id,
      items: [
        { item_id: a.id, is_pickup: 0 },
        { item_id: b.id, is_pickup: 0 },
        { product_id: accessory, is_pickup: 0 },
      ],
      handtekening: signature,
      signer_name: 'Jan',
    };
    const first = await magazijn.post('/api/finish/delivery', body, { 'Idempotency-Key': `finish-${id}-key` });
    const second = await magazijn.post('/api/finish/delivery', body, { 'Idempotency-Key': `finish-${id}-key` });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(first.body.data.comment).toBeNull();
    const finishedEvents = await ctx.db
      .selectFrom('events')
      .select('id')
      .where('delivery_id', '=', id)
      .where('action', 'like', 'Indienst afgerond%')
      .execute();
    expect(finishedEvents).toHaveLength(1);
    expect(signatureFiles()).toBe(before + 1);

    const again = await magazijn.post('/api/finish/delivery', body, { 'Idempotency-Key': `finish-${id}-other` });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: 'Er is helaas iets fout gegaan bij het afronden van de levering',
      errors: { id: ['Deze levering is al afgerond.'] },
    });

    const cancelled = await delivery(DeliveryType.UITDIENST, endUser, [
      { product_id: product, item_id: (await item(ItemStatus.IN_GEBRUIK, endUser)).id, is_pickup: 1 },
    ]);
    await ctx.db.updateTable('deliveries').set({ is_cancelled: true }).where('id', '=', cancelled).execute();
    const refused = await magazijn.post('/api/finish/delivery', {
      id: cancelled,
      items: [],
      handtekening: signature,
      signer_name: 'Jan',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Er is helaas iets fout gegaan bij het afronden van de levering',
      errors: { id: ['Een geannuleerde levering kan niet worden afgerond.'] },
    });
    expect(signatureFiles()).toBe(before + 1);
  });

  it('needs the right and stays within the hierarchy', async () => {
    const { id } = await checkedOutDelivery();
    expect((await klant.post('/api/finish/delivery', { id, handtekening: signature, signer_name: 'X' })).status).toBe(
      403,
    );
    const foreign = await delivery(DeliveryType.UITDIENST, otherCustomer, []);
    expect(
      (await reseller.post('/api/finish/delivery', { id: foreign, handtekening: signature, signer_name: 'X' })).status,
    ).toBe(404);
    expect((await reseller.post('/api/finish/delivery', { id: 'x' })).status).toBe(422);
  });
});

describe('a finish made offline after check-outs made offline (both replayed later, in order)', () => {
  type ViewLine = DeliveryDetail['products'][number];
  /** What the finish modal shows for a line: its serial (also one placed offline), else the article. */
  const shown = (d: DeliveryDetail, l: ViewLine) =>
    l.serial ?? d.items.find((i) => i.id === l.item_id)?.serial ?? l.product.name;

  /**
   * The device's round, as the web does it: the delivery page as it was cached before the check-outs,
   * the check-outs queued, the finish body built by `finishPayload` from the page's view with the
   * waiting check-outs applied (the line ids the modal ticks), then the outbox replayed in order.
   */
  async function offlineRound(
    id: number,
    checkOuts: { serials?: string[]; accessories?: AccessoryCount[] }[],
    tick: (label: string, l: ViewLine | null) => boolean,
    opts: { bulk?: boolean; meanwhile?: () => Promise<unknown> } = {},
  ) {
    const cached = (await magazijn.get(`/api/deliveries/${id}`)).body as DeliveryDetail;
    const queued: OutboxAction[] = checkOuts.map((c, k) => ({
      ...checkOutAction(cached, c.serials ?? [], c.accessories ?? []),
      id: `offline-${id}-${k}`,
      createdAt: k,
      order: k,
      status: 'waiting',
      error: null,
      attempts: 0,
      invalidate: [],
    }));
    const { view, unplaced } = withPending(cached, pendingFor(queued, id));
    // The modal ticks by line id; only lines shown as checked out (or pickups) can be ticked.
    const tickedLineIds = view.products
      .filter((l) => (l.is_pickup === 1 || l.checked_out_at !== null) && tick(shown(view, l), l))
      .map((l) => l.id);
    // Serials the page could not put on a line (several articles wait for items) are ticked by serial.
    const tickedSerials = unplaced.filter((s) => tick(s, null));
    const body = finishPayload(view, {
      tickedLineIds,
      waitingSerials: unplaced,
      tickedSerials,
      handtekening: opts.bulk ? null : signature,
      signerName: opts.bulk ? null : 'Jan',
    });
    await opts.meanwhile?.();
    const replies = [];
    for (const a of queued) replies.push(await magazijn.post(`/api/${a.path}`, a.body, { 'Idempotency-Key': a.id }));
    const finish = await magazijn.post('/api/finish/delivery', body, { 'Idempotency-Key': `offline-${id}-finish` });
    return { view, unplaced, replies, finish };
  }

  it('product-level lines filled offline: exactly the ticked serials are delivered, the others become backorders (§4 comment); accessories counted', async () => {
    const [a, b, c] = [await item(), await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product },
      { product_id: product },
      { product_id: accessory },
      { product_id: accessory },
    ]);
    let mice = 0;
    const { view, replies, finish } = await offlineRound(
      id,
      [
        { serials: [a.serial] },
        { serials: [b.serial] },
        { serials: [c.serial] },
        { accessories: [{ product_id: accessory, amount: 2 }] },
      ],
      (label) => label === b.serial || label === c.serial || (label === 'Muis' && ++mice === 2),
    );
    expect(view.products.map((l) => shown(view, l))).toEqual([a.serial, b.serial, c.serial, 'Muis', 'Muis']);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    expect(finish.body.data.comment).toBe(`Niet geleverde artikelen: Laptop (${a.serial}), Muis`);
    expect((await statusOf(a.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    expect(await statusOf(b.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect(await statusOf(c.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    const lines = await lineRows(id);
    expect(lines.map((l) => [l.item_id, l.is_backorder])).toEqual([
      [null, true],
      [b.id, false],
      [c.id, false],
      [null, true],
      [null, false],
    ]);
    const backorder = await backorderOf(id);
    expect(backorder.lines).toEqual([
      [product, null, 0, false],
      [accessory, null, 0, false],
    ]);
    const backorders = await admin.get(`/api/backorders?search=${finish.body.data.order_number}`);
    expect(backorders.body.data.map((r: { id: number }) => r.id)).toEqual([backorder.id]);
  });

  it('a mutation with serial-level and product-level lines of one article and pickups: what was ticked, nothing else', async () => {
    const [oldKept, oldBack] = [await item(ItemStatus.IN_GEBRUIK, endUser), await item(ItemStatus.IN_GEBRUIK, endUser)];
    const [planned, scanned] = [await item(), await item()];
    const id = await delivery(DeliveryType.MUTATIE, endUser, [
      { product_id: product, item_id: oldBack.id, is_pickup: 1 },
      { product_id: product, item_id: oldKept.id, is_pickup: 1 },
      { product_id: product, item_id: planned.id },
      { product_id: product },
    ]);
    const { view, finish } = await offlineRound(
      id,
      [{ serials: [planned.serial, scanned.serial] }],
      (label) => label === scanned.serial || label === oldBack.serial,
    );
    expect(view.products.filter((l) => l.is_pickup === 0).map((l) => [shown(view, l), l.checked_out_at])).toEqual([
      [planned.serial, 'pending'],
      [scanned.serial, 'pending'],
    ]);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    expect(finish.body.data.comment).toBe(
      `Niet geleverde artikelen: Laptop (${planned.serial})\nNog op te halen artikelen: Laptop (${oldKept.serial})`,
    );
    expect(await statusOf(scanned.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect((await statusOf(planned.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    expect(await statusOf(oldBack.id)).toEqual({ status_id: ItemStatus.INGEKLAARD, client_id: customer });
    expect(await statusOf(oldKept.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect((await lineRows(id)).map((l) => [l.item_id, l.is_backorder])).toEqual([
      [oldBack.id, false],
      [oldKept.id, true],
      [null, true],
      [scanned.id, false],
    ]);
    // The backorder picks up what is left and delivers the article again, any available item of it.
    expect((await backorderOf(id)).lines).toEqual([
      [product, oldKept.id, 1, false],
      [product, null, 0, false],
    ]);
  });

  it('a bulk delivery counted offline by serial: the unticked serial is the backorder, no signature needed', async () => {
    const [a, b, c] = [await item(), await item(), await item()];
    const id = await delivery(DeliveryType.BULK_LEVERING, customer, [
      { product_id: product },
      { product_id: product },
      { product_id: product },
    ]);
    const { finish } = await offlineRound(
      id,
      [{ serials: [a.serial] }, { serials: [b.serial] }, { serials: [c.serial] }],
      (label) => label !== b.serial,
      { bulk: true },
    );
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    expect(finish.body.data.comment).toBe(`Niet geleverde artikelen: Laptop (${b.serial})`);
    expect((await statusOf(b.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    expect(await statusOf(a.id)).toEqual({ status_id: ItemStatus.VOORRAAD_KLANTLOCATIE, client_id: customer });
    expect(await statusOf(c.id)).toEqual({ status_id: ItemStatus.VOORRAAD_KLANTLOCATIE, client_id: customer });
  });

  it('another device checked out a line meanwhile: the serial ticked is what is delivered, wherever the server put it', async () => {
    const [mine, theirs] = [await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }, { product_id: product }]);
    const { view, finish } = await offlineRound(id, [{ serials: [mine.serial] }], (label) => label === mine.serial, {
      meanwhile: () => admin.post('/api/delivery/checkout', { id, serials: [theirs.serial] }),
    });
    const [first, second] = await lineRows(id).then((rows) => rows.map((l) => l.id));
    // The page put it on the first line; the server, after the other check-out, on the second.
    expect(view.products.find((l) => l.serial === mine.serial)!.id).toBe(first);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    expect(finish.body.data.comment).toBe(`Niet geleverde artikelen: Laptop (${theirs.serial})`);
    expect(await statusOf(mine.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect((await statusOf(theirs.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    expect((await lineRows(id)).map((l) => [l.id, l.item_id, l.is_backorder])).toEqual([
      [first, null, true],
      [second, mine.id, false],
    ]);
  });

  it('several articles on product-level lines: waiting serials are ticked by serial; the server finds the lines the check-outs filled', async () => {
    const phone = await ctx.db
      .insertInto('products')
      .values({
        client_id: customer,
        product_group_id: 1,
        name: 'Telefoon',
        article_number: 'FW-Telefoon',
        unique_product_id: `FW-Telefoon-${customer}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    const [a, b, p] = [await item(), await item(), await item(ItemStatus.INGEKLAARD, customer, phone)];
    const id = await delivery(DeliveryType.INDIENST, endUser, [
      { product_id: product },
      { product_id: product },
      { product_id: phone },
      { product_id: accessory },
    ]);
    const { view, unplaced, replies, finish } = await offlineRound(
      id,
      [{ serials: [a.serial] }, { serials: [p.serial, b.serial], accessories: [{ product_id: accessory, amount: 1 }] }],
      (label) => label === a.serial || label === p.serial || label === 'Muis',
    );
    // The device cannot tell which article a serial is: it lists them, and the check-out counts as complete.
    expect(unplaced).toEqual([a.serial, p.serial, b.serial]);
    expect(view.products.map((l) => [shown(view, l), l.checked_out_at])).toEqual([
      ['Laptop', null],
      ['Laptop', null],
      ['Telefoon', null],
      ['Muis', 'pending'],
    ]);
    expect(checkOutComplete(view, unplaced)).toBe(true);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    // The server names the article of the serial left out (the device could not).
    expect(finish.body.data.comment).toBe(`Niet geleverde artikelen: Laptop (${b.serial})`);
    expect(await statusOf(a.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect(await statusOf(p.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect((await statusOf(b.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    expect((await lineRows(id)).map((l) => [l.item_id, l.is_backorder])).toEqual([
      [a.id, false],
      [null, true],
      [p.id, false],
      [null, false],
    ]);
    const backorder = await backorderOf(id);
    const backorders = await admin.get(`/api/backorders?search=${finish.body.data.order_number}`);
    expect(backorders.body.data.map((r: { id: number }) => r.id)).toEqual([backorder.id]);
  });

  it('an EOL swap of two articles: the waiting serials ticked are delivered (no backorder); a ticked serial refused at replay is refused by serial', async () => {
    const phone = await ctx.db
      .insertInto('products')
      .values({
        client_id: customer,
        product_group_id: 1,
        name: 'Telefoon 2',
        article_number: 'FW-Telefoon-2',
        unique_product_id: `FW-Telefoon-2-${customer}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
    const old = await item(ItemStatus.IN_GEBRUIK, endUser);
    const [a, p] = [await item(), await item(ItemStatus.INGEKLAARD, customer, phone)];
    const id = await delivery(DeliveryType.EOL_SWAP, endUser, [
      { product_id: product, item_id: old.id, is_pickup: 1 },
      { product_id: product },
      { product_id: phone },
    ]);
    const { unplaced, finish } = await offlineRound(id, [{ serials: [a.serial, p.serial] }], () => true);
    expect(unplaced).toEqual([a.serial, p.serial]);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    expect(finish.body.data.comment).toBeNull();
    expect((await lineRows(id)).map((l) => [l.item_id, l.is_backorder])).toEqual([
      [old.id, false],
      [a.id, false],
      [p.id, false],
    ]);
    expect((await statusOf(old.id)).status_id).toBe(ItemStatus.EOL);
    expect(await statusOf(p.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });

    const [defect, gone, c] = [
      await item(ItemStatus.IN_GEBRUIK, endUser),
      await item(),
      await item(ItemStatus.INGEKLAARD, customer, phone),
    ];
    const refused = await delivery(DeliveryType.EOL_SWAP, endUser, [
      { product_id: product, item_id: defect.id, is_pickup: 1 },
      { product_id: product },
      { product_id: phone },
    ]);
    const round = await offlineRound(refused, [{ serials: [gone.serial] }, { serials: [c.serial] }], () => true, {
      meanwhile: () =>
        ctx.db.updateTable('items').set({ status_id: ItemStatus.IN_GEBRUIK }).where('id', '=', gone.id).execute(),
    });
    expect(round.replies.map((r) => r.status)).toEqual([422, 200]);
    expect(round.finish.status).toBe(422);
    // items: the pickup line, then the serials in the order scanned.
    expect(round.finish.body.errors).toEqual({ 'items.1.serial': ['Dit artikel is nog niet uitgeklaard.'] });
    expect(
      (await ctx.db.selectFrom('deliveries').select('completed_at').where('id', '=', refused).executeTakeFirstOrThrow())
        .completed_at,
    ).toBeNull();
  });

  it('stays strict: a ticked line whose check-out was refused at replay is refused with the Dutch message, nothing applied', async () => {
    const [defect, taken] = [await item(ItemStatus.IN_GEBRUIK, endUser), await item()];
    const id = await delivery(DeliveryType.REPARATIE, endUser, [
      { product_id: product, item_id: defect.id, is_pickup: 1 },
      { product_id: product },
    ]);
    const { replies, finish } = await offlineRound(id, [{ serials: [taken.serial] }], () => true, {
      // Meanwhile the serial was checked out elsewhere.
      meanwhile: () =>
        ctx.db.updateTable('items').set({ status_id: ItemStatus.IN_GEBRUIK }).where('id', '=', taken.id).execute(),
    });
    expect(replies[0]!.body.errors).toEqual({ 'serials.0': ['Serienummer is niet beschikbaar.'] });
    expect(finish.status).toBe(422);
    // The serial is on no line, so the line id names it: not checked out.
    expect(finish.body.errors).toEqual({ 'items.1.delivery_product_id': ['Dit artikel is nog niet uitgeklaard.'] });
    expect(
      (await ctx.db.selectFrom('deliveries').select('completed_at').where('id', '=', id).executeTakeFirstOrThrow())
        .completed_at,
    ).toBeNull();
    expect((await statusOf(defect.id)).status_id).toBe(ItemStatus.IN_GEBRUIK);

    // A line of another delivery, or a line id with another item than its own, is not open here.
    const [pickupLine, deliverLine] = await lineRows(id);
    const elsewhere = (await lineRows(await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }])))[0]!;
    const wrong = await magazijn.post('/api/finish/delivery', {
      id,
      handtekening: signature,
      signer_name: 'Jan',
      items: [
        { item_id: defect.id, product_id: product, is_pickup: 1, delivery_product_id: pickupLine!.id },
        { item_id: null, product_id: product, is_pickup: 0, delivery_product_id: elsewhere.id },
        { item_id: taken.id, product_id: product, is_pickup: 1, delivery_product_id: pickupLine!.id },
        { item_id: null, product_id: product, is_pickup: 1, delivery_product_id: deliverLine!.id },
      ],
    });
    expect(wrong.body.errors).toEqual({
      'items.1.delivery_product_id': ['Dit artikel staat niet (meer) open op deze levering.'],
      'items.2.delivery_product_id': ['Dit artikel staat niet (meer) open op deze levering.'],
      'items.3.delivery_product_id': ['Dit artikel staat niet (meer) open op deze levering.'],
    });
  });
});

describe('replaying an outbox', () => {
  it('200 check-outs with their keys, some sent twice after a lost answer: every line once, no duplicate', async () => {
    const items = [];
    for (let i = 0; i < 200; i++) items.push(await item());
    const bulk = await delivery(
      DeliveryType.BULK_LEVERING,
      customer,
      items.map(() => ({ product_id: product })),
    );
    const started = performance.now();
    for (const [i, it] of items.entries()) {
      const send = () =>
        magazijn.post(
          '/api/items/scanbulkitems',
          { delivery_id: bulk, serials: [it.serial] },
          { 'Idempotency-Key': `replay-${bulk}-${i}` },
        );
      const res = await send();
      expect(res.status).toBe(200);
      // Every tenth answer "got lost": the outbox sends the same key again.
      if (i % 10 === 0) expect((await send()).headers['idempotent-replayed']).toBe('true');
    }
    const ms = performance.now() - started;
    console.log(`200 check-out actions (+20 replays) on ${process.env.TEST_DB_KIND}: ${Math.round(ms)} ms`);
    const lines = await lineRows(bulk);
    expect(lines.filter((l) => l.checked_out_at !== null)).toHaveLength(200);
    expect(new Set(lines.map((l) => l.item_id)).size).toBe(200);
    const events = await ctx.db
      .selectFrom('events')
      .select('id')
      .where('delivery_id', '=', bulk)
      .where('action', '=', 'Item uitgeklaard')
      .execute();
    expect(events).toHaveLength(200);
  });
});

describe('today (GET /api/deliveries/today)', () => {
  it('lists open deliveries of the own carrier dated today within the scope, with their lines', async () => {
    const today = await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }, { product_id: accessory }]);
    const postnl = await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }], {
      carrier_id: Carrier.POSTNL,
    });
    const tomorrow = await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }], { today: false });
    const cancelled = await delivery(DeliveryType.INDIENST, endUser, [{ product_id: product }]);
    await ctx.db.updateTable('deliveries').set({ is_cancelled: true }).where('id', '=', cancelled).execute();
    const foreign = await delivery(DeliveryType.INDIENST, otherCustomer, [{ product_id: otherProduct }]);

    const res = await magazijn.get('/api/deliveries/today');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([today, foreign]));
    for (const x of [postnl, tomorrow, cancelled]) expect(ids).not.toContain(x);
    const mine = res.body.data.find((d: { id: number }) => d.id === today);
    expect(mine.products).toHaveLength(2);
    expect(mine).toMatchObject({ carrier_id: Carrier.REUZADO, can: { finish: false } });
    expect(res.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const scoped = (await reseller.get('/api/deliveries/today')).body.data.map((d: { id: number }) => d.id);
    expect(scoped).toContain(today);
    expect(scoped).not.toContain(foreign);
    expect((await ctx.client().get('/api/deliveries/today')).status).toBe(401);
  });
});
