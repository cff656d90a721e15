import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { readWorkbook } from '../support/xlsx';

let ctx: TestContext;
let admin: ApiClient;
let customerId: number;
let otherResellersCustomerId: number;
const year = new Date().getFullYear();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  // The customer of klant@demo.local (under the reseller of reseller@demo.local) and one under another reseller.
  const klant = await ctx.db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select(['clients.id', 'clients.parent_client_id'])
    .where('users.email', '=', 'klant@demo.local')
    .executeTakeFirstOrThrow();
  customerId = klant.id;
  otherResellersCustomerId = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .where('parent_client_id', '!=', klant.parent_client_id!)
      .where('parent_client_id', '!=', 1)
      .executeTakeFirstOrThrow()
  ).id;
  const endUser = (
    await ctx.db.selectFrom('clients').select('id').where('parent_client_id', '=', customerId).executeTakeFirstOrThrow()
  ).id;

  // The demo seed gives every customer stock; this test counts only the items it makes itself.
  const demoItems = ctx.db
    .selectFrom('items')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('client_id', '=', customerId),
        eb('client_id', 'in', eb.selectFrom('clients').select('id').where('parent_client_id', '=', customerId)),
      ]),
    );
  await ctx.db.deleteFrom('delivery_products').where('item_id', 'in', demoItems).execute();
  const demoDeliveries = ctx.db
    .selectFrom('deliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('client_id', '=', customerId),
        eb('client_id', 'in', eb.selectFrom('clients').select('id').where('parent_client_id', '=', customerId)),
      ]),
    );
  await ctx.db.deleteFrom('delivery_products').where('delivery_id', 'in', demoDeliveries).execute();
  await ctx.db.deleteFrom('deliveries').where('id', 'in', demoDeliveries).execute();
  await ctx.db.deleteFrom('items').where('id', 'in', demoItems).execute();
  const group = await ctx.db
    .insertInto('product_groups')
    .values({ name: 'Statistiek-laptops' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await ctx.db
    .insertInto('products')
    .values({
      client_id: customerId,
      product_group_id: group.id,
      name: 'Statistiek Laptop',
      article_number: 'ST-1',
      unique_product_id: 'ST-UNIQ-1',
      eol: 12,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = (serial: string, status: number, client: number, dateInUse: string | null = null) => ({
    product_id: product.id,
    client_id: client,
    status_id: status,
    serial,
    date_in_use: dateInUse,
  });
  await ctx.db
    .insertInto('items')
    .values([
      item('ST-A', ItemStatus.IN_GEBRUIK, endUser, `${year - 1}-03-15`),
      item('ST-B', ItemStatus.IN_GEBRUIK, endUser, `${year - 1}-03-20`),
      item('ST-C', ItemStatus.INGEKLAARD, customerId),
      item('ST-D', ItemStatus.OP_AFROEP, customerId),
      item('ST-E', ItemStatus.REPARATIE_ONTVANGEN, customerId),
    ])
    .execute();
  await ctx.db
    .insertInto('deliveries')
    .values([
      {
        delivery_type_id: DeliveryType.INDIENST,
        client_id: endUser,
        created_at: new Date(`${year}-02-01T10:00:00Z`),
        completed_at: new Date(`${year}-02-04T10:00:00Z`),
      },
      {
        delivery_type_id: DeliveryType.INDIENST,
        client_id: endUser,
        created_at: new Date(`${year}-02-10T10:00:00Z`),
        completed_at: new Date(`${year}-02-11T10:00:00Z`),
      },
      { delivery_type_id: DeliveryType.REPARATIE, client_id: endUser, created_at: new Date(`${year}-05-10T10:00:00Z`) },
      {
        delivery_type_id: DeliveryType.EOL_SWAP,
        client_id: endUser,
        created_at: new Date(`${year}-06-01T10:00:00Z`),
        completed_at: new Date(`${year}-06-06T10:00:00Z`),
      },
      {
        delivery_type_id: DeliveryType.EOL_SWAP,
        client_id: endUser,
        created_at: new Date(`${year}-06-02T10:00:00Z`),
        is_cancelled: true,
      },
      {
        delivery_type_id: DeliveryType.BULK_LEVERING,
        client_id: customerId,
        created_at: new Date(`${year}-07-02T10:00:00Z`),
        completed_at: new Date(`${year}-07-04T10:00:00Z`),
      },
    ])
    .execute();
  const bulk = await ctx.db
    .selectFrom('deliveries')
    .select('id')
    .where('client_id', '=', customerId)
    .where('delivery_type_id', '=', DeliveryType.BULK_LEVERING)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('delivery_products')
    .values([1, 2, 3].map(() => ({ delivery_id: bulk.id, product_id: product.id })))
    .execute();
});
afterAll(() => ctx.close());

describe('GET /api/getstatistics/{customerId}/{year}', () => {
  it("counts the customer's items per status group and category, and deliveries per month", async () => {
    const res = await admin.get(`/api/getstatistics/${customerId}/${year}`);
    expect(res.status).toBe(200);
    expect(res.body.total_items_in_use).toBe(2);
    expect(res.body.total_items_in_stock).toBe(2);
    expect(res.body.total_items_in_repair).toBe(1);
    expect(res.body.usedCategories).toEqual([{ name: 'Statistiek-laptops', count: 2 }]);
    expect(res.body.deliveries.enlistmentItems[1]).toBe(2);
    expect(res.body.deliveries.daysEmployedPerMonth[1]).toBe(2); // (3 + 1) / 2 days
    expect(res.body.repairItems[4]).toBe(1);
    // A cancelled swap does not count; the line overlay is the average days to completion.
    expect(res.body.swapItems[5]).toBe(1);
    expect(res.body.deliveries.daysSwapPerMonth[5]).toBe(5);
    expect(res.body.deliveries.bulkDeliveries[6]).toBe(1);
    expect(res.body.deliveries.totalbulkItems[6]).toBe(3);
    expect(res.body.deliveries.daysBulkPerMonth[6]).toBe(2);
    // bought March last year, EOL 12 months
    expect(res.body.eolItems[2]).toMatchObject({ month: 3, amount: 2, ratio: 40 });
  });

  it("refuses a year outside the list and a customer outside the user's hierarchy", async () => {
    const bad = await admin.get(`/api/getstatistics/${customerId}/1999`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.year).toEqual(['Kies een jaar uit de lijst.']);
    const reseller = await ctx.client().signIn('reseller@demo.local');
    expect((await reseller.get(`/api/getstatistics/${customerId}/${year}`)).status).toBe(200);
    expect((await reseller.get(`/api/getstatistics/${otherResellersCustomerId}/${year}`)).status).toBe(404);
    const warehouse = await ctx.client().signIn('magazijn@demo.local');
    expect((await warehouse.get(`/api/getstatistics/${customerId}/${year}`)).status).toBe(403);
  });
});

describe('GET /api/exportitemsinuse', () => {
  it('downloads the items of a counter as a real workbook', async () => {
    const res = await admin.get(`/api/exportitemsinuse?id=${customerId}&status=in_gebruik`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="in-gebruik-\d{8}-\d{6}\.xlsx"/);
    const workbook = await readWorkbook(res.body);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Product');
    const serials = [2, 3].map((r) => sheet.getRow(r).getCell(3).value).sort();
    expect(serials).toEqual(['ST-A', 'ST-B']);
    expect(sheet.rowCount).toBe(3);
  });

  it('asks for a valid status', async () => {
    const res = await admin.get(`/api/exportitemsinuse?id=${customerId}&status=weg`);
    expect(res.status).toBe(422);
    expect(res.body.errors.status).toEqual(['Selecteer een optie.']);
  });
});
