/**
 * Issue 7 item 11: the same serial checked in at the same moment, on several pre-notifications or
 * as new stock items. Exactly one wins; every other answer is a 422 with the field message, never
 * a 409 or 500. Meant for PostgreSQL, where the requests really run at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let customer: number;
let product: number;

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

async function createAsn(reference: string) {
  const res = await admin.post('/api/asns', {
    client_id: customer,
    reference,
    w_number: 'W-1',
    stock_owner: 'Eindklant',
    expected: future,
    products: [{ product_id: product, quantity: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; products: { id: number }[] };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  const row = await ctx.db
    .selectFrom('products')
    .innerJoin('clients', 'clients.id', 'products.client_id')
    .select(['products.id', 'products.client_id'])
    .where('clients.client_type_id', '=', 3)
    .where('products.product_group_id', '!=', 3)
    .where('products.deleted_at', 'is', null)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  product = row.id;
  customer = row.client_id;
});
afterAll(() => ctx.close());

describe('a serial checked in twice at the same moment', () => {
  it('is stored once; every other request answers 422 with the field message', async () => {
    const parallel = 6;
    for (let round = 0; round < 4; round++) {
      // One length for all three: the article's serial-length rule applies to every scan.
      const base = `RACE-${round}-${Date.now()}`;
      const serial = `${base}-Z`;
      const others = [`${base}-A`, `${base}-B`];
      const asns = await Promise.all(Array.from({ length: parallel }, (_, i) => createAsn(`RACE-${round}-${i}`)));
      // Also the same serials in opposite orders, which must not deadlock.
      const answers = await Promise.all(
        asns.map((asn, i) =>
          magazijn.post('/api/delivery/save', {
            id: asn.id,
            products: [
              {
                asn_product_id: asn.products[0]!.id,
                serials: i % 2 ? [serial, ...others] : [...others].reverse().concat(serial),
              },
            ],
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: parallel - 1 }, () => 422)]);
      for (const refused of answers.filter((a) => a.status === 422)) {
        expect(Object.values(refused.body.errors as Record<string, string[]>).flat()).toContain(
          'Serienummer staat al in de voorraad.',
        );
      }
      const stored = await sql<{
        n: string;
      }>`select count(*) as n from items where upper(serial) = ${serial.toUpperCase()} and deleted_at is null`.execute(
        ctx.db,
      );
      expect(Number(stored.rows[0]!.n)).toBe(1);
    }
  });

  it('as a new stock item: stored once, every other request 422 on the field', async () => {
    const parallel = 6;
    for (let round = 0; round < 3; round++) {
      const serial = `RACE-ITEM-${round}-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: parallel }, () => magazijn.post('/api/items', { product_id: product, serial })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array.from({ length: parallel - 1 }, () => 422)]);
      for (const refused of answers.filter((a) => a.status === 422))
        expect(refused.body.errors).toEqual({ serial: ['Serienummer bestaat al.'] });
      const stored = await sql<{
        n: string;
      }>`select count(*) as n from items where upper(serial) = ${serial.toUpperCase()} and deleted_at is null`.execute(
        ctx.db,
      );
      expect(Number(stored.rows[0]!.n)).toBe(1);
    }
  });
});
