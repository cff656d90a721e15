import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statements } from '../../server/db/statement-cache';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';

/**
 * The lists that pick a page's keys before reading its rows (server/http/paging.ts `pageList` with a `KeyedList`) do so
 * in one statement up to the tenth page and in two beyond it. Read one row per page, both ways must
 * give the whole list in its order, with its total on every page.
 */
let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
});
afterAll(() => ctx?.close());

interface Page {
  data: { id: number }[];
  total: number;
  current_page: number;
  last_page: number;
}

const PAGES = 13;

const lists: [string, () => ApiClient, string][] = [
  ['products', () => admin, '/api/products'],
  ['products sorted by end customer, descending', () => admin, '/api/products?sort=client_name&order=desc'],
  ['products of a reseller', () => reseller, '/api/products'],
  ['a product search', () => admin, '/api/products?search=partners'],
  [
    'a product search sorted by items in stock, descending',
    () => admin,
    '/api/products?search=partners&sort=items_in_stock&order=desc',
  ],
  ['a product search sorted by id, descending', () => admin, '/api/products?search=partners&sort=id&order=desc'],
  ["a reseller's product search", () => reseller, '/api/products?search=partners'],
  ['open deliveries', () => admin, '/api/deliveries'],
  ['open deliveries sorted by end customer', () => admin, '/api/deliveries?sort=end_customer_name'],
  ['open deliveries of a reseller', () => reseller, '/api/deliveries'],
  ['finished deliveries', () => admin, '/api/finisheddeliveries'],
  ['repairs', () => admin, '/api/repairdeliveries'],
  ['pre-notifications', () => admin, '/api/asns'],
  ['all customers', () => admin, '/api/client-list'],
  ['all customers sorted by city, descending', () => admin, '/api/client-list?sort=city&order=desc'],
];

describe('a list read one row per page, across its tenth page', () => {
  it.each(lists)(
    '%s: pages 1–13 are the whole list in order, each with its total; past the end, no rows and the total',
    async (_, who, path) => {
      const client = who();
      const join = path.includes('?') ? '&' : '?';
      const whole = await client.get(`${path}${join}per_page=200`);
      expect(whole.status).toBe(200);
      const all = whole.body as Page;
      expect(all.total, 'the seed has rows enough for pages past the tenth').toBeGreaterThanOrEqual(PAGES);
      expect(all.data.filter((row) => 'total_rows' in row)).toEqual([]);

      const rows: { id: number }[] = [];
      for (let page = 1; page <= PAGES; page++) {
        const res = await client.get(`${path}${join}per_page=1&page=${page}`);
        expect(res.status).toBe(200);
        const one = res.body as Page;
        expect([one.current_page, one.total, one.last_page]).toEqual([page, all.total, all.total]);
        rows.push(...one.data);
      }
      expect(rows).toEqual(all.data.slice(0, PAGES));

      const past = (await client.get(`${path}${join}per_page=1&page=${all.total + 1}`)).body as Page;
      expect([past.data, past.total]).toEqual([[], all.total]);
    },
  );
});

interface ProductPage {
  data: { id: number; description: string | null; reseller_id: number | null }[];
  total: number;
}

/**
 * A list's page statement is compiled once per key (server/db/statement-cache.ts): the statement is
 * kept, never the answer. Under test every statement taken from the cache is built again and compared
 * (tests/support/statement-verify.ts), so each repeated request here also checks the key.
 */
describe('a page asked again', () => {
  it('is read with the statement of the first time: fresh data, another statement for another part of the hierarchy, one for a shape of search term', async () => {
    statements.clear();
    const path = '/api/products?per_page=5&sort=article_number';
    const first = (await admin.get(path)).body as ProductPage;
    expect(statements.size).toBe(1);
    expect((await admin.get(path)).body).toEqual(first);
    expect(statements.size).toBe(1);

    const [row] = first.data;
    await sql`update products set description = 'Na de eerste vraag gewijzigd' where id = ${row!.id}`.execute(ctx.db);
    const changed = (await admin.get(path)).body as ProductPage;
    expect(changed.data[0]).toMatchObject({ id: row!.id, description: 'Na de eerste vraag gewijzigd' });
    expect(statements.size).toBe(1);

    const own = (await reseller.get(path)).body as ProductPage;
    expect(statements.size, "the reseller's page is a statement of its own").toBe(2);
    expect(own.total).toBeLessThan(first.total);
    expect(new Set(own.data.map((p) => p.reseller_id)).size).toBe(1);

    await admin.get(`${path}&search=dell`);
    expect(statements.size, 'a search: one statement for its shape of term').toBe(3);
    await admin.get(`${path}&search=logitech`);
    expect(statements.size, 'another term of that shape: the same statement').toBe(3);
  });

  it.each(lists)('%s: the second ask answers as the first', async (_, who, path) => {
    const client = who();
    const join = path.includes('?') ? '&' : '?';
    const first = await client.get(`${path}${join}per_page=3&page=2`);
    expect(first.status).toBe(200);
    expect((await client.get(`${path}${join}per_page=3&page=2`)).body).toEqual(first.body);
  });
});

describe("a statement with the path's id as its value", () => {
  it("items of a product: one statement for every product, each answer its own product's items", async () => {
    const products = await ctx.db
      .selectFrom('items')
      .select('product_id')
      .where('deleted_at', 'is', null)
      .groupBy('product_id')
      .having(sql`count(*)`, '>=', 2)
      .orderBy('product_id')
      .limit(3)
      .execute();
    expect(products.length).toBe(3);
    statements.clear();
    for (const { product_id } of products) {
      const page = (await admin.get(`/api/getitems/${product_id}?per_page=2`)).body as {
        data: { product_id: number }[];
        total: number;
      };
      const live = await ctx.db
        .selectFrom('items')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('product_id', '=', product_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(page.data.map((i) => i.product_id)).toEqual([product_id, product_id]);
      expect(page.total).toBe(live.n);
    }
    expect(statements.size).toBe(1);
  });

  it('a delivery: one statement per part of the hierarchy; the reseller still gets a 404 for a delivery outside its part', async () => {
    const ids = (await admin.get('/api/deliveries?per_page=200')).body.data.map(
      (d: { id: number }) => d.id,
    ) as number[];
    const resellerIds = new Set(
      ((await reseller.get('/api/deliveries?per_page=200')).body.data as { id: number }[]).map((d) => d.id),
    );
    const outside = ids.find((id) => !resellerIds.has(id));
    const inside = [...resellerIds][0];
    expect([outside, inside].every((id) => id !== undefined)).toBe(true);
    statements.clear();
    for (const id of ids.slice(0, 3)) expect((await admin.get(`/api/deliveries/${id}`)).body.id).toBe(id);
    expect(statements.size).toBe(1);
    expect((await reseller.get(`/api/deliveries/${inside}`)).body.id).toBe(inside);
    expect((await reseller.get(`/api/deliveries/${outside}`)).status).toBe(404);
    expect(statements.size).toBe(2);
  });
});

describe('a search statement built once per shape of term', () => {
  it("answers a second term from the first term's statement as a statement of its own would", async () => {
    const terms = ['latitude', 'elitebook'];
    const ask = async (term: string) =>
      (await admin.get(`/api/products?per_page=200&search=${term}`)).body as ProductPage;
    statements.clear();
    const first = await ask(terms[0]!);
    const second = await ask(terms[1]!);
    expect(statements.size, 'both terms have one shape: one statement').toBe(1);
    statements.clear();
    const alone = await ask(terms[1]!);
    expect(second).toEqual(alone);
    expect(first.total).toBeGreaterThan(0);
    expect(second.total).toBeGreaterThan(0);
    expect(second.data.map((p) => p.id)).not.toEqual(first.data.map((p) => p.id));
  });
});

describe('the delivery search, built once per shape of term', () => {
  it("finds each order number from the first one's statement as a statement of its own would", async () => {
    const open = await ctx.db
      .selectFrom('deliveries')
      .select(['id', 'order_number'])
      .where('deleted_at', 'is', null)
      .where('is_cancelled', '=', false)
      .where('completed_at', 'is', null)
      .where('delivery_type_id', '<>', 7)
      .where('order_number', 'like', '%-%')
      .orderBy('id')
      .limit(2)
      .execute();
    expect(open.length).toBe(2);
    const ask = async (term: string) =>
      (await admin.get(`/api/deliveries?search=${encodeURIComponent(term)}`)).body as Page;
    statements.clear();
    const found: Page[] = [];
    for (const { order_number } of open) found.push(await ask(order_number!));
    expect(statements.size, 'two order numbers have one shape: one statement').toBe(1);
    open.forEach(({ id }, i) => expect(found[i]!.data.map((d) => d.id)).toContain(id));
    statements.clear();
    expect(await ask(open[1]!.order_number!)).toEqual(found[1]);

    const broad = await ask('kerkstraat');
    const other = await ask('utrecht');
    expect(statements.size, 'a term without a code is a shape of its own').toBe(2);
    expect(broad.total).toBeGreaterThan(0);
    expect(other.data.map((d) => d.id)).not.toEqual(broad.data.map((d) => d.id));
  });
});
