import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';

/**
 * The lists that pick a page's keys before reading its rows (server/http/paging.ts `pageByKey`) do so
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

interface Page { data: { id: number }[]; total: number; current_page: number; last_page: number }

const PAGES = 13;

const lists: [string, () => ApiClient, string][] = [
  ['products', () => admin, '/api/products'],
  ['products sorted by end customer, descending', () => admin, '/api/products?sort=client_name&order=desc'],
  ['products of a reseller', () => reseller, '/api/products'],
  ['open deliveries', () => admin, '/api/deliveries'],
  ['open deliveries sorted by end customer', () => admin, '/api/deliveries?sort=end_customer_name'],
  ['open deliveries of a reseller', () => reseller, '/api/deliveries'],
  ['finished deliveries', () => admin, '/api/finisheddeliveries'],
  ['repairs', () => admin, '/api/repairdeliveries'],
  ['pre-notifications', () => admin, '/api/asns'],
  ['all customers', () => admin, '/api/client-list'],
];

describe('a list read one row per page, across its tenth page', () => {
  it.each(lists)('%s: pages 1–13 are the whole list in order, each with its total; past the end, no rows and the total', async (_, who, path) => {
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
  });
});
