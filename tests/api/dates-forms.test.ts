import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { pdfText } from '../support/pdf';
import { firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { Carrier, ClientType, DeliveryType } from '@domain/enums';
import { todayInAmsterdam } from '@domain/dates';

let ctx: TestContext;
let admin: ApiClient;
let customer: number;
let endUser: number;
let bundleId: number;
let stockId: number;
let serial = 0;

// 23:30 UTC on 26 November is 00:30 on 27 November in Amsterdam.
const JUST_AFTER_MIDNIGHT = new Date('2026-11-26T23:30:00Z');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const order = () => `ORD-DATES-${++serial}`;
const ticket = (type: number, overrides: Record<string, unknown> = {}) => ({
  delivery_type_id: type,
  client_id: endUser,
  contact: 'Jan Gebruiker',
  contact_email: 'jan@klant.nl',
  contact_phone: '0612345678',
  order_number: order(),
  your_reference: 'REF-1',
  date: inDays(5),
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  const klant = await ctx.client().signIn('klant@demo.local');
  customer = (await klant.get('/api/auth/me')).body.contact.client_id;
  endUser = await firstEndUserOf(ctx.db, customer);
  bundleId = (
    await ctx.db
      .selectFrom('bundles')
      .select('id')
      .where('client_id', '=', customer)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  stockId = (
    await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', customer)
      .where('deleted_at', 'is', null)
      .where('product_group_id', '!=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

describe('the server runs on a UTC host', () => {
  it('so the process zone is UTC in these tests', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toMatch(/^(UTC|Etc\/UTC)$/);
  });
});

describe("carrier of a request (spec 1 §9), not the customer's parcel flag", () => {
  it.each([1, 0])(
    'with delivery_by_postnl %i: repair, resignation, EOL swap and bulk by carrier 1; extra products and in-service by carrier 2',
    async (flag) => {
      await ctx.db.updateTable('clients').set({ delivery_by_postnl: flag }).where('id', '=', customer).execute();
      const carrierOf = async (body: Record<string, unknown>) => {
        const res = await admin.post('/api/deliveries', body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data.carrier_id as number;
      };
      const item = async () =>
        (
          await ctx.db
            .insertInto('items')
            .values({ product_id: stockId, client_id: endUser, status_id: 3, serial: `DATES${flag}${++serial}` })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      expect(
        await carrierOf(ticket(DeliveryType.REPARATIE, { products: [{ item_id: await item(), is_pickup: 1 }] })),
      ).toBe(Carrier.REUZADO);
      expect(
        await carrierOf(ticket(DeliveryType.UITDIENST, { products: [{ item_id: await item(), is_pickup: 1 }] })),
      ).toBe(Carrier.REUZADO);
      expect(
        await carrierOf(ticket(DeliveryType.EOL_SWAP, { products: [{ item_id: await item(), is_pickup: 1 }] })),
      ).toBe(Carrier.REUZADO);
      expect(
        await carrierOf({
          delivery_type_id: DeliveryType.BULK_LEVERING,
          client_id: customer,
          date: inDays(3),
          products: [{ product_id: stockId, amount: 1 }],
        }),
      ).toBe(Carrier.REUZADO);
      expect(await carrierOf(ticket(DeliveryType.EXTRA_PRODUCTEN, { bundle_id: bundleId }))).toBe(Carrier.POSTNL);

      const created = await admin.post('/api/clients', {
        name: `Nieuwe collega ${flag}`,
        client_type_id: ClientType.EINDGEBRUIKER,
        parent_client_id: customer,
        date: inDays(4),
        order_number: order(),
        your_reference: 'R',
        products: [{ product_id: stockId }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const inService = await ctx.db
        .selectFrom('deliveries')
        .select(['carrier_id', 'delivery_type_id'])
        .where('client_id', '=', created.body.data.id)
        .executeTakeFirstOrThrow();
      expect(inService).toEqual({ carrier_id: Carrier.POSTNL, delivery_type_id: DeliveryType.INDIENST });
    },
  );
});

describe('a new end user (POST /api/clients) names every field in one answer', () => {
  it('the delivery date and stock come with the customer fields', async () => {
    const res = await admin.post('/api/clients', {
      name: ' ',
      client_type_id: ClientType.EINDGEBRUIKER,
      parent_client_id: customer,
      date: inDays(-2),
      order_number: '',
      products: [],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      name: ['Dit veld is verplicht.'],
      date: ['Kies een datum vanaf vandaag.'],
      order_number: ['Dit veld is verplicht.'],
      your_reference: ['Dit veld is verplicht.'],
      products: ['Een gebruiker kan niet worden aangemaakt zonder voorraad.'],
    });
  });

  it("and with the customer's own rule (its parent) refused too", async () => {
    const res = await admin.post('/api/clients', {
      name: 'Gebruiker',
      client_type_id: ClientType.EINDGEBRUIKER,
      parent_client_id: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      parent_client_id: ['Kies een geldige bovenliggende klant.'],
      date: ['Dit veld is verplicht.'],
      products: ['Een gebruiker kan niet worden aangemaakt zonder voorraad.'],
    });
    expect(await ctx.db.selectFrom('clients').select('id').where('name', '=', 'Gebruiker').execute()).toEqual([]);
  });
});

describe("'Vaste bedragen' reads Dutch amounts", () => {
  it("stores '1.234,56', '1234,56', '12,50' and '12.50' as cents and answers them with a dot decimal", async () => {
    const res = await admin.post(`/api/clients/${customer}/monthly-payment`, {
      monthlypayment: [
        { description: 'Beheer', price: '1.234,56' },
        { description: 'Licenties', price: '1234,56' },
        { description: 'Opslag', price: '12,50' },
        { description: 'Service', price: '12.50' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((m: { price: string; price_cents: number }) => [m.price, m.price_cents])).toEqual([
      ['1234.56', 123456],
      ['1234.56', 123456],
      ['12.50', 1250],
      ['12.50', 1250],
    ]);
  });

  it("refuses what is not a Dutch amount with the example '12,50'", async () => {
    const res = await admin.post(`/api/clients/${customer}/monthly-payment`, {
      monthlypayment: [
        { description: 'X', price: '1,234.56' },
        { description: 'Y', price: '1.234' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'monthlypayment.0.price': ['Vul een geldig bedrag in, bijvoorbeeld 12,50.'],
      'monthlypayment.1.price': ['Vul een geldig bedrag in, bijvoorbeeld 12,50.'],
    });
  });
});

describe('dates in Europe/Amsterdam on a UTC host, at 00:30 Dutch time', () => {
  it("'today' is the Dutch day: the UTC day (yesterday in Amsterdam) is refused, the Dutch today accepted", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(JUST_AFTER_MIDNIGHT);
    // Signed in at that hour (a session from the real hour would have gone idle by then).
    const late = await ctx.client().signIn('beheerder@demo.local');
    const yesterday = await late.post(
      '/api/deliveries',
      ticket(DeliveryType.EXTRA_PRODUCTEN, { bundle_id: bundleId, date: '2026-11-26' }),
    );
    expect(yesterday.status).toBe(422);
    expect(yesterday.body.errors.date).toEqual(['Kies een datum vanaf vandaag.']);
    const today = await late.post(
      '/api/deliveries',
      ticket(DeliveryType.EXTRA_PRODUCTEN, { bundle_id: bundleId, date: '2026-11-27' }),
    );
    expect(today.status, JSON.stringify(today.body)).toBe(201);
    expect(today.body.data.date).toBe('2026-11-27');
  });

  it('the packing slip prints the signature time as the Dutch clock showed it', async () => {
    const d = await admin.post('/api/deliveries', ticket(DeliveryType.EXTRA_PRODUCTEN, { bundle_id: bundleId }));
    expect(d.status).toBe(201);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const key = await ctx.app.storage.put('signatures', 'handtekening.png', png);
    await ctx.db
      .updateTable('deliveries')
      .set({ signature_file: key, signer_name: 'Sanne Tekenaar', signed_at: JUST_AFTER_MIDNIGHT })
      .where('id', '=', d.body.data.id)
      .execute();
    const text = await pdfText(
      (await admin.get(`/api/deliveries/${d.body.data.id}/packing_slip`)).body as unknown as Buffer,
    );
    expect(text).toContain('Datum: 27-11-2026 00:30');
  });

  it("the database's 'today' is the Dutch day too", async () => {
    const { today } = (await sql<{ today: string }>`select current_date::text as today`.execute(ctx.db)).rows[0]!;
    expect(today).toBe(todayInAmsterdam());
    const { day } = (
      await sql<{ day: string }>`select (${JUST_AFTER_MIDNIGHT}::timestamptz)::date::text as day`.execute(ctx.db)
    ).rows[0]!;
    expect(day).toBe('2026-11-27');
  });
});
