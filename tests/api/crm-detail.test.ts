import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { ClientType, ItemStatus } from '../../src/domain/enums';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let klantClientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  const klant = await ctx.client().signIn('klant@demo.local');
  klantClientId = (await klant.get('/api/auth/me')).body.contact.client_id;
});
afterAll(() => ctx.close());

describe('GET /api/clients/{id}: items, events and asns', () => {
  it('lists the items an end user holds', async () => {
    const held = await ctx.db.selectFrom('items').select(['id', 'status_id']).where('client_id', '=', 227).where('deleted_at', 'is', null).orderBy('id').execute();
    expect(held.filter((i) => i.status_id === ItemStatus.IN_GEBRUIK).length).toBeGreaterThanOrEqual(4);
    const res = await admin.get('/api/clients/227');
    expect(res.status).toBe(200);
    expect(res.body.client_type_id).toBe(ClientType.EINDGEBRUIKER);
    expect(res.body.items.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b)).toEqual(held.map((i) => i.id));
    const inUse = res.body.items.find((i: { status_id: number }) => i.status_id === ItemStatus.IN_GEBRUIK);
    expect(inUse).toMatchObject({ product_name: expect.any(String), status: { id: ItemStatus.IN_GEBRUIK, name: 'In gebruik' } });
  });

  it('gives the newest events with product and status names', async () => {
    const res = await admin.get('/api/clients/227');
    const all = (await admin.get('/api/geteventsbyclientid/227')).body as { id: number }[];
    expect(res.body.events.length).toBe(Math.min(10, all.length));
    expect(res.body.events.length).toBeGreaterThan(0);
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual(all.slice(0, 10).map((e) => e.id));
    expect(res.body.events[0]).toMatchObject({ created_at: expect.any(String), action: expect.any(String) });
    expect(res.body.events[0]).toHaveProperty('product_name');
    expect(res.body.events[0]).toHaveProperty('status_name');
  });

  it('gives an end customer its pre-notifications, open ones first, with counts', async () => {
    const res = await admin.get(`/api/clients/${klantClientId}`);
    const own = await ctx.db.selectFrom('asns').select('id').where('client_id', '=', klantClientId).where('deleted_at', 'is', null).execute();
    expect(res.body.asns).toHaveLength(own.length);
    expect(own.length).toBeGreaterThan(1);
    const states = res.body.asns.map((a: { complete: boolean }) => a.complete);
    expect(states).toEqual([...states].sort((a: boolean, b: boolean) => Number(a) - Number(b)));
    expect(res.body.asns[0]).toMatchObject({ reference: expect.any(String), expected_count: expect.any(Number), arrived_count: expect.any(Number) });
  });

  it('keeps another reseller\'s end user out of reach', async () => {
    const ownReseller = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
    const foreign = await ctx.db.selectFrom('clients as u').innerJoin('clients as c', 'c.id', 'u.parent_client_id')
      .select('u.id').where('u.client_type_id', '=', ClientType.EINDGEBRUIKER).where('c.parent_client_id', '!=', ownReseller).executeTakeFirstOrThrow();
    expect((await reseller.get(`/api/clients/${foreign.id}`)).status).toBe(404);
  });
});

describe('customer lists with showAll', () => {
  it('answers every matching row on one page', async () => {
    const all = await admin.get('/api/endusers?showAll=true');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 300, last_page: 1, current_page: 1 });
    expect(all.body.data).toHaveLength(300);
    const searched = await admin.get(`/api/client-list?showAll=true&search=${encodeURIComponent('IT Partners')}`);
    expect(searched.body.data.length).toBe(searched.body.total);
    expect((await admin.get('/api/endusers')).body.data).toHaveLength(25);
  });
});

describe('editing a customer', () => {
  it('clears the invoice reference and description when sent empty, keeps them when left out', async () => {
    const id = klantClientId;
    const set = await admin.put(`/api/clients/${id}`, { name: 'Klant met factuurdata', invoice_reference: 'REF-9', invoice_description: 'Omschrijving' });
    expect(set.body.data).toMatchObject({ invoice_reference: 'REF-9', invoice_description: 'Omschrijving' });
    const untouched = await admin.put(`/api/clients/${id}`, { name: 'Klant met factuurdata' });
    expect(untouched.body.data).toMatchObject({ invoice_reference: 'REF-9', invoice_description: 'Omschrijving' });
    const cleared = await admin.put(`/api/clients/${id}`, { name: 'Klant met factuurdata', invoice_reference: '', invoice_description: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ invoice_reference: null, invoice_description: null });
    await admin.put(`/api/clients/${id}`, { name: 'Klant met factuurdata', invoice_reference: 'REF-10' });
    const viaPost = await admin.post(`/api/clients/${id}`, { _method: 'PUT', name: 'Klant met factuurdata', invoice_reference: '   ' });
    expect(viaPost.body.data.invoice_reference).toBeNull();
    expect((await admin.get(`/api/clients/${id}`)).body).toMatchObject({ invoice_reference: null, invoice_description: null });
  });
});
