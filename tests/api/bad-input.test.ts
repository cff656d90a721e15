/**
 * Issue 7 item 5: the inputs that answered 500 now answer 422 with a Dutch message on the field
 * (or 400 for a body that is not a JSON object). The fuzzer (fuzz.test.ts) keeps every route free
 * of 5xx; this file checks what a client is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';

let ctx: TestContext;
let admin: ApiClient;
let customer: number;
let product: number;

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const asn = (overrides: Record<string, unknown>) => ({
  client_id: customer,
  reference: 'ORD-BAD',
  w_number: 'W-1',
  stock_owner: 'Eindklant',
  expected: future,
  products: [{ product_id: product, quantity: 1 }],
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  const row = await ctx.db
    .selectFrom('products')
    .innerJoin('clients', 'clients.id', 'products.client_id')
    .select(['products.id', 'products.client_id'])
    .where('clients.client_type_id', '=', 3)
    .where('products.deleted_at', 'is', null)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  product = row.id;
  customer = row.client_id;
});
afterAll(() => ctx.close());

describe('bad input answers 422 on the field', () => {
  it('an id beyond any integer column, in a body and in a query filter', async () => {
    const res = await admin.post('/api/addresses', { client_id: 3_000_000_000 });
    expect(res.status).toBe(422);
    expect(res.body.errors.client_id).toEqual(['Kies een bestaande waarde.']);
    const asnRes = await admin.post(
      '/api/asns',
      asn({ client_id: 3_000_000_000, products: [{ product_id: 3_000_000_000, quantity: 1 }] }),
    );
    expect(asnRes.status).toBe(422);
    expect(asnRes.body.errors.client_id).toEqual(['Kies een bestaande waarde.']);
    const filtered = await admin.get('/api/products?filters[client_id]=3000000000');
    expect(filtered.status).toBe(422);
    expect(filtered.body.errors).toEqual({ 'filters[client_id]': ['Kies een bestaande waarde.'] });
    expect((await admin.get(`/api/products?filters[client_id]=${customer}`)).status).toBe(200);
  });

  it('a NUL byte in a search, a filter or a text field', async () => {
    const search = await admin.get('/api/users?search=a%00b');
    expect(search.status).toBe(422);
    expect(search.body).toEqual({
      message: 'Validatie mislukt!',
      errors: { search: ['Dit veld bevat een ongeldig teken.'] },
    });
    expect((await admin.get('/api/client-list?filters[all]=a%00b')).body.errors).toEqual({
      'filters[all]': ['Dit veld bevat een ongeldig teken.'],
    });
    const role = await admin.post('/api/roles', { name: 'a\u0000b', description: 'Omschrijving' });
    expect(role.status).toBe(422);
    expect(role.body.errors).toEqual({ name: ['Dit veld bevat een ongeldig teken.'] });
    const before = await ctx.db.selectFrom('roles').select('id').execute();
    const nested = await admin.post('/api/roles', { name: 'Rol', description: 'x', extra: { deep: ['a\u0000b'] } });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual({ 'extra.deep.0': ['Dit veld bevat een ongeldig teken.'] });
    expect(await ctx.db.selectFrom('roles').select('id').execute()).toEqual(before);
  });

  it('an impossible date: 30 February, year 0000, month 13', async () => {
    for (const expected of ['2026-02-30', '0000-01-01', '2027-13-01', '2027-04-31']) {
      const res = await admin.post('/api/asns', asn({ expected }));
      expect(res.status, expected).toBe(422);
      expect(res.body.errors.expected, expected).toEqual(['Vul een geldige datum in.']);
    }
    expect((await admin.post('/api/asns', asn({ expected: '2028-02-29' }))).status).toBe(201);
  });

  it('a sort or tab that is not on the list, also an object-prototype key', async () => {
    for (const sort of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'geen_kolom']) {
      for (const list of [
        '/api/client-list',
        '/api/users',
        '/api/roles',
        '/api/products',
        '/api/bundles',
        '/api/asns',
      ]) {
        const res = await admin.get(`${list}?sort=${sort}`);
        expect(res.status, `${list} ${sort}`).toBe(422);
        expect(res.body.errors, `${list} ${sort}`).toEqual({ sort: ['Op deze kolom kan niet worden gesorteerd.'] });
      }
    }
    expect((await admin.get('/api/client-list?sort=name&order=desc')).status).toBe(200);
    for (const tab of ['constructor', '__proto__', 'onbekend']) {
      const res = await admin.get(`/api/exportcrmcsv?tab=${tab}`);
      expect(res.status, tab).toBe(422);
      expect(res.body.errors).toEqual({ tab: ['Kies een bestaand tabblad.'] });
    }
    expect((await admin.get('/api/exportcrmcsv?tab=resellers')).status).toBe(200);
  });

  it('a page number no list reaches', async () => {
    for (const page of ['99999999999999999999', '100001', '-1', '1.5', 'abc']) {
      const res = await admin.get(`/api/users?page=${page}`);
      expect(res.status, page).toBe(422);
      expect(res.body.errors, page).toEqual({ page: ['Vul een geldig paginanummer in.'] });
    }
    const last = await admin.get('/api/users?page=100000');
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([]);
    expect((await admin.get('/api/users?per_page=99999999999999999999')).status).toBe(422);
  });

  it('a megabyte of text and a wrong type', async () => {
    // A megabyte is more than the route reads (issue 22): refused from its size; within the limit, per field.
    const huge = await admin.post('/api/roles', { name: 'x'.repeat(1024 * 1024), description: 'x' });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'De verzonden gegevens zijn te groot.' });
    const long = await admin.post('/api/roles', { name: 'x'.repeat(60 * 1024), description: 'x' });
    expect(long.status).toBe(422);
    expect(long.body.errors.name).toEqual(['Dit veld mag maximaal 80 tekens bevatten.']);
    const wrong = await admin.post('/api/roles', { name: 5, description: ['x'] });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['description', 'name']);
    expect((await admin.get(`/api/users?search=${'x'.repeat(256)}`)).body.errors).toEqual({
      search: ['Dit veld mag maximaal 255 tekens bevatten.'],
    });
  });
});

describe('a body that is not a JSON object answers 400', () => {
  it('refuses arrays, strings, numbers and broken JSON; an empty body is checked per field', async () => {
    for (const raw of ['[]', '"x"', '1', 'true']) {
      const res = await admin.request('POST', '/api/roles', raw, { 'content-type': 'application/json' });
      expect(res.status, raw).toBe(400);
      expect(res.body, raw).toEqual({ message: 'De verzonden gegevens moeten een JSON-object zijn.' });
    }
    for (const raw of ['{', '{"name":', '\u0000']) {
      const res = await admin.request('POST', '/api/roles', raw, { 'content-type': 'application/json' });
      expect(res.status, raw).toBe(400);
      expect(res.body, raw).toEqual({ message: 'De verzonden gegevens zijn geen geldige JSON.' });
    }
    const empty = await admin.request('POST', '/api/roles', 'null', { 'content-type': 'application/json' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: ['Dit veld is verplicht.'], description: ['Dit veld is verplicht.'] });
  });
});
