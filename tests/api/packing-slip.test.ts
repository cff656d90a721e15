import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotNull } from 'kysely';
import { DeliveryType, ItemStatus } from '@domain/enums';
import { firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { multipartBody } from '../support/multipart';
import { pdfPageImages, pdfPages } from '../support/pdf';
import { pngDataUrl, signaturePng } from '../support/png';

// The packing slip (spec 2 §2.7) read as the PDF it is (issue 46 point 10): the Retour section with the items
// picked up on page 1, and the client's logo drawn there when the client has one.

let ctx: TestContext;
let admin: ApiClient;
let customer: number;
let endUser: number;
let serial = 0;

/** A PNG of a size no other image on the slip has (the provider's own logo is 192 × 192). */
const LOGO = { width: 97, height: 41 };
const logoPng = signaturePng(LOGO.width, LOGO.height);

async function heldItem() {
  const product = await ctx.db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('client_id', '=', customer)
    .where('product_group_id', '!=', 3)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const item = await ctx.db
    .insertInto('items')
    .values({ product_id: product.id, client_id: endUser, status_id: ItemStatus.IN_GEBRUIK, serial: `PAK${++serial}` })
    .returning(['id', 'serial'])
    .$narrowType<{ serial: NotNull }>()
    .executeTakeFirstOrThrow();
  return { ...item, name: product.name };
}

async function request(type: number, products: Record<string, number>[]) {
  const res = await admin.post('/api/deliveries', {
    delivery_type_id: type,
    client_id: endUser,
    contact: 'Jan Gebruiker',
    contact_email: 'jan@klant.nl',
    contact_phone: '0612345678',
    order_number: `ORD-PAK-${++serial}`,
    your_reference: 'REF-PAK',
    date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    products,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const slipOf = async (id: number) => {
  const res = await admin.get(`/api/deliveries/${id}/packing_slip`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.body as Buffer;
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  const klant = await ctx.client().signIn('klant@demo.local');
  customer = (await klant.get('/api/auth/me')).body.contact.client_id;
  endUser = await firstEndUserOf(ctx.db, customer);
});

afterAll(() => ctx.close());

describe('packing slip', () => {
  it('lists the items picked up under Retour on page 1, and draws the end customer’s logo there', async () => {
    const items = [await heldItem(), await heldItem(), await heldItem()];
    const id = await request(
      DeliveryType.UITDIENST,
      items.map((i) => ({ item_id: i.id, is_pickup: 1 })),
    );

    const withoutLogo = await slipOf(id);
    expect(await pdfPageImages(withoutLogo, 1)).not.toContainEqual(LOGO);

    const form = multipartBody({}, { image: { name: 'logo.png', data: logoPng, type: 'image/png' } });
    const saved = await admin.request('POST', `/api/clients/${customer}/image`, form.payload, form.headers);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const slip = await slipOf(id);
    const [first] = await pdfPages(slip);
    expect(first).toContain('Uitdienst');
    expect(first).toContain('PAKBON');
    expect(first).toContain('Retour');
    for (const item of items) expect(first).toContain(`${item.name} (${item.serial})`);
    // Retour comes after Posities on the page, the items after its heading.
    expect(first!.indexOf('Retour')).toBeGreaterThan(first!.indexOf('Posities'));
    expect(first!.indexOf(items[0]!.serial)).toBeGreaterThan(first!.indexOf('Retour'));
    expect(await pdfPageImages(slip, 1)).toContainEqual(LOGO);
  });

  it('keeps the picked-up item under Retour on page 1 once the delivery is finished and signed', async () => {
    const defect = await heldItem();
    const id = await request(DeliveryType.EOL_SWAP, [
      { item_id: defect.id, is_pickup: 1 },
      {
        product_id: (
          await ctx.db.selectFrom('items').select('product_id').where('id', '=', defect.id).executeTakeFirstOrThrow()
        ).product_id,
      },
    ]);
    const magazijn = await ctx.client().signIn('magazijn@demo.local');
    const finished = await magazijn.post('/api/finish/delivery', {
      id,
      items: [{ item_id: defect.id, is_pickup: 1 }],
      handtekening: pngDataUrl(signaturePng()),
      signer_name: 'Piet Ophaler',
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const [first] = await pdfPages(await slipOf(id));
    expect(first).toContain('EOL swap');
    expect(first).toContain('Naam: Piet Ophaler');
    expect(first).toMatch(/Retour\s+Artikelcode\s+Omschrijving\s+Aantal/);
    expect(first!.slice(first!.indexOf('Retour'))).toContain(`${defect.name} (${defect.serial})`);
  });

  it('prints the slip without the logo when the stored logo cannot be read', async () => {
    const id = await request(DeliveryType.UITDIENST, [{ item_id: (await heldItem()).id, is_pickup: 1 }]);
    // A PNG cut short: its header (type and size) passes the upload's checks, its image data is missing.
    const form = multipartBody({}, { image: { name: 'logo.png', data: logoPng.subarray(0, 60), type: 'image/png' } });
    const saved = await admin.request('POST', `/api/clients/${customer}/image`, form.payload, form.headers);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const slip = await slipOf(id);
    expect((await pdfPages(slip))[0]).toContain('Retour');
    expect(await pdfPageImages(slip, 1)).not.toContainEqual(LOGO);
  });
});
