import ExcelJS from 'exceljs';
import { sql, type NotNull } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { readWorkbook } from '../support/xlsx';
import { DeliveryType, ItemStatus, stockFilterOptions } from '@domain/enums';
import { seededRows } from './seeded';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let magazijn: ApiClient;
let resellerClientId: number;
let ownCustomers: [number, number, ...number[]];
let otherCustomer: number;
let otherProduct: { id: number; client_id: number };
let ownProduct: { id: number; client_id: number };

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);

function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; data: Buffer; type?: string }> = {},
) {
  const boundary = `----stocktest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function postForm(
  client: ApiClient,
  url: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = {},
) {
  const form = multipart(fields, files);
  return client.post(url, form.payload, form.headers);
}

async function xlsxFile(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Voorraad');
  sheet.addRow([
    'Artikelnummer',
    'Serienummer',
    'Ordernummer',
    'MAC adres',
    'Asset ID',
    'DaaS (Ja/Nee)',
    'Voorraadeigenaar',
  ]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function itemCount(where: { productId?: number; serialPrefix?: string } = {}): Promise<number> {
  let q = ctx.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null);
  if (where.productId) q = q.where('product_id', '=', where.productId);
  if (where.serialPrefix) q = q.where('serial', 'like', `${where.serialPrefix}%`);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const newProduct = (clientId: number, suffix: string) => ({
  name: `Testlaptop ${suffix}`,
  description: 'Voor de test',
  product_group_id: '1',
  article_number: `TST-${suffix}`,
  unique_product_id: `UNIEK-${suffix}`,
  eol: '36',
  client_id: String(clientId),
});

beforeAll(async () => {
  ctx = await createTestContext();
  // The reseller role gets every stock right here, so hierarchy (404) is tested apart from rights (403).
  const stockRights = [
    'Voorraad aanmaken',
    'Voorraad importeren',
    'Voorraad wijzigen',
    'Voorraad verwijderen',
    'Artikel aanmaken',
    'Bundel wijzigen',
    'Factuur beheren',
  ];
  await sql`insert into permission_role (role_id, permission_id)
    select r.id, p.id from roles r, permissions p where r.name = 'Reseller' and p.name in (${sql.join(stockRights)})`.execute(
    ctx.db,
  );
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  ownCustomers = seededRows(
    (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', resellerClientId)
        .where('client_type_id', '=', 3)
        .execute()
    ).map((c) => c.id),
    'end customers of the reseller',
  );
  otherCustomer = (
    await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', 3)
      .where('id', 'not in', ownCustomers)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherProduct = await ctx.db
    .selectFrom('products')
    .select(['id', 'client_id'])
    .where('client_id', '=', otherCustomer)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ownProduct = await ctx.db
    .selectFrom('products')
    .select(['id', 'client_id'])
    .where('client_id', '=', ownCustomers[0])
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(() => ctx.close());

describe('GET /api/products', () => {
  it('pages active products with counts from item statuses', async () => {
    const res = await admin.get('/api/products?per_page=10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 10 });
    const active = await ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(res.body.total).toBe(Number(active.n));
    expect(res.body.data).toHaveLength(10);
    const row = res.body.data[0];
    const counts = await sql<{
      s: number;
      n: number;
    }>`select status_id as s, count(*)::int as n from items where product_id = ${row.id} and deleted_at is null group by status_id`.execute(
      ctx.db,
    );
    const by = (s: number) => counts.rows.find((r) => r.s === s)?.n ?? 0;
    expect(row).toMatchObject({
      items_in_stock: by(ItemStatus.INGEKLAARD),
      available_items: by(ItemStatus.OP_AFROEP),
      items_at_location: by(ItemStatus.VOORRAAD_KLANTLOCATIE),
      items_in_use: by(ItemStatus.IN_GEBRUIK),
      items_count: counts.rows.reduce((s, r) => s + r.n, 0),
    });
    expect(row.client_name).toBeTruthy();
    const names = res.body.data.map((p: { name: string }) => p.name);
    const lower = names.map((n: string) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it('searches names, article numbers, customers, serials and order numbers; filters client, reseller and group', async () => {
    const item = await ctx.db
      .selectFrom('items')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['items.serial', 'items.order_number', 'products.id', 'products.article_number'])
      .where('items.serial', 'is not', null)
      .where('products.is_active', '=', true)
      .orderBy('items.id')
      .$narrowType<{ serial: NotNull }>()
      .executeTakeFirstOrThrow();
    const bySerial = await admin.get(`/api/products?search=${encodeURIComponent(item.serial.toLowerCase())}`);
    expect(bySerial.body.data.map((p: { id: number }) => p.id)).toEqual([item.id]);
    const byArticle = await admin.get(`/api/products?search=${item.article_number}`);
    expect(byArticle.body.data.map((p: { id: number }) => p.id)).toContain(item.id);
    const byOrder = await admin.get(`/api/products?search=${item.order_number}&per_page=200`);
    expect(byOrder.body.data.map((p: { id: number }) => p.id)).toContain(item.id);
    const byName = await admin.get('/api/products?search=latitude&per_page=200');
    expect(byName.body.total).toBeGreaterThan(0);
    expect(byName.body.data.every((p: { name: string }) => /latitude/i.test(p.name))).toBe(true);
    // Every active article whose name holds the term in any case, whatever case the term is typed in.
    const named = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('name', 'ilike', '%latitude%')
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
    const byNameMixed = await admin.get('/api/products?search=LaTiTuDe&per_page=200');
    expect(byNameMixed.body.data.map((p: { id: number }) => p.id).sort()).toEqual(
      expect.arrayContaining(named.map((r) => r.id)),
    );
    expect(byNameMixed.body.total).toBe(byName.body.total);
    const customerName = (
      await ctx.db.selectFrom('clients').select('name').where('id', '=', otherCustomer).executeTakeFirstOrThrow()
    ).name;
    const byCustomer = await admin.get(`/api/products?search=${encodeURIComponent(customerName)}&per_page=200`);
    expect(byCustomer.body.data.some((p: { client_id: number }) => p.client_id === otherCustomer)).toBe(true);
    expect((await admin.get('/api/products?search=zzzz-niets')).body.total).toBe(0);

    const byClient = await admin.get(`/api/products?filters[client]=${otherCustomer}&per_page=200`);
    expect(byClient.body.total).toBeGreaterThan(0);
    expect(byClient.body.data.every((p: { client_id: number }) => p.client_id === otherCustomer)).toBe(true);
    const byReseller = await admin.get(`/api/products?filters[reseller]=${resellerClientId}&per_page=200`);
    expect(byReseller.body.data.every((p: { client_id: number }) => ownCustomers.includes(p.client_id))).toBe(true);
    const byGroup = await admin.get('/api/products?filters[product_group]=3&per_page=200');
    expect(byGroup.body.total).toBeGreaterThan(0);
    expect(byGroup.body.data.every((p: { product_group_id: number }) => p.product_group_id === 3)).toBe(true);
    const sorted = await admin.get('/api/products?sort=items_in_use&order=desc&per_page=200');
    const inUse = sorted.body.data.map((p: { items_in_use: number }) => p.items_in_use);
    expect(inUse).toEqual([...inUse].sort((a, b) => b - a));
  });

  it('finds by reseller exactly the articles that show that reseller, and by the start of a serial or order number only those', async () => {
    const idsOf = async (search: string) =>
      (
        (await admin.get(`/api/products?search=${encodeURIComponent(search)}&per_page=200`)).body.data as {
          id: number;
        }[]
      )
        .map((p) => p.id)
        .sort((a, b) => a - b);
    const resellerName = (
      await ctx.db.selectFrom('clients').select('name').where('id', '=', resellerClientId).executeTakeFirstOrThrow()
    ).name;
    const showing = await ctx.db
      .selectFrom('products as p')
      .innerJoin('clients as c', 'c.id', 'p.client_id')
      .innerJoin('clients as r', 'r.id', 'c.parent_client_id')
      .select('p.id')
      .where('r.id', '=', resellerClientId)
      .where('p.is_active', '=', true)
      .where('p.deleted_at', 'is', null)
      .execute();
    expect(showing.length).toBeGreaterThan(0);
    const byReseller = await idsOf(resellerName);
    expect(byReseller).toEqual(expect.arrayContaining(showing.map((p) => p.id)));
    const rows = (await admin.get(`/api/products?search=${encodeURIComponent(resellerName)}&per_page=200`)).body
      .data as { reseller_name: string | null; client_name: string; name: string }[];
    const term = resellerName.toLowerCase();
    expect(
      rows.every((p) => [p.reseller_name, p.client_name, p.name].some((text) => text?.toLowerCase().includes(term))),
    ).toBe(true);

    // Two articles whose serials differ only where the term has LIKE's wildcard: the wildcard is a plain character.
    const first = (await postForm(admin, '/api/products', newProduct(ownCustomers[0], 'PFX1'))).body.data.id as number;
    const second = (await postForm(admin, '/api/products', newProduct(ownCustomers[0], 'PFX2'))).body.data.id as number;
    await ctx.db
      .insertInto('items')
      .values([
        {
          product_id: first,
          client_id: ownCustomers[0],
          status_id: ItemStatus.INGEKLAARD,
          serial: 'QZ7_PFX-0001',
          order_number: 'ZQ9%ORD-1',
        },
        {
          product_id: second,
          client_id: ownCustomers[0],
          status_id: ItemStatus.INGEKLAARD,
          serial: 'QZ7XPFX-0002',
          order_number: 'ZQ9XORD-2',
        },
      ])
      .execute();
    expect(await idsOf('qz7_pfx')).toEqual([first]);
    expect(await idsOf('QZ7')).toEqual([first, second]);
    expect(await idsOf('qz7xpfx-0002')).toEqual([second]);
    expect(await idsOf('zq9%ord')).toEqual([first]);
    expect(await idsOf('ZQ9')).toEqual([first, second]);
    expect(await idsOf('Z7_PFX')).toEqual([]);
  });

  it('filters on a stock column (Alle voorraad): only articles with an item in that status; export alike; other values refused', async () => {
    for (const option of stockFilterOptions) {
      const res = await admin.get(`/api/products?filters[stock]=${option.id}&per_page=500`);
      expect(res.status).toBe(200);
      const expected = await ctx.db
        .selectFrom('products as p')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.is_active', '=', true)
        .where('p.deleted_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('items as i')
              .select('i.id')
              .whereRef('i.product_id', '=', 'p.id')
              .where('i.status_id', '=', option.id)
              .where('i.deleted_at', 'is', null),
          ),
        )
        .executeTakeFirstOrThrow();
      expect(res.body.total).toBe(Number(expected.n));
      const column = (
        { 1: 'items_in_stock', 5: 'available_items', 19: 'items_at_location', 3: 'items_in_use' } as const
      )[option.id];
      expect(res.body.data.every((p: Record<string, number>) => p[column]! > 0)).toBe(true);
    }
    // An article without items is in the whole list, and under no stock column.
    const empty = (await postForm(admin, '/api/products', newProduct(ownCustomers[0], 'SF1'))).body.data.id as number;
    const ids = async (query: string) =>
      (await admin.get(`/api/products?search=TST-SF1${query}`)).body.data.map((p: { id: number }) => p.id);
    expect(await ids('')).toEqual([empty]);
    for (const option of stockFilterOptions) expect(await ids(`&filters[stock]=${option.id}`)).toEqual([]);
    expect((await admin.delete(`/api/products/${empty}`)).status).toBe(200);
    const inUse = (await admin.get(`/api/products?filters[stock]=${ItemStatus.IN_GEBRUIK}`)).body.total;
    expect(inUse).toBeGreaterThan(0);
    const sheet = (
      await readWorkbook((await admin.get(`/api/exportstockcsv?filters[stock]=${ItemStatus.IN_GEBRUIK}`)).body)
    ).worksheets[0]!;
    expect(sheet.rowCount - 1).toBe(inUse);
    const wrong = await admin.get(`/api/products?filters[stock]=${ItemStatus.EOL}`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ 'filters[stock]': ['Kies een bestaande waarde.'] });
  });

  it('shows a reseller only the products of its own end customers', async () => {
    const res = await reseller.get('/api/products?per_page=200');
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.data.every((p: { client_id: number }) => ownCustomers.includes(p.client_id))).toBe(true);
    expect((await reseller.get(`/api/products?filters[client]=${otherCustomer}`)).body.total).toBe(0);
  });
});

describe('product detail and lookups', () => {
  it('answers a product with counts, group, client and bundles; 404 for another tenant or a bad id', async () => {
    const res = await admin.get(`/api/products/${ownProduct.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ownProduct.id,
      client_id: ownProduct.client_id,
      product_group: { id: expect.any(Number) },
    });
    expect(res.body).toHaveProperty('items_count');
    expect((await reseller.get(`/api/products/${otherProduct.id}`)).status).toBe(404);
    expect((await reseller.get(`/api/products/${ownProduct.id}`)).status).toBe(200);
    expect((await admin.get('/api/products/abc')).status).toBe(404);
    expect((await admin.get('/api/products/999999')).status).toBe(404);
  });

  it('lists product groups, one group, products by client, project and available items', async () => {
    const groups = await klant.get('/api/product-groups');
    expect(groups.body.find((g: { id: number }) => g.id === 3).name).toBe('Accessoires');
    expect((await admin.get('/api/product-groups/3')).body).toEqual({ id: 3, name: 'Accessoires' });
    expect((await admin.get('/api/product-groups/99')).status).toBe(404);

    const byClient = await reseller.get(`/api/getproductsbyclientid/${ownProduct.client_id}?showAll=true`);
    expect(byClient.status).toBe(200);
    expect(
      byClient.body.data.every(
        (p: { client_id: number; is_active: boolean }) => p.client_id === ownProduct.client_id && p.is_active,
      ),
    ).toBe(true);
    expect((await reseller.get(`/api/getproductsbyclientid/${otherCustomer}`)).status).toBe(404);

    const project = await ctx.db
      .selectFrom('projects')
      .innerJoin('items', 'items.project_id', 'projects.id')
      .select(['projects.id', 'items.product_id'])
      .where('projects.client_id', '=', otherCustomer)
      .executeTakeFirstOrThrow();
    const byProject = await admin.get(`/api/getproductsbyprojectid/${project.id}`);
    expect(byProject.body.map((p: { id: number }) => p.id)).toContain(project.product_id);
    expect((await reseller.get(`/api/getproductsbyprojectid/${project.id}`)).status).toBe(404);

    const available = await admin.get(`/api/getavailableitems/${ownProduct.id}`);
    expect(
      available.body.every(
        (i: { status_id: number }) => i.status_id === ItemStatus.INGEKLAARD || i.status_id === ItemStatus.OP_AFROEP,
      ),
    ).toBe(true);
    expect((await reseller.get(`/api/getavailableitems/${otherProduct.id}`)).status).toBe(404);
  });
});

describe('creating, editing, deleting and (in)activating articles', () => {
  it('refuses missing fields one by one, a non-number EOL and a file that is not an image', async () => {
    const empty = await postForm(admin, '/api/products', {});
    expect(empty.status).toBe(422);
    for (const field of ['name', 'product_group_id', 'article_number', 'unique_product_id'])
      expect(empty.body.errors[field]).toEqual(['Dit veld is verplicht.']);
    const badEol = await postForm(admin, '/api/products', { ...newProduct(ownCustomers[0], 'eol'), eol: 'vier' });
    expect(badEol.body.errors.eol).toEqual(['Vul het aantal maanden in als getal.']);
    const notImage = await postForm(admin, '/api/products', newProduct(ownCustomers[0], 'img'), {
      image: { name: 'foto.png', data: Buffer.from('geen plaatje'), type: 'image/png' },
    });
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors.image).toEqual(['Het bestand moet een afbeelding zijn.']);
    const noClient = await admin.post('/api/products', { ...newProduct(ownCustomers[0], 'nc'), client_id: null });
    expect(noClient.body.errors.client_id).toEqual(['Kies een eindklant.']);
    expect(
      await ctx.db
        .selectFrom('products')
        .select('id')
        .where('article_number', 'in', ['TST-eol', 'TST-img', 'TST-nc'])
        .execute(),
    ).toHaveLength(0);
  });

  it('creates an article with an image, edits it with _method PUT and refuses a duplicate unique ID', async () => {
    const created = await postForm(admin, '/api/products', newProduct(ownCustomers[0], 'A1'), {
      image: { name: 'laptop.png', data: PNG, type: 'image/png' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      name: 'Testlaptop A1',
      eol: 36,
      items_count: 0,
      image: `/api/products/${id}/image`,
    });
    const image = await admin.get(`/api/products/${id}/image`);
    expect(image.status).toBe(200);
    expect(Buffer.from(image.body as Buffer).subarray(0, 8)).toEqual(PNG.subarray(0, 8));

    const dup = await postForm(admin, '/api/products', {
      ...newProduct(ownCustomers[0], 'A2'),
      unique_product_id: 'uniek-a1',
    });
    expect(dup.body.errors.unique_product_id).toEqual(['Dit unieke ID bestaat al bij deze eindklant.']);

    const noOverride = await postForm(admin, `/api/products/${id}`, {
      ...newProduct(ownCustomers[0], 'A1'),
      name: 'Anders',
    });
    expect(noOverride.status).toBe(405);
    const edited = await postForm(admin, `/api/products/${id}`, {
      ...newProduct(ownCustomers[0], 'A1'),
      _method: 'PUT',
      name: 'Testlaptop A1 gewijzigd',
      eol: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Testlaptop A1 gewijzigd',
      eol: null,
      image: `/api/products/${id}/image`,
    });
    const badEdit = await postForm(admin, `/api/products/${id}`, { _method: 'PUT', name: '' });
    expect(badEdit.status).toBe(422);
    expect((await admin.get(`/api/products/${id}`)).body.name).toBe('Testlaptop A1 gewijzigd');
    const events = await ctx.db.selectFrom('events').select('action').where('product_id', '=', id).execute();
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['Artikel Testlaptop A1 aangemaakt', 'Artikel Testlaptop A1 gewijzigd gewijzigd']),
    );
  });

  it('deletes only an article without items and makes an article inactive and active again', async () => {
    const refused = await admin.delete(`/api/products/${ownProduct.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Artikel kan niet worden verwijderd');
    expect((await admin.get(`/api/products/${ownProduct.id}`)).status).toBe(200);

    const created = await admin.post('/api/products', newProduct(ownCustomers[1], 'D1'));
    const id = created.body.data.id;
    expect((await admin.delete(`/api/products/${id}`)).body.message).toBe('Artikel is verwijderd');
    expect((await admin.get(`/api/products/${id}`)).status).toBe(404);

    const other = (await admin.post('/api/products', newProduct(ownCustomers[1], 'I1'))).body.data.id;
    const inactive = await admin.post(`/api/products/${other}/inactive`);
    expect(inactive.body.message).toBe('Artikel is inactief gemaakt');
    expect((await admin.get(`/api/products?search=TST-I1`)).body.total).toBe(0);
    const inactiveList = await admin.get(`/api/inactive-products/${ownCustomers[1]}?showAll=true`);
    expect(inactiveList.body.data.map((p: { id: number }) => p.id)).toContain(other);
    expect((await admin.post(`/api/products/${other}/active`)).body.message).toBe('Product is geactiveerd');
    expect((await admin.get(`/api/products?search=TST-I1`)).body.total).toBe(1);
  });

  it('sets a price with Factuur beheren only', async () => {
    expect((await admin.post(`/api/products/${ownProduct.id}/prices`, { price: 'twaalf' })).body.errors.price).toEqual([
      'Vul een geldig bedrag in, bijvoorbeeld 12,50.',
    ]);
    const ok = await admin.post(`/api/products/${ownProduct.id}/prices`, { price: '12,50' });
    expect(ok.body.data.price).toEqual({ price: '12.50' });
    expect((await magazijn.post(`/api/products/${ownProduct.id}/prices`, { price: '1.00' })).status).toBe(403);
  });

  it("keeps another tenant's article unchanged for a reseller (404)", async () => {
    const before = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', otherProduct.id)
      .executeTakeFirstOrThrow();
    expect(
      (
        await postForm(reseller, `/api/products/${otherProduct.id}`, {
          ...newProduct(otherCustomer, 'X'),
          _method: 'PUT',
        })
      ).status,
    ).toBe(404);
    expect((await reseller.post(`/api/products/${otherProduct.id}/inactive`)).status).toBe(404);
    expect((await reseller.post(`/api/products/${otherProduct.id}/prices`, { price: '1' })).status).toBe(404);
    expect((await reseller.delete(`/api/products/${otherProduct.id}`)).status).toBe(404);
    expect((await reseller.post('/api/products', newProduct(otherCustomer, 'R1'))).body.errors.client_id).toEqual([
      'Kies een eindklant.',
    ]);
    const after = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', otherProduct.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('stock import', () => {
  it('requires a .csv or Excel file', async () => {
    expect((await postForm(magazijn, '/api/importstock', {})).body.errors.file).toEqual(['Kies een bestand.']);
    const txt = await postForm(
      magazijn,
      '/api/importstock',
      {},
      { file: { name: 'voorraad.txt', data: Buffer.from('a,b') } },
    );
    expect(txt.body.errors.file).toEqual(['Alleen .csv of Excel bestanden zijn toegestaan.']);
  });

  it('imports nothing when one row is wrong and lists the row errors', async () => {
    const article = (
      await ctx.db
        .selectFrom('products')
        .select('article_number')
        .where('id', '=', ownProduct.id)
        .executeTakeFirstOrThrow()
    ).article_number;
    const file = await xlsxFile([
      [article, 'IMPX-0001', 'ORD-IMP', null, null, 'Nee', null],
      [article, 'IMPX-0002', null, null, null, 'Ja', 'Reseller'],
      ['BESTAAT-NIET', 'IMPX-0003', null, null, null, null, null],
    ]);
    const res = await postForm(
      magazijn,
      '/api/importstock',
      { client_id: String(ownProduct.client_id) },
      { file: { name: 'voorraad.xlsx', data: file } },
    );
    expect(res.status).toBe(422);
    expect(res.body.errors['rows.4.article_number']).toEqual(['Onbekend artikelnummer.']);
    expect(await itemCount({ serialPrefix: 'IMPX-' })).toBe(0);
    const badOwner = await xlsxFile([[article, 'IMPX-0004', null, null, null, 'Ja', 'Niemand']]);
    const res2 = await postForm(magazijn, '/api/importstock', {}, { file: { name: 'voorraad.xlsx', data: badOwner } });
    expect(res2.body.errors['rows.2.stock_owner']).toEqual(['Kies Eindklant, Reseller of Operational lease.']);
    expect(await itemCount({ serialPrefix: 'IMPX-' })).toBe(0);
  });

  it('imports every row of a good xlsx and csv file; a serial already in stock is refused', async () => {
    const article = (
      await ctx.db
        .selectFrom('products')
        .select('article_number')
        .where('id', '=', ownProduct.id)
        .executeTakeFirstOrThrow()
    ).article_number;
    const before = await itemCount({ productId: ownProduct.id });
    const file = await xlsxFile([
      [article, 'IMPX-1001', 'ORD-IMP', 'AA:BB:CC:00:11:22', 'AST-1', 'Ja', 'Eindklant'],
      [article, 'IMPX-1002', 'ORD-IMP', null, null, 'Nee', null],
    ]);
    const ok = await postForm(magazijn, '/api/importstock', {}, { file: { name: 'voorraad.xlsx', data: file } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Voorraad is geïmporteerd', imported: 2 });
    expect(await itemCount({ productId: ownProduct.id })).toBe(before + 2);
    const csv = Buffer.from(
      `Artikelnummer;Serienummer;Ordernummer\n${article};IMPX-2001;ORD-9\n${article};IMPX-2002;ORD-9\n`,
    );
    expect(
      (await postForm(magazijn, '/api/importstock', {}, { file: { name: 'voorraad.csv', data: csv } })).body.imported,
    ).toBe(2);
    const again = Buffer.from(`Artikelnummer,Serienummer\n${article},IMPX-3001\n${article},impx-2001\n`);
    const dup = await postForm(magazijn, '/api/importstock', {}, { file: { name: 'voorraad.csv', data: again } });
    expect(dup.body.errors['rows.3.serial']).toEqual(['Serienummer bestaat al.']);
    expect(await itemCount({ serialPrefix: 'IMPX-3' })).toBe(0);
  });

  it("does not let a reseller import into another tenant's article", async () => {
    const article = (
      await ctx.db
        .selectFrom('products')
        .select('article_number')
        .where('id', '=', otherProduct.id)
        .executeTakeFirstOrThrow()
    ).article_number;
    const file = await xlsxFile([[article, 'IMPX-4001', null, null, null, null, null]]);
    const res = await postForm(reseller, '/api/importstock', {}, { file: { name: 'voorraad.xlsx', data: file } });
    expect(res.body.errors['rows.2.article_number']).toEqual(['Onbekend artikelnummer.']);
    expect(await itemCount({ serialPrefix: 'IMPX-4' })).toBe(0);
  });
});

describe('stock export', () => {
  it('offers the columns and streams a real xlsx named products-<timestamp>.xlsx', async () => {
    const cols = await admin.get('/api/export-columns');
    expect(cols.body.map((c: { label: string }) => c.label)).toEqual(
      expect.arrayContaining([
        'Productnaam',
        'Artikelnr',
        'Voorraad',
        'Op afroep',
        'Klantlocatie',
        'In gebruik',
        'Eindklant',
        'Reseller',
      ]),
    );
    const res = await reseller.get(
      '/api/exportstockcsv?search=&sort=name&order=asc&headings=name,article_number,items_in_use,client_name',
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/filename="products-\d{8}-\d{6}\.xlsx"/);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Productnaam',
      'Artikelnr',
      'In gebruik',
      'Eindklant',
    ]);
    const total = (await reseller.get('/api/products')).body.total;
    expect(sheet.rowCount - 1).toBe(total);
    const filtered = await admin.get(`/api/exportstockcsv?filters[client]=${otherCustomer}`);
    const rows = (await readWorkbook(filtered.body)).worksheets[0]!;
    expect(rows.rowCount - 1).toBe((await admin.get(`/api/products?filters[client]=${otherCustomer}`)).body.total);
    expect((await klant.get('/api/exportstockcsv')).status).toBe(403);
  });

  it('exports the items of an article', async () => {
    const res = await admin.get(`/api/exportstockitems/${ownProduct.id}`);
    expect(String(res.headers['content-disposition'])).toMatch(/filename="items-.+\.xlsx"/);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Serienummer');
    expect(sheet.rowCount - 1).toBe(await itemCount({ productId: ownProduct.id }));
    expect((await reseller.get(`/api/exportstockitems/${otherProduct.id}`)).status).toBe(404);
  });
});

describe('items of an article and of a client', () => {
  it('pages the items of a product and searches serial, order number and MAC', async () => {
    const res = await admin.get(`/api/getitems/${ownProduct.id}?per_page=5`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await itemCount({ productId: ownProduct.id }));
    expect(res.body.data[0]).toMatchObject({
      product_id: ownProduct.id,
      status: { id: expect.any(Number), name: expect.any(String) },
    });
    const status = res.body.data[0].status_id as number;
    const ofStatus = await admin.get(`/api/getitems/${ownProduct.id}?per_page=5&filters[status]=${status}`);
    const expected = await ctx.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', ownProduct.id)
      .where('status_id', '=', status)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(ofStatus.body.total).toBe(Number(expected.n));
    expect(ofStatus.body.data.every((i: { status_id: number }) => i.status_id === status)).toBe(true);
    const one = await ctx.db
      .selectFrom('items')
      .select(['serial', 'mac_address', 'id'])
      .where('product_id', '=', ownProduct.id)
      .where('serial', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const found = await admin.get(`/api/getitems/${ownProduct.id}?search=${one.serial}`);
    expect(found.body.data.map((i: { id: number }) => i.id)).toEqual([one.id]);
    expect((await reseller.get(`/api/getitems/${otherProduct.id}`)).status).toBe(404);
  });

  it('answers an empty page for an article without items, and 404 for one that is gone', async () => {
    const id = (await postForm(admin, '/api/products', newProduct(ownCustomers[0], 'GI0'))).body.data.id as number;
    const empty = await admin.get(`/api/getitems/${id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, data: [], last_page: 1 });
    expect((await admin.get(`/api/getitems/${id}?page=3`)).body).toMatchObject({ total: 0, data: [] });
    await ctx.db.updateTable('products').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    expect((await admin.get(`/api/getitems/${id}`)).status).toBe(404);
    expect((await admin.get('/api/getitems/999999999')).status).toBe(404);
  });

  it('lists the items at a client and its end users', async () => {
    const res = await reseller.get(`/api/getitemsbyclientid/${ownCustomers[0]}?per_page=200`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.data.some((i: { end_user: unknown }) => i.end_user)).toBe(true);
    expect((await reseller.get(`/api/getitemsbyclientid/${otherCustomer}`)).status).toBe(404);
  });
});

describe('items', () => {
  let itemId: number;

  it('creates an item: serial required (not for accessories), unique', async () => {
    expect((await magazijn.post('/api/items', {})).body.errors.product_id).toEqual(['Dit veld is verplicht.']);
    expect((await magazijn.post('/api/items', { product_id: ownProduct.id })).body.errors.serial).toEqual([
      'Serienummer is verplicht.',
    ]);
    const taken = await ctx.db
      .selectFrom('items')
      .select('serial')
      .where('serial', 'is not', null)
      .$narrowType<{ serial: NotNull }>()
      .executeTakeFirstOrThrow();
    expect(
      (await magazijn.post('/api/items', { product_id: ownProduct.id, serial: taken.serial.toLowerCase() })).body.errors
        .serial,
    ).toEqual(['Serienummer bestaat al.']);
    expect(
      (await magazijn.post('/api/items', { product_id: ownProduct.id, serial: 'X', stock_owner: 'Iemand' })).body.errors
        .stock_owner,
    ).toEqual(['Kies Eindklant, Reseller of Operational lease.']);
    const ok = await magazijn.post('/api/items', {
      product_id: ownProduct.id,
      serial: 'NEWSERIAL-1',
      order_number: 'ORD-NEW',
      daas: true,
      stock_owner: 'Reseller',
    });
    expect(ok.status).toBe(201);
    itemId = ok.body.data[0].id;
    const accessory =
      (await ctx.db
        .selectFrom('products')
        .select('id')
        .where('product_group_id', '=', 3)
        .where('client_id', '=', ownCustomers[0])
        .executeTakeFirst()) ??
      (await ctx.db.selectFrom('products').select('id').where('product_group_id', '=', 3).executeTakeFirstOrThrow());
    const counted = await magazijn.post('/api/items', { product_id: accessory.id, quantity: 3 });
    expect(counted.body.data).toHaveLength(3);
    expect(
      (await reseller.post('/api/items', { product_id: otherProduct.id, serial: 'NOPE-1' })).body.errors.product_id,
    ).toEqual(['Onbekend artikelnummer.']);
    expect((await klant.post('/api/items', { product_id: ownProduct.id, serial: 'NOPE-2' })).status).toBe(403);
  });

  it('shows every field of the item detail', async () => {
    const res = await klant.get(`/api/items/${itemId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: itemId,
      serial: 'NEWSERIAL-1',
      order_number: 'ORD-NEW',
      daas: true,
      stock_owner: 'Reseller',
      status: { id: 1, name: 'Ingeklaard' },
      product: { id: ownProduct.id, article_number: expect.any(String) },
      client: { id: ownProduct.client_id, client_type_id: 3, contact: { first_name: expect.any(String) } },
    });
    for (const key of [
      'tag_number',
      'mac_address',
      'date_in_use',
      'shipping_date',
      'start_date_contract',
      'end_date_contract',
      'address',
      'eol_time',
      'bundle_names',
      'project',
    ]) {
      expect(res.body).toHaveProperty(key);
    }
    expect((await reseller.get(`/api/items/${itemId}`)).status).toBe(200);
    const foreign = await ctx.db
      .selectFrom('items')
      .select('id')
      .where('product_id', '=', otherProduct.id)
      .executeTakeFirstOrThrow();
    expect((await reseller.get(`/api/items/${foreign.id}`)).status).toBe(404);
    expect((await reseller.get(`/api/getevents/${foreign.id}`)).status).toBe(404);
  });

  it('changes the status to a manual status only and records it', async () => {
    const bad = await admin.post(`/api/items/${itemId}`, { _method: 'PUT', status_id: ItemStatus.INGEKLAARD });
    expect(bad.body.errors.status_id).toEqual(['Kies een status.']);
    const ok = await admin.post(`/api/items/${itemId}`, { _method: 'PUT', status_id: ItemStatus.OP_AFROEP });
    expect(ok.body).toMatchObject({
      message: 'De status is aangepast',
      data: { status: { id: 5, name: 'Op afroep' } },
    });
    const events = await admin.get(`/api/getevents/${itemId}`);
    expect(events.body[0]).toMatchObject({ status_id: 5, status: { name: 'Op afroep' } });
    expect((await reseller.post(`/api/items/${itemId}`, { _method: 'PUT', status_id: 3 })).status).toBe(200);
    expect((await klant.post(`/api/items/${itemId}`, { _method: 'PUT', status_id: 3 })).status).toBe(403);
  });

  it('updates an item: In gebruik door required, purchase date locked once set', async () => {
    const endUser = (
      await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('parent_client_id', '=', ownProduct.client_id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const missing = await admin.post(`/api/items/${itemId}`, { _method: 'PUT', serial: 'NEWSERIAL-1' });
    expect(missing.body.errors.client_id).toEqual(['Kies bij wie het item in gebruik is.']);
    expect(
      (await admin.post(`/api/items/${itemId}`, { _method: 'PUT', serial: 'NEWSERIAL-1', client_id: otherCustomer }))
        .body.errors.client_id,
    ).toEqual(['Kies bij wie het item in gebruik is.']);
    expect(
      (
        await admin.post(`/api/items/${itemId}`, {
          _method: 'PUT',
          serial: 'NEWSERIAL-1',
          client_id: endUser,
          date_in_use: '31-12-2025',
        })
      ).body.errors.date_in_use,
    ).toEqual(['Vul een geldige datum in.']);
    const ok = await admin.post(`/api/items/${itemId}`, {
      _method: 'PUT',
      serial: 'NEWSERIAL-1',
      order_number: 'ORD-2',
      tag_number: 'AST-9',
      mac_address: '00:11:22:33:44:55',
      date_in_use: '2026-01-15',
      address: 'Kantoor',
      client_id: endUser,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      message: 'Het item is aangepast',
      data: { date_in_use: '2026-01-15', tag_number: 'AST-9', client: { id: endUser } },
    });
    const locked = await admin.post(`/api/items/${itemId}`, {
      _method: 'PUT',
      serial: 'NEWSERIAL-1',
      date_in_use: '2026-02-01',
      client_id: endUser,
    });
    expect(locked.body.errors.date_in_use).toEqual(['De aankoopdatum kan niet meer worden gewijzigd.']);
    expect((await admin.get(`/api/items/${itemId}`)).body.date_in_use).toBe('2026-01-15');
  });

  it('mutates an item: e-mail, phone and In gebruik door required; creates a MUTATIE delivery', async () => {
    const users = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('parent_client_id', '=', ownProduct.client_id)
      .orderBy('id')
      .limit(2)
      .execute();
    const bad = await reseller.post(`/api/items/${itemId}/mutation`, { contact_email: 'geen-mail' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.contact_email).toEqual(['Vul een geldig e-mailadres in.']);
    expect(bad.body.errors.contact_phone).toEqual(['Dit veld is verplicht.']);
    const noHolder = await reseller.post(`/api/items/${itemId}/mutation`, {
      contact_email: 'a@b.nl',
      contact_phone: '0612345678',
    });
    expect(noHolder.body.errors.client_id).toEqual(['Kies bij wie het item in gebruik is.']);
    const ok = await reseller.post(`/api/items/${itemId}/mutation`, {
      client_id: users[1]!.id,
      address: 'Thuis',
      contact: 'Piet',
      contact_email: 'piet@klant.nl',
      contact_phone: '0612345678',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      message: 'Mutatie is succesvol doorgevoerd',
      data: { client: { id: users[1]!.id }, status: { id: ItemStatus.IN_GEBRUIK } },
    });
    const delivery = await ctx.db
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', ok.body.delivery_id)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ delivery_type_id: DeliveryType.MUTATIE, contact_email: 'piet@klant.nl' });
    const lines = await ctx.db
      .selectFrom('delivery_products')
      .selectAll()
      .where('delivery_id', '=', delivery.id)
      .execute();
    expect(lines.map((l) => l.item_id)).toEqual([itemId]);
    const removed = await reseller.post(`/api/items/${itemId}/mutation`, {
      remove_client: true,
      contact_email: 'piet@klant.nl',
      contact_phone: '0612345678',
    });
    expect(removed.body.data).toMatchObject({
      client: { id: ownProduct.client_id },
      status: { id: ItemStatus.VOORRAAD_KLANTLOCATIE },
    });

    // A new end user made inline, in the same command.
    const halfNew = await reseller.post(`/api/items/${itemId}/mutation`, {
      new_user: { first_name: 'Nieuwe' },
      contact_email: 'n@klant.nl',
      contact_phone: '0611111111',
    });
    expect(halfNew.body.errors['new_user.last_name']).toEqual(['Dit veld is verplicht.']);
    const inline = await reseller.post(`/api/items/${itemId}/mutation`, {
      new_user: { first_name: 'Nieuwe', last_name: 'Gebruiker' },
      contact_email: 'n@klant.nl',
      contact_phone: '0611111111',
    });
    expect(inline.status).toBe(200);
    const made = await ctx.db
      .selectFrom('clients')
      .innerJoin('contacts', 'contacts.client_id', 'clients.id')
      .select(['clients.id', 'clients.client_type_id', 'clients.parent_client_id', 'contacts.email'])
      .where('clients.name', '=', 'Nieuwe Gebruiker')
      .execute();
    expect(made).toEqual([
      {
        id: inline.body.data.client.id,
        client_type_id: 4,
        parent_client_id: ownProduct.client_id,
        email: 'n@klant.nl',
      },
    ]);
    expect(inline.body.data.status.id).toBe(ItemStatus.IN_GEBRUIK);
    const warehouse = await ctx.client().signIn('magazijn@demo.local');
    const notAllowed = await warehouse.post(`/api/items/${itemId}/mutation`, {
      new_user: { first_name: 'Geen', last_name: 'Recht' },
      contact_email: 'g@klant.nl',
      contact_phone: '06',
    });
    expect(notAllowed.status).toBe(403);
    expect(await ctx.db.selectFrom('clients').select('id').where('name', '=', 'Geen Recht').execute()).toEqual([]);

    const foreign = await ctx.db
      .selectFrom('items')
      .select(['id', 'client_id', 'status_id'])
      .where('product_id', '=', otherProduct.id)
      .executeTakeFirstOrThrow();
    expect(
      (
        await reseller.post(`/api/items/${foreign.id}/mutation`, {
          remove_client: true,
          contact_email: 'a@b.nl',
          contact_phone: '06',
        })
      ).status,
    ).toBe(404);
    expect((await reseller.post(`/api/items/${foreign.id}`, { _method: 'PUT', status_id: 13 })).status).toBe(404);
    expect(
      await ctx.db
        .selectFrom('items')
        .select(['id', 'client_id', 'status_id'])
        .where('id', '=', foreign.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(foreign);
  });
});

describe('bundles', () => {
  it('lists bundles with counts, searches, and scopes them', async () => {
    const res = await admin.get('/api/bundles?per_page=100');
    expect(res.body.total).toBe(24);
    expect(res.body.data[0]).toMatchObject({
      name: expect.any(String),
      products_count: expect.any(Number),
      client_name: expect.any(String),
    });
    const mine = await reseller.get('/api/bundles?per_page=100');
    expect(mine.body.data.every((b: { client_id: number }) => ownCustomers.includes(b.client_id))).toBe(true);
    expect((await admin.get('/api/bundles?search=thuiswerk')).body.total).toBe(12);
  });

  it('creates a bundle (name required) and sets its products', async () => {
    expect((await magazijn.post('/api/bundles', { client_id: ownProduct.client_id })).body.errors.name).toEqual([
      'Dit veld is verplicht.',
    ]);
    const created = await magazijn.post('/api/bundles', { name: 'Testbundel', client_id: ownProduct.client_id });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.client_products.length).toBeGreaterThan(0);
    const wrong = await magazijn.put(`/api/bundles/${id}`, { products: [ownProduct.id, otherProduct.id] });
    expect(wrong.body.errors['products.1']).toEqual(['Dit artikel hoort niet bij de klant van de bundel.']);
    const ok = await magazijn.put(`/api/bundles/${id}`, { products: [ownProduct.id] });
    expect(ok.body).toMatchObject({
      message: 'De bundelinhoud is gewijzigd',
      data: { products: [{ id: ownProduct.id }] },
    });
    expect((await magazijn.put(`/api/bundles/${id}`, { products: [] })).body.data.products).toEqual([]);
    expect((await klant.put(`/api/bundles/${id}`, { products: [] })).status).toBe(403);

    const foreign = await ctx.db
      .selectFrom('bundles')
      .select('id')
      .where('client_id', '=', otherCustomer)
      .executeTakeFirstOrThrow();
    const before = await ctx.db.selectFrom('bundle_product').selectAll().where('bundle_id', '=', foreign.id).execute();
    expect((await reseller.get(`/api/bundles/${foreign.id}`)).status).toBe(404);
    expect((await reseller.put(`/api/bundles/${foreign.id}`, { products: [] })).status).toBe(404);
    expect(await ctx.db.selectFrom('bundle_product').selectAll().where('bundle_id', '=', foreign.id).execute()).toEqual(
      before,
    );
    expect(
      (await reseller.post('/api/bundles', { name: 'X', client_id: otherCustomer })).body.errors.client_id,
    ).toEqual(['Kies een eindklant.']);
  });
});

describe('rights', () => {
  it('answers 403 without the right and 401 without a session', async () => {
    const id = ownProduct.id;
    const denied: [string, string, unknown?][] = [
      ['POST', '/api/products', newProduct(ownCustomers[0], 'F')],
      ['POST', `/api/products/${id}`, { _method: 'PUT' }],
      ['DELETE', `/api/products/${id}`],
      ['POST', `/api/products/${id}/inactive`],
      ['POST', `/api/products/${id}/active`],
      ['POST', `/api/products/${id}/prices`, { price: '1' }],
      ['POST', '/api/importstock'],
      ['GET', '/api/export-columns'],
      ['GET', '/api/exportstockcsv'],
      ['GET', `/api/exportstockitems/${id}`],
      ['POST', '/api/items', { product_id: id, serial: 'Z' }],
      ['POST', '/api/bundles', { name: 'X', client_id: 1 }],
      ['PUT', '/api/bundles/1', { products: [] }],
    ];
    for (const [method, url, body] of denied) {
      const res = await klant.request(method as 'GET', url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const anonymous = ctx.client();
    await anonymous.fetchToken();
    expect((await anonymous.get('/api/products')).status).toBe(401);
    expect((await anonymous.get(`/api/items/1`)).status).toBe(401);
    expect((await anonymous.get(`/api/products/${id}`)).status).toBe(401);
  });
});
