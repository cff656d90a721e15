import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { NAME_PREFIXES, contactSortKey, personSortKey } from '@domain/names';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import type { ClientListRow } from '@domain/contracts/clients';
import type { UserListRow } from '@domain/contracts/users';

// Names sort as Dutch address books do (issue 46 point 9): persons by surname without the tussenvoegsel,
// companies by their whole name; case and accents do not count; descending is ascending's exact mirror.

let ctx: TestContext;
let admin: ApiClient;
let resellerId: number;
let endCustomerId: number;

const namesOf = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  const reseller = await admin.post('/api/clients', { name: 'Sorteerhuis Reseller', client_type_id: 2 });
  expect(reseller.status).toBe(201);
  resellerId = reseller.body.data.id;
  // End customers are companies: 'De Boer' and 'Van Dam' keep their first word.
  for (const name of ['Zeeman Zorg', 'De Boer Transport', 'bakker Logistiek', 'Van Dam B.V.', 'ACME Nederland']) {
    const res = await admin.post('/api/clients', { name, client_type_id: 3, parent_client_id: resellerId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (name === 'Zeeman Zorg') endCustomerId = res.body.data.id;
  }
  // End users are persons (an end user comes with a delivery through the API; the list only reads the rows).
  await ctx.db
    .insertInto('clients')
    .values(
      [
        'Jan de Vries',
        'anna Bakker',
        'Piet van den Berg',
        'Émile Zola',
        "Joop in 't Veld",
        'Karel Vriesema',
        'Sanne de Boer',
        'Anna BAKKER',
        'Jan Vries',
        'Lotte ter Horst',
      ].map((name) => ({ name, client_type_id: ClientType.EINDGEBRUIKER, parent_client_id: endCustomerId })),
    )
    .execute();
});

afterAll(() => ctx.close());

describe('sorting by name', () => {
  it('sorts end users by surname without the tussenvoegsel, case and accents aside; descending mirrors it', async () => {
    const list = (order: string) =>
      admin.get(`/api/endusers?filters[parent_client_id]=${endCustomerId}&sort=name&order=${order}&per_page=50`);
    const asc = namesOf((await list('asc')).body.data as ClientListRow[]);
    expect(asc).toEqual([
      'anna Bakker',
      'Anna BAKKER',
      'Piet van den Berg',
      'Sanne de Boer',
      'Lotte ter Horst',
      "Joop in 't Veld",
      'Jan Vries',
      'Jan de Vries',
      'Karel Vriesema',
      'Émile Zola',
    ]);
    // Equal keys ('anna Bakker', 'Anna BAKKER') are ordered by id, the other way round when descending.
    expect(namesOf((await list('desc')).body.data as ClientListRow[])).toEqual([...asc].reverse());

    // Page by page the same order: 3 pages of 4.
    for (const order of ['asc', 'desc']) {
      const pages: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await admin.get(
          `/api/endusers?filters[parent_client_id]=${endCustomerId}&sort=name&order=${order}&per_page=4&page=${page}`,
        );
        pages.push(...namesOf(res.body.data as ClientListRow[]));
      }
      expect(pages).toEqual(order === 'asc' ? asc : [...asc].reverse());
    }
  });

  it('sorts companies by their whole name, case aside', async () => {
    const list = (order: string) =>
      admin.get(`/api/endcustomers?filters[parent_client_id]=${resellerId}&sort=name&order=${order}`);
    const asc = namesOf((await list('asc')).body.data as ClientListRow[]);
    expect(asc).toEqual(['ACME Nederland', 'bakker Logistiek', 'De Boer Transport', 'Van Dam B.V.', 'Zeeman Zorg']);
    expect(namesOf((await list('desc')).body.data as ClientListRow[])).toEqual([...asc].reverse());
  });

  it('sorts the contact column by the contact surname, and users by theirs', async () => {
    const people: [string, string][] = [
      ['Jan', 'de Vries'],
      ['Bram', 'Zwart'],
      ['Eva', 'van der Berg'],
      ['Ilse', 'Meijer'],
    ];
    for (const [i, [first, last]] of people.entries()) {
      const res = await admin.post('/api/contacts', {
        client_id: endCustomerId,
        first_name: first,
        last_name: last,
        phone: '0612345678',
        email: `persoon${i}@sorteren.test`,
        has_account: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const users = (order: string) => admin.get(`/api/users?search=sorteren.test&sort=name&order=${order}`);
    const asc = namesOf((await users('asc')).body.data as UserListRow[]);
    expect(asc).toEqual(['Eva van der Berg', 'Ilse Meijer', 'Jan de Vries', 'Bram Zwart']);
    expect(namesOf((await users('desc')).body.data as UserListRow[])).toEqual([...asc].reverse());

    // The first contact of each end customer is its primary contact: 'de Vries' sorts under V, after 'Meijer'.
    const primary = await ctx.db
      .selectFrom('contacts')
      .select(['id', 'last_name'])
      .where('client_id', '=', endCustomerId)
      .orderBy('id')
      .execute();
    const byLast = new Map(primary.map((c) => [c.last_name, c.id]));
    const acme = (await admin.get(`/api/endcustomers?filters[parent_client_id]=${resellerId}&search=ACME`)).body
      .data[0] as ClientListRow;
    await ctx.db
      .updateTable('clients')
      .set({ primary_contact_id: byLast.get('Meijer')! })
      .where('id', '=', acme.id)
      .execute();
    await ctx.db
      .updateTable('clients')
      .set({ primary_contact_id: byLast.get('de Vries')! })
      .where('id', '=', endCustomerId)
      .execute();
    const byContact = (
      await admin.get(`/api/endcustomers?filters[parent_client_id]=${resellerId}&sort=contact_name&order=asc`)
    ).body.data as ClientListRow[];
    expect(byContact.slice(0, 2).map((r) => r.contact_name)).toEqual(['Ilse Meijer', 'Jan de Vries']);
  });

  it('sorts the repair list by end user as persons, descending as the mirror', async () => {
    const product = await ctx.db
      .insertInto('products')
      .values({
        client_id: endCustomerId,
        product_group_id: 1,
        name: 'Laptop',
        article_number: 'SORT-1',
        unique_product_id: 'SORT-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const holders = await ctx.db
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('parent_client_id', '=', endCustomerId)
      .where('name', 'in', ['Émile Zola', 'Jan de Vries', 'anna Bakker', 'Jan Vries'])
      .execute();
    for (const holder of holders) {
      const item = await ctx.db
        .insertInto('items')
        .values({
          product_id: product.id,
          client_id: holder.id,
          status_id: ItemStatus.IN_GEBRUIK,
          serial: `S-${holder.id}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await admin.post('/api/deliveries', {
        delivery_type_id: DeliveryType.REPARATIE,
        client_id: holder.id,
        contact: holder.name,
        contact_email: 'sorteer@klant.nl',
        contact_phone: '0612345678',
        order_number: `ORD-SORT-${holder.id}`,
        your_reference: 'REF-S',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        products: [{ item_id: item.id, is_pickup: 1 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const list = async (order: string) =>
      (
        (await admin.get(`/api/repairdeliveries?filters[client]=${endCustomerId}&sort=end_user_name&order=${order}`))
          .body.data as { end_user_name: string }[]
      ).map((r) => r.end_user_name);
    const asc = await list('asc');
    expect(asc).toEqual(['anna Bakker', 'Jan Vries', 'Jan de Vries', 'Émile Zola']);
    expect(await list('desc')).toEqual([...asc].reverse());
  });

  it('sorts the delivery list by end customer as companies, case aside, descending as the mirror', async () => {
    const customers = await ctx.db
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('parent_client_id', '=', resellerId)
      .where('client_type_id', '=', ClientType.EINDKLANT)
      .orderBy('id')
      .execute();
    expect(customers[0]?.name).toBe('Zeeman Zorg');
    // Two deliveries for one customer: equal keys, ordered by id the way the list is sorted.
    for (const [k, customer] of [...customers, customers[0]!].entries()) {
      await ctx.db
        .insertInto('deliveries')
        .values({
          delivery_type_id: DeliveryType.INDIENST,
          client_id: customer.id,
          order_number: `ORD-NSORT-${k}`,
          date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
          is_cancelled: false,
        })
        .execute();
    }
    const list = async (order: string) =>
      (
        (await admin.get(`/api/deliveries?search=ORD-NSORT&sort=client&order=${order}&per_page=50`)).body.data as {
          id: number;
          end_customer_name: string;
        }[]
      ).map((r) => `${r.end_customer_name} ${r.id}`);
    const asc = await list('asc');
    expect(asc.map((r) => r.replace(/ \d+$/, ''))).toEqual([
      'ACME Nederland',
      'bakker Logistiek',
      'De Boer Transport',
      'Van Dam B.V.',
      'Zeeman Zorg',
      'Zeeman Zorg',
    ]);
    expect(await list('desc')).toEqual([...asc].reverse());
  });

  it("leaves out every tussenvoegsel of domain/names.ts, in the database as in the domain's own keys", async () => {
    for (const prefix of NAME_PREFIXES) {
      const full = `Jan ${prefix.toUpperCase()} Zee`;
      const { rows } = await sql<{ full: string; parts: string }>`select person_sort_key(${full}) as full,
        person_sort_key(${'Jan'}::text, ${`${prefix} Zee`}::text) as parts`.execute(ctx.db);
      expect(rows[0], prefix).toEqual({ full: `zee jan ${prefix}`, parts: `zee jan ${prefix}` });
      expect(personSortKey(full)).toBe(`zee jan ${prefix}`);
      expect(contactSortKey('Jan', `${prefix} Zee`)).toBe(`zee jan ${prefix}`);
    }
  });
});
