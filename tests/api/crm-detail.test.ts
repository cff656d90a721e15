import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/multipart';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { ClientType, ItemStatus } from '@domain/enums';

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
    const held = await ctx.db
      .selectFrom('items')
      .select(['id', 'status_id'])
      .where('client_id', '=', 227)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    expect(held.filter((i) => i.status_id === ItemStatus.IN_GEBRUIK).length).toBeGreaterThanOrEqual(4);
    const res = await admin.get('/api/clients/227');
    expect(res.status).toBe(200);
    expect(res.body.client_type_id).toBe(ClientType.EINDGEBRUIKER);
    expect(res.body.items.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b)).toEqual(
      held.map((i) => i.id),
    );
    const inUse = res.body.items.find((i: { status_id: number }) => i.status_id === ItemStatus.IN_GEBRUIK);
    expect(inUse).toMatchObject({
      product_name: expect.any(String),
      status: { id: ItemStatus.IN_GEBRUIK, name: 'In gebruik' },
    });
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
    const own = await ctx.db
      .selectFrom('asns')
      .select('id')
      .where('client_id', '=', klantClientId)
      .where('deleted_at', 'is', null)
      .execute();
    expect(res.body.asns).toHaveLength(own.length);
    expect(own.length).toBeGreaterThan(1);
    const states = res.body.asns.map((a: { complete: boolean }) => a.complete);
    expect(states).toEqual([...states].sort((a: boolean, b: boolean) => Number(a) - Number(b)));
    expect(res.body.asns[0]).toMatchObject({
      reference: expect.any(String),
      expected_count: expect.any(Number),
      arrived_count: expect.any(Number),
    });
  });

  it("keeps another reseller's end user out of reach", async () => {
    const ownReseller = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
    const foreign = await ctx.db
      .selectFrom('clients as u')
      .innerJoin('clients as c', 'c.id', 'u.parent_client_id')
      .select('u.id')
      .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
      .where('c.parent_client_id', '!=', ownReseller)
      .executeTakeFirstOrThrow();
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
    const set = await admin.put(`/api/clients/${id}`, {
      name: 'Klant met factuurdata',
      invoice_reference: 'REF-9',
      invoice_description: 'Omschrijving',
    });
    expect(set.body.data).toMatchObject({ invoice_reference: 'REF-9', invoice_description: 'Omschrijving' });
    const untouched = await admin.put(`/api/clients/${id}`, { name: 'Klant met factuurdata' });
    expect(untouched.body.data).toMatchObject({ invoice_reference: 'REF-9', invoice_description: 'Omschrijving' });
    const cleared = await admin.put(`/api/clients/${id}`, {
      name: 'Klant met factuurdata',
      invoice_reference: '',
      invoice_description: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ invoice_reference: null, invoice_description: null });
    await admin.put(`/api/clients/${id}`, { name: 'Klant met factuurdata', invoice_reference: 'REF-10' });
    const viaPost = await admin.post(`/api/clients/${id}`, {
      _method: 'PUT',
      name: 'Klant met factuurdata',
      invoice_reference: '   ',
    });
    expect(viaPost.body.data.invoice_reference).toBeNull();
    expect((await admin.get(`/api/clients/${id}`)).body).toMatchObject({
      invoice_reference: null,
      invoice_description: null,
    });
  });
});

describe('customer logo', () => {
  const png = fs.readFileSync(new URL('../../public/icons/icon-192.png', import.meta.url));
  const imagesIn = (pdf: Buffer) => pdf.toString('latin1').split('/Subtype /Image').length - 1;

  it('stores a raster image, serves it, draws it on the packing slip and removes it', async () => {
    const delivery = await ctx.db
      .selectFrom('deliveries as d')
      .innerJoin('clients as c', 'c.id', 'd.client_id')
      .select('d.id')
      .where((eb) => eb.or([eb('d.client_id', '=', klantClientId), eb('c.parent_client_id', '=', klantClientId)]))
      .where('d.deleted_at', 'is', null)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const before = imagesIn((await admin.get(`/api/deliveries/${delivery.id}/packing_slip`)).body as Buffer);
    const form = multipartBody({}, { image: { name: 'logo.png', data: png, type: 'image/png' } });
    const saved = await admin.request('POST', `/api/clients/${klantClientId}/image`, form.payload, form.headers);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.image).toEqual(expect.any(String));
    const served = await admin.get(`/api/clients/${klantClientId}/image`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    const slip = await admin.get(`/api/deliveries/${delivery.id}/packing_slip`);
    // One image more (pdfkit adds the alpha channel of a PNG as a second image object).
    expect(imagesIn(slip.body as Buffer)).toBeGreaterThan(before);
    expect((await admin.delete(`/api/clients/${klantClientId}/image`)).status).toBe(200);
    expect((await admin.get(`/api/clients/${klantClientId}/image`)).status).toBe(404);
    expect((await admin.get(`/api/clients/${klantClientId}`)).body.image).toBeNull();
  });

  it('refuses a GIF or WebP logo, which a packing slip (PDF) cannot hold, and keeps the logo it had', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    for (const [name, data] of [
      ['logo.gif', gif],
      ['logo.webp', webp],
    ] as const) {
      const form = multipartBody({}, { image: { name, data } });
      const refused = await admin.request('POST', `/api/clients/${klantClientId}/image`, form.payload, form.headers);
      expect(refused.status, name).toBe(422);
      expect(refused.body.errors).toEqual({ image: ['Het logo moet een PNG- of JPEG-afbeelding zijn.'] });
    }
    expect((await admin.get(`/api/clients/${klantClientId}`)).body.image).toBeNull();
  });

  it('refuses anything but a raster image by its bytes, and needs Klant wijzigen and the hierarchy', async () => {
    const svg = multipartBody(
      {},
      {
        image: {
          name: 'logo.png',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          type: 'image/png',
        },
      },
    );
    const refused = await admin.request('POST', `/api/clients/${klantClientId}/image`, svg.payload, svg.headers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ image: ['Het bestand moet een afbeelding zijn.'] });
    const none = await admin.post(`/api/clients/${klantClientId}/image`, {});
    expect(none.body.errors).toEqual({ image: ['Het bestand moet een afbeelding zijn.'] });
    const magazijn = await ctx.client().signIn('magazijn@demo.local');
    const form = multipartBody({}, { image: { name: 'logo.png', data: png } });
    expect(
      (await magazijn.request('POST', `/api/clients/${klantClientId}/image`, form.payload, form.headers)).status,
    ).toBe(403);
    const foreign = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .where('parent_client_id', '!=', (await reseller.get('/api/auth/me')).body.contact.client_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const again = multipartBody({}, { image: { name: 'logo.png', data: png } });
    expect(
      (await reseller.request('POST', `/api/clients/${foreign.id}/image`, again.payload, again.headers)).status,
    ).toBe(404);
  });
});
