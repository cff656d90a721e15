import { pdfText } from '../support/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { readWorkbook } from '../support/xlsx';
import { ClientType, ItemStatus } from '@domain/enums';
import { formatEuro } from '@domain/format';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let customerId: number;
let otherTenantCustomer: number;
let productA: { id: number; name: string; article_number: string };
let productB: { id: number; name: string; article_number: string };
let endUser: { id: number; name: string };

const now = new Date();
const thisYear = now.getFullYear();
const thisMonth = now.getMonth() + 1;
const DAY = 86_400_000;

/** The PDF's text with white space folded, as the amounts are compared. */
const foldedPdfText = async (data: Buffer): Promise<string> => (await pdfText(data)).replace(/\s+/g, ' ');

interface StatusStep {
  status: number;
  at: Date;
}

/** An item of `product` held by the end user, with its status history as events. */
async function addItem(
  product: { id: number },
  serial: string,
  history: [StatusStep, ...StatusStep[]],
  dateInUse: string,
) {
  const [first] = history;
  const last = history[history.length - 1] ?? first;
  const item = await ctx.db
    .insertInto('items')
    .values({
      product_id: product.id,
      client_id: endUser.id,
      status_id: last.status,
      serial,
      date_in_use: dateInUse,
      created_at: first.at,
      updated_at: last.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('events')
    .values(
      history.map((h) => ({
        item_id: item.id,
        client_id: endUser.id,
        product_id: product.id,
        status_id: h.status,
        action: 'Status gewijzigd',
        created_at: h.at,
      })),
    )
    .execute();
  return item.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  const resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id as number;
  // A fresh end customer with its own articles, prices and end user: the totals are known exactly.
  const created = await admin.post('/api/clients', {
    name: 'Factuur Test B.V.',
    client_type_id: ClientType.EINDKLANT,
    parent_client_id: resellerClientId,
    invoice_description: 'Werkplekken november',
    invoice_reference: 'PO-4711',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  customerId = created.body.data.id;
  const products = await ctx.db
    .insertInto('products')
    .values([
      {
        client_id: customerId,
        product_group_id: 1,
        name: 'Testlaptop 14',
        article_number: 'FT-LAP',
        unique_product_id: 'FT-1',
        price_cents: 4550,
      },
      {
        client_id: customerId,
        product_group_id: 2,
        name: 'Testmonitor 24',
        article_number: 'FT-MON',
        unique_product_id: 'FT-2',
        price_cents: 1225,
      },
    ])
    .returning(['id', 'name', 'article_number'])
    .execute();
  const [laptop, monitor] = products;
  if (!laptop || !monitor) throw new Error('The two test articles were not both made.');
  [productA, productB] = [laptop, monitor];
  endUser = await ctx.db
    .insertInto('clients')
    .values({ name: 'Ineke Factuur', client_type_id: ClientType.EINDGEBRUIKER, parent_client_id: customerId })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const past = (days: number) => new Date(now.getTime() - days * DAY);
  const inUse = (days: number): [StatusStep, StatusStep] => [
    { status: ItemStatus.INGEKLAARD, at: past(days + 5) },
    { status: ItemStatus.IN_GEBRUIK, at: past(days) },
  ];
  // In use since long ago: two laptops and one monitor.
  await addItem(productA, 'FTL0001', inUse(400), '2025-01-10');
  await addItem(productA, 'FTL0002', inUse(400), '2025-01-11');
  await addItem(productB, 'FTM0001', inUse(400), '2025-01-12');
  // In stock only: never counts.
  await addItem(productB, 'FTM0002', [{ status: ItemStatus.INGEKLAARD, at: past(400) }], '2025-01-12');
  // Returned (checked out again) two days ago: counts for earlier months, not for a month after its return.
  await addItem(productB, 'FTM0003', [...inUse(400), { status: ItemStatus.UITGEKLAARD, at: past(2) }], '2025-01-12');
  await admin.post(`/api/clients/${customerId}/monthly-payment`, {
    monthlypayment: [
      { description: 'Servicedesk', price: '100.00' },
      { description: 'Beheer', price: '25.50' },
    ],
  });
  const other = await ctx.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .where('parent_client_id', 'not in', [resellerClientId])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherTenantCustomer = other.id;
});
afterAll(() => ctx.close());

const lastYear = `year=${thisYear - 1}&month=${thisMonth}`;

describe('invoice attachment (GET /api/{id}/invoices)', () => {
  it('is an xlsx with one row per item in use: serial, article, end user, in use since, price', async () => {
    const res = await admin.get(`/api/${customerId}/invoices?${lastYear}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(
      `factuurbijlage-${thisYear - 1}-${String(thisMonth).padStart(2, '0')}-factuur-test-b-v.xlsx`,
    );
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      'Serienummer',
      'Artikel',
      'Artikelnummer',
      'Eindgebruiker',
      'In gebruik sinds',
      'Prijs per maand',
    ]);
    const data = rows.slice(1);
    expect(data.map((r) => r[0])).toEqual(['FTL0001', 'FTL0002', 'FTM0001', 'FTM0003']);
    expect(data[0]!.slice(1, 4)).toEqual(['Testlaptop 14', 'FT-LAP', 'Ineke Factuur']);
    expect((data[0]![4] as Date).toISOString().slice(0, 10)).toBe('2025-01-10');
    expect(data[0]![5]).toBe(45.5);
    expect(data[2]![5]).toBe(12.25);
  });

  it('leaves out an item returned before the month: the current month has three', async () => {
    const res = await admin.get(`/api/${customerId}/invoices?year=${thisYear}&month=${thisMonth}`);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    expect(sheet.getColumn(1).values.slice(2)).toEqual(['FTL0001', 'FTL0002', 'FTM0001']);
  });
});

describe('invoice overview (GET /api/{id}/invoicesOverview)', () => {
  it('is a PDF specification: items per article times the price, fixed amounts, totals excl. and incl. 21 % VAT, description and reference', async () => {
    const res = await admin.get(`/api/${customerId}/invoicesOverview?year=${thisYear}&month=${thisMonth}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="factuuroverzicht-\d{4}-\d{2}-factuur-test-b-v\.pdf"/,
    );
    const text = await foldedPdfText(res.body as Buffer);
    expect(text).toContain('Factuuroverzicht');
    expect(text).toContain('Factuur Test B.V.');
    expect(text).toContain('PO-4711');
    expect(text).toContain('Werkplekken november');
    // 2 × € 45,50 and 1 × € 12,25 (the returned monitor no longer counts), plus € 100,00 and € 25,50.
    expect(text).toMatch(/Testlaptop 14 \(FT-LAP\) 2 € 45,50 € 91,00/);
    expect(text).toMatch(/Testmonitor 24 \(FT-MON\) 1 € 12,25 € 12,25/);
    expect(text).toContain('Servicedesk');
    expect(text).toContain('Beheer');
    const excl = 9100 + 1225 + 10000 + 2550;
    const vat = Math.round(excl * 0.21);
    expect(text).toContain(`Totaal excl. btw ${formatEuro(excl)}`.replace(/\s+/g, ' '));
    expect(text).toContain(`Btw 21% ${formatEuro(vat)}`.replace(/\s+/g, ' '));
    expect(text).toContain(`Totaal incl. btw ${formatEuro(excl + vat)}`.replace(/\s+/g, ' '));
  });

  it('counts the returned item in a month before its return', async () => {
    const text = await foldedPdfText(
      (await admin.get(`/api/${customerId}/invoicesOverview?${lastYear}`)).body as Buffer,
    );
    expect(text).toMatch(/Testmonitor 24 \(FT-MON\) 2 € 12,25 € 24,50/);
    expect(text).toMatch(/november|december|januari|februari|maart|april|mei|juni|juli|augustus|september|oktober/);
  });
});

describe('invoice input, rights and hierarchy', () => {
  it('answers 422 in Dutch for a year or month outside the list, or a month that has not begun', async () => {
    for (const path of ['invoices', 'invoicesOverview']) {
      const missing = await admin.get(`/api/${customerId}/${path}`);
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ year: ['Dit veld is verplicht.'], month: ['Dit veld is verplicht.'] });
      const early = await admin.get(`/api/${customerId}/${path}?year=2021&month=5`);
      expect(early.body.errors).toEqual({ year: ['Kies een jaar uit de lijst.'] });
      const late = await admin.get(`/api/${customerId}/${path}?year=${thisYear + 1}&month=1`);
      expect(late.body.errors).toEqual({ year: ['Kies een jaar uit de lijst.'] });
      for (const month of ['0', '13', 'mei', '1.5']) {
        const bad = await admin.get(`/api/${customerId}/${path}?year=${thisYear}&month=${month}`);
        expect(bad.status, month).toBe(422);
        expect(bad.body.errors, month).toEqual({ month: ['Kies een maand uit de lijst.'] });
      }
      if (thisMonth < 12) {
        const future = await admin.get(`/api/${customerId}/${path}?year=${thisYear}&month=${thisMonth + 1}`);
        expect(future.body.errors).toEqual({ month: ['Kies een maand die al begonnen is.'] });
      }
      expect((await admin.get(`/api/${customerId}/${path}?year=2022&month=1`)).status).toBe(200);
    }
  });

  it('is for end customers only', async () => {
    const res = await admin.get(`/api/${endUser.id}/invoices?${lastYear}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ id: ['Facturen worden per eindklant gemaakt.'] });
  });

  it('needs Factuur beheren, and answers 404 for a customer of another tenant', async () => {
    expect((await reseller.get(`/api/${customerId}/invoices?${lastYear}`)).status).toBe(403);
    expect((await reseller.get(`/api/${customerId}/invoicesOverview?${lastYear}`)).status).toBe(403);
    const role = await ctx.db
      .insertInto('roles')
      .values({ name: 'Reseller met facturen', description: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const permission = await ctx.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Factuur beheren')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('permission_role').values({ role_id: role.id, permission_id: permission.id }).execute();
    const resellerUser = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'reseller@demo.local')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('role_user').values({ user_id: resellerUser.id, role_id: role.id }).execute();
    const again = await ctx.client().signIn('reseller@demo.local');
    expect((await again.get(`/api/${customerId}/invoices?${lastYear}`)).status).toBe(200);
    expect((await again.get(`/api/${otherTenantCustomer}/invoices?${lastYear}`)).status).toBe(404);
    expect((await again.get(`/api/${otherTenantCustomer}/invoicesOverview?${lastYear}`)).status).toBe(404);
    expect((await again.get(`/api/999999/invoices?${lastYear}`)).status).toBe(404);
  });
});
