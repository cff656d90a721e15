/**
 * Issue 13: a delivery carries its number of lines and of lines checked out (migration
 * 20261126T0400-delivery-line-counts), kept by triggers on delivery_products, and the delivery lists
 * show them ('Voorraad' and the check-out progress) and sort on the first; issue 24 added its backorder
 * lines not checked out (20261126T2100-backorder-waiting-count). Whatever happens to the lines (added
 * in one statement for many deliveries, checked out, marked backorder, moved to another delivery,
 * deleted with their delivery, several writers at once, a rollback), each equals the lines counted.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import {
  hierarchyUsers,
  insertDelivery as insertDeliveryIn,
  overlapping,
  seededRandom,
  type HierarchyUsers,
} from '../support/hierarchy';
import type { Database } from '../../server/db/database';
import type { Kysely } from 'kysely';

let ctx: TestContext;
let users: HierarchyUsers;
let product: number;

/** Deliveries whose stored counts differ from their lines counted. */
async function countMismatches() {
  const { rows } = await sql<{ id: number }>`select d.id from deliveries d
    left join (select delivery_id, count(*)::int n, count(checked_out_at)::int c,
                      count(*) filter (where is_backorder and checked_out_at is null)::int w from delivery_products group by delivery_id) x on x.delivery_id = d.id
    where (d.products_count, d.checked_out_count, d.backorder_waiting_count) is distinct from (coalesce(x.n, 0), coalesce(x.c, 0), coalesce(x.w, 0))`.execute(
    ctx.db,
  );
  return rows.map((r) => r.id);
}

async function expectCountsExact(label: string) {
  expect(await countMismatches(), label).toEqual([]);
}

const insertDelivery = () => insertDeliveryIn(ctx.db, users.klantId, 'TEL');

const addLines = (deliveryId: number, n: number, db: Kysely<Database> = ctx.db) =>
  db
    .insertInto('delivery_products')
    .values(Array.from({ length: n }, () => ({ delivery_id: deliveryId, product_id: product })))
    .execute();

beforeAll(async () => {
  ctx = await createTestContext();
  users = await hierarchyUsers(ctx);
  product = (
    await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', users.klantId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());

describe('line counts of a delivery', () => {
  it('start equal to the lines of every delivery of the demo data', async () => {
    const withLines = await sql<{
      n: number;
    }>`select count(distinct delivery_id)::int n from delivery_products`.execute(ctx.db);
    expect(withLines.rows[0]!.n).toBeGreaterThan(0);
    await expectCountsExact('demo data');
  });

  it('follow lines added, checked out, moved, deleted, and deleted with their delivery; a rollback leaves them', async () => {
    const [a, b, c] = [await insertDelivery(), await insertDelivery(), await insertDelivery()];
    // One statement for lines of three deliveries.
    await ctx.db
      .insertInto('delivery_products')
      .values(
        [a, a, a, b, b, c].map((id, i) => ({
          delivery_id: id,
          product_id: product,
          checked_out_at: i === 0 ? new Date() : null,
        })),
      )
      .execute();
    await expectCountsExact('inserted');
    await ctx.db
      .updateTable('delivery_products')
      .set({ checked_out_at: new Date() })
      .where('delivery_id', 'in', [a, b])
      .execute();
    await expectCountsExact('checked out');
    const moved = (
      await ctx.db
        .selectFrom('delivery_products')
        .select('id')
        .where('delivery_id', '=', a)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db
      .updateTable('delivery_products')
      .set({ delivery_id: c, checked_out_at: null })
      .where('id', '=', moved)
      .execute();
    await expectCountsExact('moved');
    await ctx.db
      .deleteFrom('delivery_products')
      .where('delivery_id', '=', b)
      .where('checked_out_at', 'is not', null)
      .execute();
    await expectCountsExact('deleted');
    await ctx.db.deleteFrom('deliveries').where('id', '=', c).execute();
    await expectCountsExact('delivery deleted with its lines');
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await addLines(a, 5, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectCountsExact('rolled back');
    const row = await ctx.db
      .selectFrom('deliveries')
      .select(['products_count', 'checked_out_count'])
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ products_count: 2, checked_out_count: 2 });
  });

  it('stay exact through a random sequence of line changes', async () => {
    const { random, pick } = seededRandom(1326);
    const deliveries = [await insertDelivery(), await insertDelivery(), await insertDelivery(), await insertDelivery()];
    for (let step = 0; step < 60; step++) {
      const lines = await ctx.db
        .selectFrom('delivery_products')
        .select('id')
        .where('delivery_id', 'in', deliveries)
        .execute();
      const action = random();
      if (action < 0.35 || lines.length === 0) await addLines(pick(deliveries), 1 + Math.floor(random() * 3));
      else if (action < 0.5)
        await ctx.db
          .updateTable('delivery_products')
          .set({ checked_out_at: random() < 0.7 ? new Date() : null })
          .where('id', '=', pick(lines).id)
          .execute();
      else if (action < 0.6)
        await ctx.db
          .updateTable('delivery_products')
          .set({ is_backorder: random() < 0.7 })
          .where('id', '=', pick(lines).id)
          .execute();
      else if (action < 0.8)
        await ctx.db
          .updateTable('delivery_products')
          .set({ delivery_id: pick(deliveries) })
          .where('id', '=', pick(lines).id)
          .execute();
      else await ctx.db.deleteFrom('delivery_products').where('id', '=', pick(lines).id).execute();
    }
    await expectCountsExact('random sequence');
  });

  it('count lines written by two transactions at once on the same delivery', async () => {
    const id = await insertDelivery();
    await addLines(id, 2);
    const first = (
      await ctx.db
        .selectFrom('delivery_products')
        .select('id')
        .where('delivery_id', '=', id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await overlapping(
      ctx.db,
      (trx) => addLines(id, 3, trx),
      (trx) =>
        trx.updateTable('delivery_products').set({ checked_out_at: new Date() }).where('id', '=', first).execute(),
    );
    await overlapping(
      ctx.db,
      (trx) => trx.deleteFrom('delivery_products').where('id', '=', first).execute(),
      (trx) => addLines(id, 1, trx),
    );
    await expectCountsExact('overlapping');
    const row = await ctx.db
      .selectFrom('deliveries')
      .select(['products_count', 'checked_out_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ products_count: 5, checked_out_count: 0 });
  });

  it('are what the delivery list shows and sorts on', async () => {
    const [two, four] = [await insertDelivery(), await insertDelivery()];
    await addLines(two, 2);
    await addLines(four, 4);
    await ctx.db
      .updateTable('delivery_products')
      .set({ checked_out_at: new Date() })
      .where('delivery_id', '=', four)
      .where(
        'id',
        'in',
        ctx.db.selectFrom('delivery_products').select('id').where('delivery_id', '=', four).orderBy('id').limit(3),
      )
      .execute();
    const rows = (await users.admin.get('/api/deliveries?search=TEL-&sort=products_count&order=desc&per_page=200')).body
      .data as { id: number; products_count: number; checked_out_count: number }[];
    expect(rows.find((r) => r.id === two)).toMatchObject({ products_count: 2, checked_out_count: 0 });
    expect(rows.find((r) => r.id === four)).toMatchObject({ products_count: 4, checked_out_count: 3 });
    const counts = rows.map((r) => r.products_count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(rows.findIndex((r) => r.id === four)).toBeLessThan(rows.findIndex((r) => r.id === two));
  });
});
