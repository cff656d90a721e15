/**
 * Issue 13: the stock list's and the product detail's counts come from item_counts, a table the
 * database keeps by triggers, and from product_item_totals, its sums per product kept the same way
 * (issue 24). Whatever happens to items (check-in, status changes, moves, soft and
 * hard deletes, rollbacks, many statements at once, truncate), the counts a user sees equal a count
 * over the live items, and the table equals that count row for row.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { ClientType, ItemStatus } from '@domain/enums';
import * as migration from '../../server/db/migrations/20261124T0500-item-counts';
import * as productTotals from '../../server/db/migrations/20261128T1800-product-item-counts';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let customer: number;
/** Articles of this file only (found by the search 'Telartikel'). */
let products: [number, number, number, number];
let serial = 0;

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const statuses = Object.values(ItemStatus);

/** Live items per product and status, counted over items: what the table must hold. */
async function counted(): Promise<Record<string, number>> {
  const rows = await sql<{ product_id: number; status_id: number; n: number }>`
    select product_id, status_id, count(*)::int as n from items where deleted_at is null group by 1, 2`.execute(ctx.db);
  return Object.fromEntries(rows.rows.map((r) => [`${r.product_id}/${r.status_id}`, r.n]));
}

async function table(): Promise<Record<string, number>> {
  const rows = await ctx.db
    .selectFrom('item_counts')
    .select(['product_id', 'status_id', 'n'])
    .where('n', '<>', 0)
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.product_id}/${r.status_id}`, r.n]));
}

/**
 * Products whose row of product_item_totals (migration 20261128T1800; none: 0) differs from a count over their live
 * items.
 */
async function productTotalMismatches(): Promise<number[]> {
  const rows = await sql<{
    id: number;
  }>`select p.id from products p left join product_item_totals t on t.product_id = p.id left join (
      select product_id, count(*) filter (where status_id = ${ItemStatus.INGEKLAARD})::int s, count(*) filter (where status_id = ${ItemStatus.OP_AFROEP})::int a,
        count(*) filter (where status_id = ${ItemStatus.VOORRAAD_KLANTLOCATIE})::int l, count(*) filter (where status_id = ${ItemStatus.IN_GEBRUIK})::int u, count(*)::int n
      from items where deleted_at is null group by product_id) c on c.product_id = p.id
    where (coalesce(t.items_in_stock, 0), coalesce(t.available_items, 0), coalesce(t.items_at_location, 0), coalesce(t.items_in_use, 0), coalesce(t.items_count, 0))
      is distinct from (coalesce(c.s, 0), coalesce(c.a, 0), coalesce(c.l, 0), coalesce(c.u, 0), coalesce(c.n, 0))`.execute(
    ctx.db,
  );
  return rows.rows.map((r) => r.id);
}

async function expectTableExact() {
  expect(await table()).toEqual(await counted());
  const negative = await ctx.db.selectFrom('item_counts').select('product_id').where('n', '<', 0).execute();
  expect(negative).toEqual([]);
  expect(await productTotalMismatches(), 'product_item_totals').toEqual([]);
}

/** The counts of the list and the detail, as a user sees them, against a count over items. */
async function expectCountsSeen(ids: readonly number[] = products) {
  const expected = async (id: number) => {
    const rows = await sql<{
      s: number;
      n: number;
    }>`select status_id as s, count(*)::int as n from items where product_id = ${id} and deleted_at is null group by status_id`.execute(
      ctx.db,
    );
    const by = (s: number) => rows.rows.find((r) => r.s === s)?.n ?? 0;
    return {
      items_in_stock: by(ItemStatus.INGEKLAARD),
      available_items: by(ItemStatus.OP_AFROEP),
      items_at_location: by(ItemStatus.VOORRAAD_KLANTLOCATIE),
      items_in_use: by(ItemStatus.IN_GEBRUIK),
      items_count: rows.rows.reduce((s, r) => s + r.n, 0),
    };
  };
  const list = await admin.get('/api/products?search=Telartikel&per_page=100');
  expect(list.status).toBe(200);
  for (const id of ids) {
    const want = await expected(id);
    const row = list.body.data.find((p: { id: number }) => p.id === id);
    expect(row, `product ${id} in the list`).toMatchObject(want);
    const detail = await admin.get(`/api/products/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body, `product ${id} detail`).toMatchObject(want);
  }
}

/** Items inserted straight into the table, in one statement; answers their ids. */
async function insertItems(count: number, productId: number, status: number = ItemStatus.INGEKLAARD, db = ctx.db) {
  const rows = Array.from({ length: count }, () => ({
    product_id: productId,
    client_id: customer,
    status_id: status,
    serial: `TEL${String(++serial).padStart(7, '0')}`,
  }));
  return (await db.insertInto('items').values(rows).returning('id').execute()).map((r) => r.id);
}

const countsOfProduct = async (id: number) => (await admin.get(`/api/products/${id}`)).body as Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  customer = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const article = async (k: string) =>
    (
      await ctx.db
        .insertInto('products')
        .values({
          client_id: customer,
          product_group_id: 1,
          name: `Telartikel ${k}`,
          article_number: `TEL-${k}`,
          unique_product_id: `TEL-${k}-1`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  products = [await article('A'), await article('B'), await article('C'), await article('D')];
});
afterAll(() => ctx.close());

describe('item counts per product (item_counts)', () => {
  it('holds the seeded items, and the migration fills it from existing items', async () => {
    await expectTableExact();
    // Down and up again on a database full of items: the fill, not the triggers, makes the table and
    // product_item_totals (20261128T1800, whose fill reads the table, is taken down first and up last).
    await ctx.db.transaction().execute(async (trx) => {
      await productTotals.down(trx);
      await migration.down(trx);
      await migration.up(trx);
      await productTotals.up(trx);
    });
    await expectTableExact();
    const seeded = await ctx.db
      .selectFrom('items')
      .select('product_id')
      .where('deleted_at', 'is', null)
      .groupBy('product_id')
      .orderBy(sql`count(*)`, 'desc')
      .limit(3)
      .execute();
    await expectCountsSeen([]);
    for (const { product_id: id } of seeded) {
      const total = await ctx.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect((await countsOfProduct(id)).items_count).toBe(Number(total.n));
    }
  });

  it('counts a check-in of 1,000 serials (one insert statement)', async () => {
    const asn = await admin.post('/api/asns', {
      client_id: customer,
      reference: 'TEL-CHECKIN',
      w_number: 'W-1',
      stock_owner: 'Eindklant',
      expected: future,
      products: [{ product_id: products[0], quantity: 1000 }],
    });
    expect(asn.status, JSON.stringify(asn.body)).toBe(201);
    const line = asn.body.data.products[0].id as number;
    const serials = Array.from({ length: 1000 }, (_, i) => `TELCHK${String(i).padStart(6, '0')}`);
    const res = await magazijn.post('/api/delivery/save', {
      id: asn.body.data.id,
      products: [{ asn_product_id: line, serials }],
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data.created).toBe(1000);
    expect(await countsOfProduct(products[0])).toMatchObject({ items_in_stock: 1000, items_count: 1000 });
    await expectCountsSeen();
    await expectTableExact();
  });

  it('follows status changes, one by one through the API and many in one statement', async () => {
    const [first, second] = (
      await ctx.db
        .selectFrom('items')
        .select('id')
        .where('product_id', '=', products[0])
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((r) => r.id);
    expect((await admin.post(`/api/items/${first}`, { _method: 'PUT', status_id: ItemStatus.OP_AFROEP })).status).toBe(
      200,
    );
    expect(
      (await admin.post(`/api/items/${second}`, { _method: 'PUT', status_id: ItemStatus.VOORRAAD_KLANTLOCATIE }))
        .status,
    ).toBe(200);
    expect(await countsOfProduct(products[0])).toMatchObject({
      items_in_stock: 998,
      available_items: 1,
      items_at_location: 1,
      items_count: 1000,
    });
    await sql`update items set status_id = ${ItemStatus.IN_GEBRUIK} where id in (select id from items where product_id = ${products[0]} and status_id = ${ItemStatus.INGEKLAARD} order by id limit 300)`.execute(
      ctx.db,
    );
    await sql`update items set status_id = ${ItemStatus.REPARATIE} where id in (select id from items where product_id = ${products[0]} and status_id = ${ItemStatus.IN_GEBRUIK} order by id limit 100)`.execute(
      ctx.db,
    );
    expect(await countsOfProduct(products[0])).toMatchObject({
      items_in_stock: 698,
      available_items: 1,
      items_at_location: 1,
      items_in_use: 200,
      items_count: 1000,
    });
    // An update of other columns only changes nothing.
    await sql`update items set description = 'bijgewerkt', updated_at = now() where product_id = ${products[0]}`.execute(
      ctx.db,
    );
    await expectCountsSeen();
    await expectTableExact();
  });

  it('moves items to another product', async () => {
    await sql`update items set product_id = ${products[1]} where id in (select id from items where product_id = ${products[0]} order by id desc limit 250)`.execute(
      ctx.db,
    );
    const moved = await countsOfProduct(products[1]);
    expect(moved.items_count).toBe(250);
    expect((await countsOfProduct(products[0])).items_count).toBe(750);
    // Product and status at once.
    await sql`update items set product_id = ${products[2]}, status_id = ${ItemStatus.OP_AFROEP} where id in (select id from items where product_id = ${products[1]} order by id limit 50)`.execute(
      ctx.db,
    );
    expect(await countsOfProduct(products[2])).toMatchObject({ available_items: 50, items_count: 50 });
    expect((await countsOfProduct(products[1])).items_count).toBe(200);
    await expectCountsSeen();
    await expectTableExact();
  });

  it('leaves out soft-deleted items and counts them again when undeleted', async () => {
    await sql`update items set deleted_at = now() where id in (select id from items where product_id = ${products[1]} order by id limit 120)`.execute(
      ctx.db,
    );
    expect((await countsOfProduct(products[1])).items_count).toBe(80);
    // Changing a deleted item changes no count; undeleting it into another status counts it there.
    await sql`update items set status_id = ${ItemStatus.EOL} where product_id = ${products[1]} and deleted_at is not null`.execute(
      ctx.db,
    );
    expect((await countsOfProduct(products[1])).items_count).toBe(80);
    await sql`update items set deleted_at = null, status_id = ${ItemStatus.VOORRAAD_KLANTLOCATIE} where id in (select id from items where product_id = ${products[1]} and deleted_at is not null order by id limit 20)`.execute(
      ctx.db,
    );
    expect(await countsOfProduct(products[1])).toMatchObject({ items_count: 100, items_at_location: 20 });
    await expectCountsSeen();
    await expectTableExact();
  });

  it('leaves out hard-deleted items, and a product whose items are all gone counts 0 again', async () => {
    const ids = await insertItems(40, products[3], ItemStatus.IN_GEBRUIK);
    expect(await countsOfProduct(products[3])).toMatchObject({ items_in_use: 40, items_count: 40 });
    await ctx.db.deleteFrom('items').where('id', 'in', ids.slice(0, 15)).execute();
    expect(await countsOfProduct(products[3])).toMatchObject({ items_in_use: 25, items_count: 25 });
    await ctx.db.deleteFrom('items').where('id', 'in', ids.slice(15)).execute();
    expect(await countsOfProduct(products[3])).toMatchObject({
      items_in_stock: 0,
      available_items: 0,
      items_at_location: 0,
      items_in_use: 0,
      items_count: 0,
    });
    await expectCountsSeen();
    await expectTableExact();
  });

  it('keeps the counts of a rolled-back transaction unchanged, and shows its own changes inside it', async () => {
    const before = await table();
    const seenBefore = await countsOfProduct(products[0]);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await insertItems(30, products[0], ItemStatus.INGEKLAARD, trx);
        await trx
          .updateTable('items')
          .set({ status_id: ItemStatus.VERMIST })
          .where('product_id', '=', products[1])
          .execute();
        await trx
          .deleteFrom('items')
          .where('product_id', '=', products[2])
          .where('id', 'not in', trx.selectFrom('events').select('item_id').where('item_id', 'is not', null))
          .execute();
        const inside = await trx
          .selectFrom('item_counts')
          .select(['status_id', 'n'])
          .where('product_id', '=', products[0])
          .where('status_id', '=', ItemStatus.INGEKLAARD)
          .executeTakeFirstOrThrow();
        expect(inside.n).toBe(seenBefore.items_in_stock! + 30);
        throw new Error('terugdraaien');
      }),
    ).rejects.toThrow('terugdraaien');
    expect(await table()).toEqual(before);
    expect(await countsOfProduct(products[0])).toEqual(seenBefore);
    await expectTableExact();
  });

  it('sorts the list by a count column as the counts say', async () => {
    for (const sort of ['items_in_stock', 'available_items', 'items_at_location', 'items_in_use', 'items_count']) {
      const res = await admin.get(`/api/products?search=Telartikel&sort=${sort}&order=desc&per_page=100`);
      expect(res.status).toBe(200);
      const values = res.body.data.map((p: Record<string, number>) => p[sort]);
      expect(values, sort).toEqual([...values].sort((a, b) => b - a));
    }
  });

  it('stays exact through a random sequence of mixed item operations', async () => {
    let seed = 20261124;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const some = () =>
      sql`(select id from items where product_id = ${pick(products)} and serial like 'TEL0%' order by md5(id::text || ${String(random())}) limit ${1 + Math.floor(random() * 30)})`;
    for (let step = 0; step < 150; step++) {
      const op = Math.floor(random() * 8);
      if (op === 0) await insertItems(1 + Math.floor(random() * 60), pick(products), pick(statuses));
      else if (op === 1)
        await sql`update items set status_id = ${pick(statuses)} where id in ${some()}`.execute(ctx.db);
      else if (op === 2)
        await sql`update items set product_id = ${pick(products)} where id in ${some()}`.execute(ctx.db);
      else if (op === 3) await sql`update items set deleted_at = now() where id in ${some()}`.execute(ctx.db);
      else if (op === 4) await sql`update items set deleted_at = null where id in ${some()}`.execute(ctx.db);
      else if (op === 5) await sql`delete from items where id in ${some()}`.execute(ctx.db);
      else if (op === 6) {
        await sql`update items set product_id = ${pick(products)}, status_id = ${pick(statuses)}, deleted_at = case when random() < 0.5 then null else now() end where id in ${some()}`.execute(
          ctx.db,
        );
      } else {
        // Several statements in one transaction, some rolled back to a savepoint.
        await ctx.db.transaction().execute(async (trx) => {
          await insertItems(5, pick(products), pick(statuses), trx);
          await sql`savepoint s`.execute(trx);
          await sql`update items set status_id = ${pick(statuses)} where id in ${some()}`.execute(trx);
          await sql`rollback to savepoint s`.execute(trx);
          await sql`update items set product_id = ${pick(products)} where id in ${some()}`.execute(trx);
        });
      }
      if (step % 50 === 49) await expectTableExact();
    }
    await expectTableExact();
    await expectCountsSeen();
  });

  it('loses no count when transactions change items of the same product at once', async () => {
    const ids = await insertItems(80, products[1], ItemStatus.INGEKLAARD);
    await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        ctx.db.transaction().execute(async (trx) => {
          await insertItems(25, products[1], ItemStatus.INGEKLAARD, trx);
          await trx
            .updateTable('items')
            .set({ status_id: ItemStatus.IN_GEBRUIK })
            .where('id', 'in', ids.slice(k * 10, k * 10 + 5))
            .execute();
          await trx
            .updateTable('items')
            .set({ deleted_at: new Date() })
            .where('id', 'in', ids.slice(k * 10 + 5, k * 10 + 10))
            .execute();
        }),
      ),
    );
    await expectTableExact();
    await expectCountsSeen();
  });

  it('is emptied by a truncate of items, and counts again afterwards', async () => {
    await sql`truncate items cascade`.execute(ctx.db);
    expect(await ctx.db.selectFrom('item_counts').select('product_id').execute()).toEqual([]);
    expect(await countsOfProduct(products[0])).toMatchObject({ items_in_stock: 0, items_count: 0 });
    await insertItems(7, products[0], ItemStatus.OP_AFROEP);
    expect(await countsOfProduct(products[0])).toMatchObject({ available_items: 7, items_count: 7 });
    await expectTableExact();
  });
});
