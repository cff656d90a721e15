import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { addCalendarDays, todayInAmsterdam } from '@domain/dates';
import { ClientType, DeliveryType } from '@domain/enums';
import { msg } from '@domain/schemas/common';
import { deliveryMsg } from '@domain/schemas/deliveries';
import { asnMsg } from '@domain/schemas/prenotifications';

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
  endUser = (await ctx.db.selectFrom('clients').select('id').where('parent_client_id', '=', customer)
    .where('client_type_id', '=', ClientType.EINDGEBRUIKER).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => ctx.close());

describe("one 422 names every field's error, the cross-field checks included (issue 46.1)", () => {
  it('extra products with a past date and no bundle or order number: all three, nothing saved', async () => {
    const res = await klant.post('/api/deliveries', { delivery_type_id: DeliveryType.EXTRA_PRODUCTEN, client_id: endUser, date: past, bundle_id: '', order_number: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ bundle_id: [deliveryMsg.bundleRequired], date: [msg.futureDate], order_number: [msg.required] });
  });

  it('a pre-notification with a past date, contract Ja and no end date: the date, the end date and the empty fields together', async () => {
    const res = await admin.post('/api/asns', {
      client_id: '', reference: '', expected: past, contract: true, end_date_contract: '', stock_owner: '', products: [{ product_id: '', quantity: 1 }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      client_id: [msg.required], reference: [msg.required], expected: [msg.futureDate], end_date_contract: [asnMsg.contractEnd],
      stock_owner: [asnMsg.stockOwner], 'products.0.product_id': [msg.required],
    });
  });
});
