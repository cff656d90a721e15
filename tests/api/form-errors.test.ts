import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { addCalendarDays, todayInAmsterdam } from '@domain/dates';
import { ClientType, DeliveryType } from '@domain/enums';

let ctx: TestContext;
let admin: ApiClient;
let klant: ApiClient;
let endUser: number;
const past = addCalendarDays(todayInAmsterdam(), -30);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  const customer = (await klant.get('/api/auth/me')).body.contact.client_id as number;
  endUser = await firstEndUserOf(ctx.db, customer);
});
afterAll(() => ctx.close());

describe("one 422 names every field's error, the cross-field checks included (issue 46.1)", () => {
  it('extra products with a past date and no bundle or order number: all three, nothing saved', async () => {
    const res = await klant.post('/api/deliveries', {
      delivery_type_id: DeliveryType.EXTRA_PRODUCTEN,
      client_id: endUser,
      date: past,
      bundle_id: '',
      order_number: '',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      bundle_id: ['Kies een bundel.'],
      date: ['Kies een datum vanaf vandaag.'],
      order_number: ['Dit veld is verplicht.'],
    });
  });

  it('a pre-notification with a past date, contract Ja and no end date: the date, the end date and the empty fields together', async () => {
    const res = await admin.post('/api/asns', {
      client_id: '',
      reference: '',
      expected: past,
      contract: true,
      end_date_contract: '',
      stock_owner: '',
      products: [{ product_id: '', quantity: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      client_id: ['Dit veld is verplicht.'],
      reference: ['Dit veld is verplicht.'],
      expected: ['Kies een datum vanaf vandaag.'],
      end_date_contract: ['Vul de einddatum van het contract in.'],
      stock_owner: ['Kies Eindklant, Reseller of Operational lease.'],
      'products.0.product_id': ['Dit veld is verplicht.'],
    });
  });
});

describe("phone numbers are checked by the server too (issue 46.3): 'abc' gets the Dutch message, never a 500", () => {
  it("a contact, a new customer's contact, a repair request and a mutation", async () => {
    const contact = await admin.post('/api/contacts', {
      client_id: endUser,
      first_name: 'Tom',
      last_name: 'Telefoon',
      phone: 'abc',
      email: 'tom.t@example.nl',
      has_account: 0,
    });
    expect(contact.status).toBe(422);
    expect(contact.body.errors).toEqual({ phone: ['Vul een geldig telefoonnummer in.'] });

    const client = await admin.post('/api/clients', {
      name: 'Telefoon BV',
      client_type_id: ClientType.RESELLER,
      contacts: [{ first_name: 'A', last_name: 'B', phone: 'abc', email: 'a@b.nl' }],
    });
    expect(client.status).toBe(422);
    expect(client.body.errors).toEqual({ 'contacts.0.phone': ['Vul een geldig telefoonnummer in.'] });

    const repair = await klant.post('/api/deliveries', {
      delivery_type_id: DeliveryType.REPARATIE,
      client_id: endUser,
      contact: 'Jan',
      contact_email: 'jan@klant.nl',
      contact_phone: 'abc',
      order_number: 'TEL-1',
      your_reference: 'REF',
      products: [],
    });
    expect(repair.status).toBe(422);
    expect(repair.body.errors).toMatchObject({
      contact_phone: ['Vul een geldig telefoonnummer in.'],
      products: ['Kies minimaal één defect artikel.'],
    });

    const item = await ctx.db
      .selectFrom('items')
      .select('id')
      .where('client_id', '=', endUser)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const mutation = await admin.post(`/api/items/${item.id}/mutation`, {
      contact_email: 'jan@klant.nl',
      contact_phone: 'abc',
      remove_client: 1,
    });
    expect(mutation.status).toBe(422);
    expect(mutation.body.errors).toEqual({ contact_phone: ['Vul een geldig telefoonnummer in.'] });

    const fine = await admin.post('/api/contacts', {
      client_id: endUser,
      first_name: 'Tom',
      last_name: 'Telefoon',
      phone: '+31 (0)6-1234 5678',
      email: 'tom.t@example.nl',
      has_account: 0,
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
  });
});
