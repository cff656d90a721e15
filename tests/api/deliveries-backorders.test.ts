import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { pngDataUrl, signaturePng } from '../support/png';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let customer: number;
let endUser: number;
let endUserName: string;
let product: number;
let n = 0;

const signature = pngDataUrl(signaturePng());

async function item(status: number = ItemStatus.INGEKLAARD, owner = customer) {
  return ctx.db
    .insertInto('items')
    .values({ product_id: product, client_id: owner, status_id: status, serial: `BO${String(++n).padStart(6, '0')}` })
    .returning(['id', 'serial'])
    .executeTakeFirstOrThrow()
    .then((r) => ({ ...r, serial: r.serial! }));
}

async function delivery(
  type: number,
  lines: { item_id?: number; is_pickup?: number }[],
  extra: { carrier_id?: number; contact?: string } = {},
) {
  const d = await ctx.db
    .insertInto('deliveries')
    .values({
      delivery_type_id: type,
      client_id: endUser,
      carrier_id: extra.carrier_id ?? Carrier.REUZADO,
      order_number: `BO-ORD-${++n}`,
      date: sql<string>`current_date`,
      contact: extra.contact ?? null,
      address: 'Kerkstraat 12, 1017 GP Amsterdam',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('delivery_products')
    .values(
      lines.map((l) => ({
        delivery_id: d.id,
        product_id: product,
        item_id: l.item_id ?? null,
        is_pickup: l.is_pickup ?? 0,
      })),
    )
    .execute();
  return d.id;
}

const statusOf = async (id: number) =>
  await ctx.db.selectFrom('items').select(['status_id', 'client_id']).where('id', '=', id).executeTakeFirstOrThrow();
const detail = async (id: number) => (await magazijn.get(`/api/deliveries/${id}`)).body;
const finish = (id: number, items: object[], signer = 'Yara Smit') =>
  magazijn.post('/api/finish/delivery', { id, items, handtekening: signature, signer_name: signer });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  const klant = await ctx.client().signIn('klant@demo.local');
  customer = (await klant.get('/api/auth/me')).body.contact.client_id;
  ({ id: endUser, name: endUserName } = await ctx.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('parent_client_id', '=', customer)
    .where('client_type_id', '=', ClientType.EINDGEBRUIKER)
    .orderBy('id')
    .executeTakeFirstOrThrow());
  product = await ctx.db
    .insertInto('products')
    .values({
      client_id: customer,
      product_group_id: 1,
      name: 'Laptop',
      article_number: 'BO-Laptop',
      unique_product_id: `BO-Laptop-${customer}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
});
afterAll(() => ctx.close());

describe('backorders (issue 21)', () => {
  it('a line not ticked becomes a backorder delivery that is checked out and finished like a delivery; the packing slips list only what was delivered', async () => {
    const [a, b, c] = [await item(), await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, [{}, {}]);
    expect((await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial, b.serial] })).status).toBe(200);
    const done = await finish(id, [{ item_id: a.id, product_id: product, is_pickup: 0 }]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const d = done.body.data;
    expect(d.comment).toBe(`Niet geleverde artikelen: Laptop (${b.serial})`);
    expect((await statusOf(b.id)).status_id).toBe(ItemStatus.INGEKLAARD);
    // The finished delivery no longer names the item that went back into stock; its line is the Backorder section.
    expect(d.products.map((l: { serial: string | null; is_backorder: boolean }) => [l.serial, l.is_backorder])).toEqual(
      [
        [a.serial, false],
        [null, true],
      ],
    );
    expect(d.backorders).toHaveLength(1);
    const backorderId = d.backorders[0].id as number;

    const slip = await pdfText((await admin.get(`/api/deliveries/${id}/packing_slip`)).body as Buffer);
    const posities = slip.slice(slip.indexOf('Posities'), slip.indexOf('Backorder'));
    expect(posities).toContain(a.serial);
    expect(slip).toContain('Backorder');
    expect(slip).not.toContain(b.serial);

    // The backorder: open, under Backorders (the finished delivery is not), to be delivered again.
    const bo = await detail(backorderId);
    expect(bo).toMatchObject({
      delivery_type_id: DeliveryType.BACKORDER,
      order_number: d.order_number,
      client_id: endUser,
      completed: null,
      finished: false,
      backorder_of: { id, order_number: d.order_number },
      can: { finish: false, cancel: true, edit: false },
    });
    expect(
      bo.products.map((l: { item_id: number | null; checked_out_at: string | null }) => [l.item_id, l.checked_out_at]),
    ).toEqual([[null, null]]);
    const edit = await admin.post(`/api/deliveries/${backorderId}`, {
      _method: 'PUT',
      delivery_type_id: DeliveryType.BACKORDER,
      description: 'x',
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ id: ['Een backorder kan niet worden gewijzigd.'] });
    expect(
      (await admin.get(`/api/backorders?search=${d.order_number}`)).body.data.map((r: { id: number }) => r.id),
    ).toEqual([backorderId]);
    expect(
      (await admin.get(`/api/finisheddeliveries?search=${d.order_number}`)).body.data.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    // Check-out: the original serial or any available item of the article.
    const out = await magazijn.post('/api/delivery/checkout', { id: backorderId, serials: [c.serial] });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await detail(backorderId)).can.finish).toBe(true);
    const unsigned = await magazijn.post('/api/finish/delivery', {
      id: backorderId,
      items: [{ item_id: c.id, product_id: product, is_pickup: 0 }],
    });
    expect(unsigned.body.errors).toEqual({
      handtekening: ['Een handtekening is verplicht.'],
      signer_name: ['Vul de naam van de ondertekenaar in.'],
    });
    const second = await finish(backorderId, [{ item_id: c.id, product_id: product, is_pickup: 0 }], 'Piet Ontvanger');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({
      comment: null,
      backorders: [],
      signature: { signer_name: 'Piet Ontvanger', url: `/api/deliveries/${backorderId}/signature` },
    });
    expect(second.body.data.completed).not.toBeNull();
    expect(await statusOf(c.id)).toEqual({ status_id: ItemStatus.IN_GEBRUIK, client_id: endUser });
    expect((await admin.get(`/api/backorders?search=${d.order_number}`)).body.data).toEqual([]);
    expect((await detail(id)).backorders).toEqual([
      { id: backorderId, order_number: d.order_number, completed: second.body.data.completed, is_cancelled: false },
    ]);
    const boSlip = await pdfText((await admin.get(`/api/deliveries/${backorderId}/packing_slip`)).body as Buffer);
    expect(boSlip.slice(boSlip.indexOf('Posities'))).toContain(c.serial);
    expect(boSlip).toContain('Naam: Piet Ontvanger');
  });

  it("a repair's defect item not picked up: its backorder picks it up and it is received for repair; a planned replacement stays on it", async () => {
    const [defect, replacement] = [await item(ItemStatus.IN_GEBRUIK, endUser), await item()];
    const id = await delivery(DeliveryType.REPARATIE, [
      { item_id: defect.id, is_pickup: 1 },
      { item_id: replacement.id },
    ]);
    const done = await finish(id, []);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.comment).toBe(
      `Niet geleverde artikelen: Laptop (${replacement.serial})\nNog op te halen artikelen: Laptop (${defect.serial})`,
    );
    const backorderId = done.body.data.backorders[0].id as number;
    const bo = await detail(backorderId);
    // The replacement was never checked out: the backorder delivers that same item.
    expect(bo.products.map((l: { item_id: number; is_pickup: number }) => [l.item_id, l.is_pickup])).toEqual([
      [defect.id, 1],
      [replacement.id, 0],
    ]);
    // Items still to pick up: finished like the repair it came from, without checking out first.
    expect(bo.can.finish).toBe(true);
    const second = await finish(backorderId, [{ item_id: defect.id, product_id: product, is_pickup: 1 }]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await statusOf(defect.id)).status_id).toBe(ItemStatus.REPARATIE_ONTVANGEN);
    // The replacement not delivered again: a backorder of the backorder.
    expect(second.body.data.comment).toBe(`Niet geleverde artikelen: Laptop (${replacement.serial})`);
    const next = await detail(second.body.data.backorders[0].id);
    expect(next).toMatchObject({ delivery_type_id: DeliveryType.BACKORDER, backorder_of: { id: backorderId } });
  });

  it('everything ticked: no backorder', async () => {
    const a = await item();
    const id = await delivery(DeliveryType.INDIENST, [{}]);
    expect((await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial] })).status).toBe(200);
    const done = await finish(id, [{ item_id: a.id, product_id: product, is_pickup: 0 }]);
    expect(done.body.data).toMatchObject({ comment: null, backorders: [] });
    expect(await ctx.db.selectFrom('deliveries').select('id').where('backorder_of_id', '=', id).execute()).toEqual([]);
  });
});

describe('the backorder tab and its total stay exact (issue 24: kept by triggers, migration 20261126T2100)', () => {
  let klant: ApiClient;
  beforeAll(async () => {
    klant = await ctx.client().signIn('klant@demo.local');
  });

  /**
   * The tab by its definition, from the lines: open deliveries that are backorders or have backorder lines not checked
   * out.
   */
  async function tabFromLines(onlyCustomer: boolean) {
    const scope = onlyCustomer
      ? sql`and (d.client_id = ${customer} or d.client_id in (select id from clients where parent_client_id = ${customer}))`
      : sql``;
    const { rows } = await sql<{ id: number }>`select d.id from deliveries d
      where d.deleted_at is null and not d.is_cancelled and d.completed_at is null ${scope}
        and (d.delivery_type_id = ${DeliveryType.BACKORDER}
          or exists (select 1 from delivery_products b where b.delivery_id = d.id and b.is_backorder and b.checked_out_at is null))
      order by d.created_at desc, d.id desc`.execute(ctx.db);
    return rows.map((r) => r.id);
  }

  async function expectTab(label: string) {
    for (const [who, client, onlyCustomer] of [
      ['admin', admin, false],
      ['klant', klant, true],
    ] as const) {
      const expected = await tabFromLines(onlyCustomer);
      const page = (await client.get('/api/backorders?per_page=200')).body as { total: number; data: { id: number }[] };
      expect(page.total, `${label} (${who})`).toBe(expected.length);
      expect(
        page.data.map((r) => r.id),
        `${label} (${who})`,
      ).toEqual(expected.slice(0, 200));
      const ofType = (await client.get(`/api/backorders?per_page=1&filters[type]=${DeliveryType.INDIENST}`)).body as {
        total: number;
      };
      const expectedOfType = await ctx.db
        .selectFrom('deliveries')
        .select('id')
        .where('id', 'in', expected.length ? expected : [0])
        .where('delivery_type_id', '=', DeliveryType.INDIENST)
        .execute();
      expect(ofType.total, `${label} (${who}, INDIENST)`).toBe(expectedOfType.length);
    }
  }

  const lineOf = async (deliveryId: number) =>
    (
      await ctx.db
        .selectFrom('delivery_products')
        .select('id')
        .where('delivery_id', '=', deliveryId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const setLine = (
    id: number,
    values: { is_backorder?: boolean; checked_out_at?: Date | null; delivery_id?: number },
  ) => ctx.db.updateTable('delivery_products').set(values).where('id', '=', id).execute();

  it('follows a backorder line marked, checked out, taken back, moved to another delivery and deleted', async () => {
    await expectTab('start');
    const [first, second] = [
      await delivery(DeliveryType.INDIENST, [{}, {}]),
      await delivery(DeliveryType.EXTRA_PRODUCTEN, [{}]),
    ];
    const line = await lineOf(first);
    await expectTab('two open deliveries without backorder lines');
    await setLine(line, { is_backorder: true });
    expect(await tabFromLines(false)).toContain(first);
    await expectTab('a backorder line waiting');
    await setLine(line, { checked_out_at: new Date() });
    expect(await tabFromLines(false)).not.toContain(first);
    await expectTab('the backorder line checked out');
    await setLine(line, { checked_out_at: null });
    await expectTab('the check-out taken back');
    await setLine(line, { delivery_id: second });
    expect(await tabFromLines(false)).toEqual(expect.arrayContaining([second]));
    expect(await tabFromLines(false)).not.toContain(first);
    await expectTab('the line moved to another delivery');
    await ctx.db.deleteFrom('delivery_products').where('id', '=', line).execute();
    await expectTab('the line deleted');
    // Two waiting lines on one delivery: it stays on the tab until both are checked out.
    await ctx.db
      .updateTable('delivery_products')
      .set({ is_backorder: true })
      .where('delivery_id', '=', first)
      .execute();
    await ctx.db
      .insertInto('delivery_products')
      .values({ delivery_id: first, product_id: product, is_backorder: true })
      .execute();
    await setLine(await lineOf(first), { checked_out_at: new Date() });
    expect(await tabFromLines(false)).toContain(first);
    await expectTab('one of two waiting lines checked out');
    await ctx.db
      .updateTable('delivery_products')
      .set({ checked_out_at: new Date() })
      .where('delivery_id', '=', first)
      .execute();
    await expectTab('both checked out');
    await ctx.db
      .updateTable('delivery_products')
      .set({ checked_out_at: null })
      .where('delivery_id', '=', first)
      .execute();
    await ctx.db.updateTable('deliveries').set({ is_cancelled: true }).where('id', '=', first).execute();
    await expectTab('the delivery with waiting lines cancelled');
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('deliveries').set({ is_cancelled: false }).where('id', '=', first).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectTab('rolled back');
  });

  it("follows a finish with lines not delivered, the backorder's check-out and finish, and a cancelled backorder", async () => {
    const [a, b, c, d, e] = [await item(), await item(), await item(), await item(), await item()];
    const id = await delivery(DeliveryType.INDIENST, [{}, {}, {}]);
    expect(
      (await magazijn.post('/api/delivery/checkout', { id, serials: [a.serial, b.serial, e.serial] })).status,
    ).toBe(200);
    const done = await finish(id, [{ item_id: a.id, product_id: product, is_pickup: 0 }]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const backorderId = done.body.data.backorders[0].id as number;
    expect(await tabFromLines(false)).toContain(backorderId);
    expect(await tabFromLines(false)).not.toContain(id);
    await expectTab('finished with two lines not delivered');
    expect((await magazijn.post('/api/delivery/checkout', { id: backorderId, serials: [c.serial] })).status).toBe(200);
    await expectTab('one line of the backorder checked out');
    expect((await magazijn.post('/api/delivery/checkout', { id: backorderId, serials: [d.serial] })).status).toBe(200);
    const second = await finish(backorderId, [{ item_id: c.id, product_id: product, is_pickup: 0 }]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const nextId = second.body.data.backorders[0].id as number;
    expect(await tabFromLines(false)).toEqual(expect.arrayContaining([nextId]));
    expect(await tabFromLines(false)).not.toContain(backorderId);
    await expectTab('the backorder finished with a line not delivered');
    const cancelled = await admin.post('/api/delivery/cancel', { id: nextId });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await tabFromLines(false)).not.toContain(nextId);
    await expectTab('the backorder cancelled');
  });
});

describe('recipient on the shipping label and packing slip', () => {
  it('names the end user once: not above T.a.v. the same person', async () => {
    const id = await delivery(DeliveryType.INDIENST, [{}], { carrier_id: Carrier.POSTNL, contact: endUserName });
    const label = await pdfText((await admin.get(`/deliveries/${id}/shipping_label`)).body as Buffer);
    expect(label).toContain(`T.a.v. ${endUserName}`);
    expect(label.split(endUserName)).toHaveLength(2);
    const slip = await pdfText((await admin.get(`/api/deliveries/${id}/packing_slip`)).body as Buffer);
    expect(slip.split(endUserName)).toHaveLength(2);

    const other = await delivery(DeliveryType.INDIENST, [{}], { carrier_id: Carrier.POSTNL, contact: 'Receptie' });
    const both = await pdfText((await admin.get(`/deliveries/${other}/shipping_label`)).body as Buffer);
    expect(both).toContain(endUserName);
    expect(both).toContain('T.a.v. Receptie');
  });
});

describe("demo data: a driver's round (issue 21 point 17)", () => {
  it("has open deliveries of the own carrier planned today and on the next days, today's with stock to check out", async () => {
    const today = await magazijn.get('/api/deliveries/today');
    const round = (
      today.body.data as {
        order_number: string;
        delivery_type_id: number;
        products: { product_id: number; is_pickup: number }[];
      }[]
    ).filter((d) => d.order_number.startsWith('RIT-'));
    expect(round.length).toBeGreaterThanOrEqual(3);
    expect(round.map((d) => d.order_number)).toContain(`RIT-${today.body.date.replaceAll('-', '')}-1`);
    for (const d of round.filter((x) => x.delivery_type_id === DeliveryType.INDIENST)) {
      for (const l of d.products) {
        const stock = await ctx.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('product_id', '=', l.product_id)
          .where('status_id', '=', ItemStatus.INGEKLAARD)
          .executeTakeFirstOrThrow();
        expect(Number(stock.n)).toBeGreaterThanOrEqual(1);
      }
    }
    const { rows } = await sql<{
      day: number;
      n: string;
    }>`select (date - current_date) as day, count(*) as n from deliveries
      where order_number like 'RIT-%' and completed_at is null and not is_cancelled and carrier_id = ${Carrier.REUZADO} group by 1 order by 1`.execute(
      ctx.db,
    );
    expect(rows.map((r) => [Number(r.day), Number(r.n)])).toEqual([
      [0, 3],
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });
});
