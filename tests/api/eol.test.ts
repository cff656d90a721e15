import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import { overlapping } from '../support/hierarchy';
import type { ApiClient } from '../support/client';
import { readWorkbook } from '../support/xlsx';
import { ClientType, ItemStatus } from '@domain/enums';
import type { EolItemRow, EolProductRow } from '@domain/contracts/eol';
import { eolDate } from '@domain/eol';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let magazijn: ApiClient;
let resellerClientId: number;
let resellerName: string;
let ownCustomer: { id: number; name: string };
let siblingCustomer: number;
let otherCustomer: number;
let endUser: { id: number; first_name: string; last_name: string };
let product: number;
let otherProduct: number;
/** Dates from the database's clock, the one the API uses. */
let today: string;
let horizonEnd: string;

const rows = (body: { data: EolProductRow[] }) => body.data;
const serials = (body: { data: EolItemRow[] }) => body.data.map((i) => i.serial);

async function dbDate(expression: string): Promise<string> {
  return (await sql<{ d: string }>`select to_char(${sql.raw(expression)}, 'YYYY-MM-DD') as d`.execute(ctx.db)).rows[0]!
    .d;
}

async function insertProduct(clientId: number, suffix: string, eol: number | null = 24): Promise<number> {
  return (
    await ctx.db
      .insertInto('products')
      .values({
        client_id: clientId,
        product_group_id: 1,
        name: `EOL-testlaptop ${suffix}`,
        article_number: `EOLTST-${suffix}`,
        unique_product_id: `EOLUID-${suffix}`,
        eol,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function insertItem(
  productId: number,
  clientId: number,
  serial: string,
  dateInUse: string | null,
  statusId: number = ItemStatus.IN_GEBRUIK,
  extra = {},
) {
  await ctx.db
    .insertInto('items')
    .values({
      product_id: productId,
      client_id: clientId,
      status_id: statusId,
      serial,
      order_number: `ORD-${serial}`,
      date_in_use: dateInUse,
      ...extra,
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  resellerName = (
    await ctx.db.selectFrom('clients').select('name').where('id', '=', resellerClientId).executeTakeFirstOrThrow()
  ).name;
  const klantClientId = (await klant.get('/api/auth/me')).body.contact.client_id;
  ownCustomer = await ctx.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('id', '=', klantClientId)
    .executeTakeFirstOrThrow();
  siblingCustomer = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', resellerClientId)
      .where('id', '!=', ownCustomer.id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherCustomer = (
    await ctx.db
      .selectFrom('clients as c')
      .innerJoin('clients as r', 'r.id', 'c.parent_client_id')
      .select('c.id')
      .where('c.client_type_id', '=', ClientType.EINDKLANT)
      .where('r.client_type_id', '=', ClientType.RESELLER)
      .where('r.id', '!=', resellerClientId)
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
  ).id;
  endUser = await ctx.db
    .selectFrom('clients as u')
    .innerJoin('contacts as k', 'k.id', 'u.primary_contact_id')
    .select(['u.id', 'k.first_name', 'k.last_name'])
    .where('u.parent_client_id', '=', ownCustomer.id)
    .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .orderBy('u.id')
    .executeTakeFirstOrThrow();

  today = await dbDate('current_date');
  horizonEnd = await dbDate(`(current_date + interval '3 months')::date`);
  // EOL 24 months: bought 21 months ago reaches EOL exactly 3 months from today.
  const exactly = await dbDate(`(current_date - interval '21 months')::date`);
  const dayLater = await dbDate(`(current_date - interval '21 months')::date + 1`);
  const passed = await dbDate(`(current_date - interval '25 months')::date`);
  product = await insertProduct(ownCustomer.id, 'A');
  await insertItem(product, endUser.id, 'EOLT-EXACT', exactly, ItemStatus.IN_GEBRUIK, { order_number: 'ORD-GRENS-1' });
  await insertItem(product, ownCustomer.id, 'EOLT-LATER', dayLater, ItemStatus.OP_AFROEP);
  await insertItem(product, ownCustomer.id, 'EOLT-PASSED', passed, ItemStatus.INGEKLAARD);
  await insertItem(product, ownCustomer.id, 'EOLT-DONE', passed, ItemStatus.EOL);
  await insertItem(product, ownCustomer.id, 'EOLT-LOST', passed, ItemStatus.VERMIST);
  await insertItem(product, ownCustomer.id, 'EOLT-NODATE', null);
  await insertItem(product, ownCustomer.id, 'EOLT-DELETED', passed, ItemStatus.IN_GEBRUIK, { deleted_at: new Date() });
  // A product without EOL months never reaches EOL.
  const noEol = await insertProduct(ownCustomer.id, 'B', null);
  await insertItem(noEol, ownCustomer.id, 'EOLT-NOEOL', passed);
  // The same kind of item at a sibling customer and at another reseller's customer.
  await insertItem(await insertProduct(siblingCustomer, 'C'), siblingCustomer, 'EOLT-SIBLING', exactly);
  otherProduct = await insertProduct(otherCustomer, 'D');
  await insertItem(otherProduct, otherCustomer, 'EOLT-OTHER', exactly);
});
afterAll(() => ctx.close());

describe('GET /api/productswitheolitems', () => {
  it('counts items reaching EOL within 3 months or already past it, and not one day later', async () => {
    const res = await admin.get('/api/productswitheolitems?search=EOLTST-A');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(rows(res.body)).toEqual([
      {
        id: product,
        name: 'EOL-testlaptop A',
        article_number: 'EOLTST-A',
        eol: 24,
        eol_items: 2,
        client_id: ownCustomer.id,
        client: { id: ownCustomer.id, name: ownCustomer.name, parent: { id: resellerClientId, name: resellerName } },
        client_name: ownCustomer.name,
        reseller_id: resellerClientId,
        reseller_name: resellerName,
      },
    ]);
    expect((await admin.get('/api/productswitheolitems?search=EOLTST-B')).body.total).toBe(0);
  });

  it('shows a reseller its own subtree and an end customer only itself', async () => {
    const all = await admin.get('/api/productswitheolitems?per_page=200');
    expect(rows(all.body).some((p) => p.id === otherProduct)).toBe(true);

    const own = await reseller.get('/api/productswitheolitems?per_page=200');
    expect(own.status).toBe(200);
    expect(own.body.total).toBeGreaterThan(1);
    expect(rows(own.body).every((p) => p.reseller_id === resellerClientId)).toBe(true);
    expect(rows(own.body).map((p) => p.id)).toContain(product);
    expect(rows(own.body).map((p) => p.id)).not.toContain(otherProduct);
    expect((await reseller.get(`/api/productswitheolitems?filters[client]=${otherCustomer}`)).body.total).toBe(0);

    const mine = await klant.get('/api/productswitheolitems?per_page=200');
    expect(mine.body.total).toBeGreaterThan(0);
    expect(rows(mine.body).every((p) => p.client_id === ownCustomer.id)).toBe(true);
  });

  it('gives the provider the total of the products it lists, also when one leaves the overview', async () => {
    const total = async (query = '') =>
      (await admin.get(`/api/productswitheolitems?per_page=200${query}`)).body as {
        total: number;
        data: EolProductRow[];
      };
    const before = await total();
    // Counted on product_first_eol without a filter: the same as the rows listed, and as the sort on the count, which
    // numbers the rows.
    expect(before.total).toBe(rows(before).length);
    expect((await total('&sort=eol_items&order=desc')).total).toBe(before.total);
    const leaving = await insertProduct(siblingCustomer, 'GONE');
    await insertItem(
      leaving,
      siblingCustomer,
      'EOLT-GONE',
      await dbDate(`(current_date - interval '21 months')::date`),
    );
    expect((await total()).total).toBe(before.total + 1);
    await ctx.db.updateTable('products').set({ deleted_at: new Date() }).where('id', '=', leaving).execute();
    const after = await total();
    expect(after.total).toBe(before.total);
    expect(rows(after).map((p) => p.id)).not.toContain(leaving);
  });

  it("counts the horizon's own month day by day: a product a day past the horizon is not in the total", async () => {
    const total = async () =>
      (await admin.get('/api/productswitheolitems?per_page=200')).body as { total: number; data: EolProductRow[] };
    const before = await total();
    // Purchased 21 months ago with 24 EOL months: the EOL day is the horizon (today plus 3 months).
    const onHorizon = await insertProduct(siblingCustomer, 'HORIZON');
    await insertItem(
      onHorizon,
      siblingCustomer,
      'EOLT-HORIZON',
      await dbDate(`(current_date - interval '21 months')::date`),
    );
    const dayAfter = await insertProduct(siblingCustomer, 'DAYAFTER');
    await insertItem(
      dayAfter,
      siblingCustomer,
      'EOLT-DAYAFTER',
      await dbDate(`(current_date - interval '21 months' + interval '1 day')::date`),
    );
    const firstOfMonth = await insertProduct(siblingCustomer, 'FIRSTOFMONTH');
    await insertItem(
      firstOfMonth,
      siblingCustomer,
      'EOLT-FIRSTOFMONTH',
      await dbDate(
        `(date_trunc('month', (current_date + interval '3 months')::timestamp) - interval '24 months')::date`,
      ),
    );
    const after = await total();
    expect(rows(after).map((p) => p.id)).toEqual(expect.arrayContaining([onHorizon, firstOfMonth]));
    expect(rows(after).map((p) => p.id)).not.toContain(dayAfter);
    expect(after.total).toBe(before.total + 2);
    expect(after.total).toBe(rows(after).length);
    // Gone again for the tests after this one.
    await ctx.db
      .updateTable('products')
      .set({ deleted_at: new Date() })
      .where('id', 'in', [onHorizon, dayAfter, firstOfMonth])
      .execute();
    expect((await total()).total).toBe(before.total);
  });

  it('filters on end customer and reseller', async () => {
    const byClient = await admin.get(`/api/productswitheolitems?filters[client]=${siblingCustomer}&per_page=200`);
    expect(byClient.body.total).toBeGreaterThan(0);
    expect(rows(byClient.body).every((p) => p.client_id === siblingCustomer)).toBe(true);
    const byReseller = await admin.get(`/api/productswitheolitems?filters[reseller]=${resellerClientId}&per_page=200`);
    expect(byReseller.body.total).toBe((await reseller.get('/api/productswitheolitems?per_page=200')).body.total);
    expect(rows(byReseller.body).every((p) => p.reseller_id === resellerClientId)).toBe(true);
    // The 'all' entry of a filter list sends null.
    expect((await admin.get('/api/productswitheolitems?filters[client]=null')).body.total).toBe(
      (await admin.get('/api/productswitheolitems')).body.total,
    );
  });

  it('searches product name, article number, end customer and reseller', async () => {
    const byName = await reseller.get('/api/productswitheolitems?search=eol-testlaptop');
    expect(
      rows(byName.body)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['EOL-testlaptop A', 'EOL-testlaptop C']);
    const byArticle = await reseller.get('/api/productswitheolitems?search=eoltst-c');
    expect(rows(byArticle.body).map((p) => p.article_number)).toEqual(['EOLTST-C']);
    const byCustomer = await admin.get(
      `/api/productswitheolitems?search=${encodeURIComponent(ownCustomer.name)}&per_page=200`,
    );
    expect(rows(byCustomer.body).map((p) => p.id)).toContain(product);
    expect(
      rows(byCustomer.body).every((p) => p.client_name.includes(ownCustomer.name) || p.name.includes(ownCustomer.name)),
    ).toBe(true);
    const byReseller = await admin.get(
      `/api/productswitheolitems?search=${encodeURIComponent(resellerName)}&per_page=200`,
    );
    expect(byReseller.body.total).toBe((await reseller.get('/api/productswitheolitems')).body.total);
    expect((await admin.get('/api/productswitheolitems?search=zzzz-niets')).body.total).toBe(0);
  });

  it('sorts by name, both ways, and pages', async () => {
    const asc = rows((await admin.get('/api/productswitheolitems?per_page=200')).body).map((p) => p.name.toLowerCase());
    expect(asc.length).toBeGreaterThan(2);
    expect(asc).toEqual([...asc].sort());
    const desc = rows((await admin.get('/api/productswitheolitems?sort=name&order=desc&per_page=200')).body).map((p) =>
      p.name.toLowerCase(),
    );
    expect(desc).toEqual([...asc].sort().reverse());
    const page = await admin.get('/api/productswitheolitems?per_page=2&page=2');
    expect(page.body).toMatchObject({
      current_page: 2,
      per_page: 2,
      last_page: Math.ceil(asc.length / 2),
      total: asc.length,
    });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.links[0]).toMatchObject({ url: '/api/productswitheolitems?page=1' });
  });

  it('answers odd query values with Dutch field messages, never a failure, and takes wildcards literally', async () => {
    for (const query of ['sort=drop', 'sort=constructor', 'filters[client]=abc', 'filters[reseller]=1;x', 'page=-3']) {
      const odd = await admin.get(`/api/productswitheolitems?${query}`);
      expect(odd.status, query).toBe(422);
      expect(Object.keys(odd.body.errors).length, query).toBeGreaterThan(0);
    }
    expect((await admin.get(`/api/items/itemseolbyproductid/${product}?sort=__proto__`)).status).toBe(422);
    expect((await admin.get('/api/productswitheolitems?sort=eol_items&order=sideways')).status).toBe(200);
    expect((await admin.get(`/api/productswitheolitems?search=${encodeURIComponent('%')}`)).body.total).toBe(0);
    const items = await admin.get(`/api/items/itemseolbyproductid/${product}?search=${encodeURIComponent('_')}`);
    expect(items.status).toBe(200);
    expect(items.body.total).toBe(0);
  });

  it('has seeded items reaching EOL within 3 months for several customers', async () => {
    const seeded = await ctx.db
      .selectFrom('items')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['products.id', 'products.client_id'])
      .where('items.serial', 'like', 'EOL0%')
      .execute();
    expect(new Set(seeded.map((s) => s.client_id)).size).toBeGreaterThanOrEqual(4);
    const first = await admin.get(`/api/items/itemseolbyproductid/${seeded[0]!.id}?per_page=200`);
    const upcoming = (first.body.data as EolItemRow[]).filter(
      (i) => i.serial?.startsWith('EOL0') && i.eol_date >= today,
    );
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((i) => i.eol_time >= 0 && i.eol_time <= 3 && i.eol_date <= horizonEnd)).toBe(true);
  });
});

describe('GET /api/items/itemseolbyproductid/{id}', () => {
  it("lists the product's EOL items, soonest first, with months until EOL and who uses them", async () => {
    const res = await reseller.get(`/api/items/itemseolbyproductid/${product}`);
    expect(res.status).toBe(200);
    expect(res.body.product).toEqual({ id: product, name: 'EOL-testlaptop A', article_number: 'EOLTST-A', eol: 24 });
    expect(serials(res.body)).toEqual(['EOLT-PASSED', 'EOLT-EXACT']);
    const [passed, exact] = res.body.data as EolItemRow[];
    expect(exact).toMatchObject({
      product_id: product,
      product_name: 'EOL-testlaptop A',
      order_number: 'ORD-GRENS-1',
      eol_date: horizonEnd,
      eol_time: 3,
      status: { id: ItemStatus.IN_GEBRUIK, name: 'In gebruik' },
      in_use_by: {
        id: endUser.id,
        first_name: endUser.first_name,
        last_name: endUser.last_name,
        name: `${endUser.first_name} ${endUser.last_name}`,
      },
      end_user_name: `${endUser.first_name} ${endUser.last_name}`,
      end_client: { id: ownCustomer.id, name: ownCustomer.name },
      reseller: { id: resellerClientId, name: resellerName },
    });
    expect(passed).toMatchObject({ eol_time: -1, in_use_by: null });
    expect((passed?.eol_date ?? today) < today).toBe(true);
  });

  it('searches serial, order number and end user', async () => {
    const url = (q: string) => `/api/items/itemseolbyproductid/${product}?search=${encodeURIComponent(q)}`;
    expect(serials((await reseller.get(url('eolt-pass'))).body)).toEqual(['EOLT-PASSED']);
    expect(serials((await reseller.get(url('ORD-GRENS'))).body)).toEqual(['EOLT-EXACT']);
    expect(serials((await reseller.get(url(endUser.last_name))).body)).toEqual(['EOLT-EXACT']);
    expect(serials((await reseller.get(url(`${endUser.first_name} ${endUser.last_name}`))).body)).toEqual([
      'EOLT-EXACT',
    ]);
    // The end customer is not an end user: its name finds nothing here.
    expect((await reseller.get(url(ownCustomer.name))).body.total).toBe(0);
  });

  it("answers 404 for another tenant's, an unknown or a malformed product, and an empty list for a product without EOL items", async () => {
    expect((await reseller.get(`/api/items/itemseolbyproductid/${otherProduct}`)).status).toBe(404);
    expect((await klant.get(`/api/items/itemseolbyproductid/${otherProduct}`)).status).toBe(404);
    expect((await admin.get(`/api/items/itemseolbyproductid/${otherProduct}`)).status).toBe(200);
    expect((await admin.get('/api/items/itemseolbyproductid/999999')).status).toBe(404);
    expect((await admin.get('/api/items/itemseolbyproductid/abc')).status).toBe(404);
    const noEol = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('article_number', '=', 'EOLTST-B')
      .executeTakeFirstOrThrow();
    const empty = await reseller.get(`/api/items/itemseolbyproductid/${noEol.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, data: [], product: { name: 'EOL-testlaptop B' } });
  });
});

describe('GET /api/exporteolproducts', () => {
  it('exports the overview with the same search and filters as an .xlsx named with a timestamp', async () => {
    const res = await reseller.get('/api/exporteolproducts?search=eol-testlaptop&sort=name&order=desc');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="eol-products-\d{8}-\d{6}\.xlsx"$/);
    const sheet = (await readWorkbook(res.body)).getWorksheet('EOL')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Productnaam',
      'Artikelnummer',
      'Aantal EOL items',
      'Eindklant',
      'Reseller',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'EOL-testlaptop C',
      'EOLTST-C',
      1,
      expect.any(String),
      resellerName,
    ]);
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      'EOL-testlaptop A',
      'EOLTST-A',
      2,
      ownCustomer.name,
      resellerName,
    ]);
    expect(sheet.rowCount).toBe(3);
  });

  it("holds every row of the list in the user's hierarchy", async () => {
    const list = await reseller.get('/api/productswitheolitems?per_page=200');
    const sheet = (await readWorkbook((await reseller.get('/api/exporteolproducts')).body)).getWorksheet('EOL')!;
    expect(sheet.rowCount - 1).toBe(list.body.total);
    const articles = sheet.getColumn(2).values.slice(2);
    expect(articles).toEqual(rows(list.body).map((p) => p.article_number));
    expect(articles).not.toContain('EOLTST-D');
  });

  it('needs the right EOL exporteren', async () => {
    expect((await magazijn.get('/api/exporteolproducts')).status).toBe(403);
    // The overview itself needs no right.
    expect((await magazijn.get('/api/productswitheolitems')).status).toBe(200);
  });
});

describe('the EOL day kept on the item (issue 24, migration 20261126T2120-item-eol-date)', () => {
  /** Items whose stored EOL day differs from purchase date plus the product's EOL months. */
  async function staleEolDays() {
    const { rows: stale } = await sql<{
      serial: string | null;
    }>`select i.serial from items i join products p on p.id = i.product_id
      where i.eol_date is distinct from (i.date_in_use + make_interval(months => p.eol))::date`.execute(ctx.db);
    return stale.map((r) => r.serial);
  }
  /** The overview's products and counts computed from the purchase dates, as before the EOL day was stored. */
  async function overviewFromPurchaseDates() {
    const { rows: counted } = await sql<{
      id: number;
      n: number;
    }>`select p.id, count(*)::int as n from items i join products p on p.id = i.product_id
      where i.deleted_at is null and p.deleted_at is null and p.eol is not null and i.date_in_use is not null
        and i.status_id not in (${ItemStatus.EOL}, ${ItemStatus.VERMIST})
        and (i.date_in_use + make_interval(months => p.eol))::date <= (current_date + make_interval(months => 3))::date
      group by p.id order by p.id`.execute(ctx.db);
    return counted.map((r) => [r.id, r.n]);
  }
  /** Products whose kept earliest EOL day (product_first_eol, migration 20261126T2130) differs from their items'. */
  async function staleFirstDays() {
    const { rows: stale } = await sql<{
      id: number;
    }>`select coalesce(f.product_id, x.product_id) as id from product_first_eol f
      full join (select product_id, min(eol_date) as m from items
                 where deleted_at is null and eol_date is not null and date_in_use is not null and status_id not in (${ItemStatus.EOL}, ${ItemStatus.VERMIST})
                 group by product_id) x on x.product_id = f.product_id
      where f.first_eol_date is distinct from x.m`.execute(ctx.db);
    return stale.map((r) => r.id);
  }
  /**
   * Months whose kept count (first_eol_months, migration 20261128T0300) differs from product_first_eol's days in them.
   */
  async function staleMonths() {
    const { rows: stale } = await sql<{
      month: string;
    }>`select coalesce(m.month, x.month)::text as month from (select * from first_eol_months where n <> 0) m
      full join (select date_trunc('month', first_eol_date::timestamp)::date as month, count(*)::int as n from product_first_eol
                 where first_eol_date is not null group by 1) x on x.month = m.month
      where m.n is distinct from x.n`.execute(ctx.db);
    return stale.map((r) => r.month);
  }
  async function expectOverviewExact(label: string) {
    expect(await staleEolDays(), label).toEqual([]);
    expect(await staleFirstDays(), label).toEqual([]);
    expect(await staleMonths(), label).toEqual([]);
    const list = await admin.get('/api/productswitheolitems?per_page=200');
    const shown = rows(list.body)
      .map((p) => [p.id, p.eol_items])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(shown, label).toEqual(await overviewFromPurchaseDates());
    expect(list.body.total, label).toBe(shown.length);
  }
  const eolItems = async (productId: number) =>
    (await admin.get(`/api/items/itemseolbyproductid/${productId}?per_page=200`)).body.data as EolItemRow[];

  it("follows a product's EOL months changed, removed and set again", async () => {
    await expectOverviewExact('start');
    const later = await insertProduct(ownCustomer.id, 'E', 48);
    const bought = await dbDate(`(current_date - interval '22 months')::date`);
    await insertItem(later, endUser.id, 'EOLT-E1', bought);
    await insertItem(later, ownCustomer.id, 'EOLT-E2', bought, ItemStatus.VOORRAAD_KLANTLOCATIE);
    expect(await eolItems(later)).toEqual([]);
    await expectOverviewExact('48 months: not yet');
    await ctx.db.updateTable('products').set({ eol: 24 }).where('id', '=', later).execute();
    expect((await eolItems(later)).map((i) => [i.serial, i.eol_date])).toEqual([
      ['EOLT-E1', await dbDate(`(current_date - interval '22 months')::date + interval '24 months'`)],
      ['EOLT-E2', await dbDate(`(current_date - interval '22 months')::date + interval '24 months'`)],
    ]);
    await expectOverviewExact('24 months: on the overview');
    await ctx.db.updateTable('products').set({ eol: null }).where('id', '=', later).execute();
    expect(await eolItems(later)).toEqual([]);
    await expectOverviewExact('no EOL months');
    // Several products in one statement, one of them unchanged.
    await ctx.db.updateTable('products').set({ eol: 24 }).where('id', 'in', [later, product]).execute();
    expect(await eolItems(later)).toHaveLength(2);
    await expectOverviewExact('set again');
    // Its items marked EOL, one deleted, one back in use: the product leaves the overview and comes back.
    await ctx.db.updateTable('items').set({ status_id: ItemStatus.EOL }).where('serial', '=', 'EOLT-E1').execute();
    await ctx.db.updateTable('items').set({ deleted_at: new Date() }).where('serial', '=', 'EOLT-E2').execute();
    expect(rows((await admin.get('/api/productswitheolitems?search=EOLTST-E')).body)).toEqual([]);
    await expectOverviewExact('no item counts any more');
    await ctx.db
      .updateTable('items')
      .set({ status_id: ItemStatus.IN_GEBRUIK })
      .where('serial', '=', 'EOLT-E1')
      .execute();
    expect(rows((await admin.get('/api/productswitheolitems?search=EOLTST-E')).body).map((p) => p.eol_items)).toEqual([
      1,
    ]);
    await expectOverviewExact('one item in use again');
    await ctx.db.deleteFrom('items').where('serial', '=', 'EOLT-E2').execute();
    await expectOverviewExact('the deleted item removed');
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ eol: 60 }).where('id', '=', later).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectOverviewExact('rolled back');
  });

  it('stays exact when two transactions write items of one product, or change its EOL months, at once', async () => {
    const shared = await insertProduct(ownCustomer.id, 'H', 48);
    const bought = await dbDate(`(current_date - interval '30 months')::date`);
    const item = (trx: typeof ctx.db, serial: string, date: string) =>
      trx
        .insertInto('items')
        .values({
          product_id: shared,
          client_id: ownCustomer.id,
          status_id: ItemStatus.IN_GEBRUIK,
          serial,
          date_in_use: date,
        })
        .execute();
    await overlapping(
      ctx.db,
      (trx) => item(trx, 'EOLT-H1', bought),
      (trx) => item(trx, 'EOLT-H2', today),
    );
    await expectOverviewExact('two inserts at once');
    await overlapping(
      ctx.db,
      (trx) => trx.updateTable('products').set({ eol: 24 }).where('id', '=', shared).execute(),
      (trx) => item(trx, 'EOLT-H3', bought),
    );
    await overlapping(
      ctx.db,
      (trx) => item(trx, 'EOLT-H4', bought),
      (trx) => trx.updateTable('products').set({ eol: 12 }).where('id', '=', shared).execute(),
    );
    await expectOverviewExact('EOL months changed while items were written');
    expect((await eolItems(shared)).map((i) => i.serial).sort()).toEqual(['EOLT-H1', 'EOLT-H3', 'EOLT-H4']);
  });

  it("follows an item's purchase date set and its product changed, and clamps to the month's end as domain/eol.ts does", async () => {
    const short = await insertProduct(ownCustomer.id, 'F', 6);
    const long = await insertProduct(ownCustomer.id, 'G', 60);
    await insertItem(short, ownCustomer.id, 'EOLT-F1', null);
    expect(await eolItems(short)).toEqual([]);
    await ctx.db.updateTable('items').set({ date_in_use: '2023-08-31' }).where('serial', '=', 'EOLT-F1').execute();
    const [clamped] = await eolItems(short);
    expect(clamped?.eol_date).toBe('2024-02-29');
    expect(clamped?.eol_date).toBe(eolDate('2023-08-31', 6));
    await expectOverviewExact('purchase date set');
    await ctx.db.updateTable('items').set({ product_id: long }).where('serial', '=', 'EOLT-F1').execute();
    expect(await eolItems(short)).toEqual([]);
    // Past the horizon: off the overview, its EOL day stored all the same.
    expect(await eolItems(long)).toEqual([]);
    const stored = await ctx.db
      .selectFrom('items')
      .select(sql<string>`to_char(eol_date, 'YYYY-MM-DD')`.as('d'))
      .where('serial', '=', 'EOLT-F1')
      .executeTakeFirstOrThrow();
    expect(stored.d).toBe(eolDate('2023-08-31', 60));
    await expectOverviewExact('moved to a product with 60 months');
    await ctx.db
      .updateTable('items')
      .set({ product_id: short, date_in_use: null })
      .where('serial', '=', 'EOLT-F1')
      .execute();
    expect(await eolItems(short)).toEqual([]);
    await expectOverviewExact('purchase date removed');
  });
});
