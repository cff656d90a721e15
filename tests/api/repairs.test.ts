import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstEndUserOf } from '../support/hierarchy';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { multipartBody } from '../support/multipart';
import { readWorkbook } from '../support/xlsx';
import { ClientType, DeliveryType, ItemStatus, repairStatuses } from '@domain/enums';
import { DAY_MS } from '@domain/quotation';
import type { RepairDetail, RepairFile } from '@domain/contracts/repairs';

let ctx: TestContext;
let admin: ApiClient;
let magazijn: ApiClient;
let klant: ApiClient;
let reseller: ApiClient;
let endUser: number;
let endCustomer: number;
let productId: number;
let serial = 0;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const future = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

function postForm(client: ApiClient, url: string, files: Parameters<typeof multipartBody>[1]) {
  const form = multipartBody({}, files);
  return client.post(url, form.payload, form.headers);
}

/** A repair requested through the API for a fresh item of the end user. */
async function newRepair(holder = endUser) {
  const item = await ctx.db
    .insertInto('items')
    .values({
      product_id: productId,
      client_id: holder,
      status_id: ItemStatus.IN_GEBRUIK,
      serial: `REPTEST${++serial}`,
    })
    .returning(['id', 'serial'])
    .executeTakeFirstOrThrow();
  const res = await admin.post('/api/deliveries', {
    delivery_type_id: DeliveryType.REPARATIE,
    client_id: holder,
    contact: 'Jan Gebruiker',
    contact_email: 'jan@klant.nl',
    contact_phone: '0612345678',
    order_number: `ORD-REP-${serial}`,
    your_reference: 'REF-R',
    date: future(5),
    w_number: `W-REP-${serial}`,
    products: [{ item_id: item.id, is_pickup: 1 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id as number, order: res.body.data.order_number as string, item };
}

const uploadQuotation = (client: ApiClient, id: number, data = PDF, name = 'offerte.pdf') =>
  postForm(client, `/api/deliveries/${id}/add-quotation`, { quotation: { name, data, type: 'application/pdf' } });
const setClock = (at: Date) => {
  ctx.app.config.now = () => at;
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  endCustomer = (await klant.get('/api/auth/me')).body.contact.client_id;
  endUser = await firstEndUserOf(ctx.db, endCustomer);
  productId = (
    await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', endCustomer)
      .where('deleted_at', 'is', null)
      .where('product_group_id', '!=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterEach(() => {
  ctx.app.config.now = () => new Date();
});
afterAll(() => ctx.close());

describe('repair list and export', () => {
  it('finds a repair by order number and serial, within the hierarchy only', async () => {
    const r = await newRepair();
    const byOrder = await klant.get(`/api/repairdeliveries?search=${r.order}`);
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.data).toEqual([
      expect.objectContaining({
        id: r.id,
        order_number: r.order,
        serials: r.item.serial,
        w_number: `W-REP-${serial}`,
        end_user_name: expect.any(String),
        status: { id: ItemStatus.REPARATIE_AANGEVRAAGD, name: 'Reparatie aangevraagd' },
        finished_repair: null,
      }),
    ]);
    const bySerial = await klant.get(`/api/repairdeliveries?search=${r.item.serial}&filters[client]=${endCustomer}`);
    expect(bySerial.body.data.map((x: { id: number }) => x.id)).toEqual([r.id]);
    // Only repairs: another type's order number is not found here.
    const all = await admin.get('/api/repairdeliveries?per_page=200');
    const ids = all.body.data.map((x: { id: number }) => x.id);
    const types = await ctx.db.selectFrom('deliveries').select('delivery_type_id').where('id', 'in', ids).execute();
    expect(new Set(types.map((t) => t.delivery_type_id))).toEqual(new Set([DeliveryType.REPARATIE]));
    // Another reseller's end user's repair is not in this reseller's list.
    const foreignUser = await ctx.db
      .selectFrom('clients as u')
      .innerJoin('clients as c', 'c.id', 'u.parent_client_id')
      .select('u.id')
      .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
      .where('c.parent_client_id', 'not in', [(await reseller.get('/api/auth/me')).body.contact.client_id])
      .where('c.parent_client_id', '!=', 1)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    const foreignProduct = await ctx.db
      .selectFrom('products')
      .select('id')
      .where(
        'client_id',
        '=',
        (
          await ctx.db
            .selectFrom('clients')
            .select('parent_client_id')
            .where('id', '=', foreignUser.id)
            .executeTakeFirstOrThrow()
        ).parent_client_id!,
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const keep = productId;
    productId = foreignProduct.id;
    const foreign = await newRepair(foreignUser.id);
    productId = keep;
    expect((await reseller.get(`/api/repairdeliveries?search=${foreign.order}`)).body.total).toBe(0);
    expect((await reseller.get(`/api/repairs/${foreign.id}`)).status).toBe(404);
    expect((await reseller.get(`/api/geteventsbyrepairid/${foreign.id}`)).status).toBe(404);
    expect((await admin.get(`/api/repairs/${foreign.id}`)).status).toBe(200);
  });

  it('keeps the total and the pages of every user equal to the repairs counted, through finish, cancel and delete (issue 24)', async () => {
    const users = [
      ['admin', admin, null],
      ['reseller', reseller, 'reseller'],
      ['klant', klant, 'klant'],
    ] as const;
    const scopeOf = async (client: ApiClient) => (await client.get('/api/auth/me')).body.contact.client_id as number;
    const scopes = { reseller: await scopeOf(reseller), klant: await scopeOf(klant) };
    async function expectExact(label: string) {
      for (const [who, client, scoped] of users) {
        const own = scoped ? scopes[scoped] : null;
        const { rows: counted } = await sql<{
          id: number;
        }>`select d.id from deliveries d join clients c on c.id = d.client_id left join clients p on p.id = c.parent_client_id
          where d.delivery_type_id = ${DeliveryType.REPARATIE} and d.deleted_at is null and not d.is_cancelled
            and (${own}::int is null or d.client_id = ${own} or c.parent_client_id = ${own} or p.parent_client_id = ${own})
          order by d.created_at desc, d.id desc`.execute(ctx.db);
        const first = (await client.get('/api/repairdeliveries?per_page=200')).body;
        expect(first.total, `${label} (${who})`).toBe(counted.length);
        expect(
          first.data.map((x: { id: number }) => x.id),
          `${label} (${who})`,
        ).toEqual(counted.slice(0, 200).map((r) => r.id));
        const second = (await client.get('/api/repairdeliveries?per_page=2&page=2')).body;
        expect(
          second.data.map((x: { id: number }) => x.id),
          `${label} (${who}, page 2)`,
        ).toEqual(counted.slice(2, 4).map((r) => r.id));
      }
    }
    await expectExact('start');
    const [a, b, c] = [await newRepair(), await newRepair(), await newRepair()];
    await expectExact('three requested');
    await ctx.db
      .updateTable('deliveries')
      .set({ finished_repair: new Date(), completed_at: new Date() })
      .where('id', '=', a.id)
      .execute();
    await expectExact('one finished');
    expect((await admin.post('/api/delivery/cancel', { id: b.id })).status).toBe(200);
    await expectExact('one cancelled');
    await ctx.db.updateTable('deliveries').set({ deleted_at: new Date() }).where('id', '=', c.id).execute();
    await expectExact('one deleted');
    // A page past the end: no rows, the total all the same.
    const past = (await admin.get('/api/repairdeliveries?page=999')).body;
    expect(past.data).toEqual([]);
    expect(past.total).toBe((await admin.get('/api/repairdeliveries')).body.total);
  });

  it("shows a repair's defect lines as they are now: a line added or removed, a serial corrected, a product renamed, two lines written at once", async () => {
    const r = await newRepair();
    const shown = async () => {
      const row = (await admin.get(`/api/repairdeliveries?search=${r.order}`)).body.data[0] as {
        serials: string | null;
        products: string | null;
      };
      return { serials: row.serials?.split(', ').sort(), products: row.products?.split(', ').sort() };
    };
    const product = await ctx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const other = await ctx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('client_id', '=', endCustomer)
      .where('id', '!=', productId)
      .where('name', '!=', product.name)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const newItem = (of: number) =>
      ctx.db
        .insertInto('items')
        .values({ product_id: of, client_id: endUser, status_id: ItemStatus.IN_GEBRUIK, serial: `REPTEST${++serial}` })
        .returning(['id', 'serial'])
        .executeTakeFirstOrThrow();
    const line = (item: { id: number }, of: number, isPickup = 1) => ({
      delivery_id: r.id,
      product_id: of,
      item_id: item.id,
      is_pickup: isPickup,
    });
    expect(await shown()).toEqual({ serials: [r.item.serial], products: [product.name] });

    const second = await newItem(other.id);
    await ctx.db.insertInto('delivery_products').values(line(second, other.id)).execute();
    // A line to deliver is no defect line.
    await ctx.db
      .insertInto('delivery_products')
      .values(line(await newItem(other.id), other.id, 0))
      .execute();
    expect(await shown()).toEqual({
      serials: [r.item.serial, second.serial].sort(),
      products: [product.name, other.name].sort(),
    });

    await ctx.db
      .updateTable('items')
      .set({ serial: `${second.serial}-B` })
      .where('id', '=', second.id)
      .execute();
    await ctx.db
      .updateTable('products')
      .set({ name: `${other.name} (nieuw)` })
      .where('id', '=', other.id)
      .execute();
    expect(await shown()).toEqual({
      serials: [r.item.serial, `${second.serial}-B`].sort(),
      products: [product.name, `${other.name} (nieuw)`].sort(),
    });
    await ctx.db.updateTable('products').set({ name: other.name }).where('id', '=', other.id).execute();

    await ctx.db
      .deleteFrom('delivery_products')
      .where('delivery_id', '=', r.id)
      .where('item_id', '=', second.id)
      .execute();
    expect(await shown()).toEqual({ serials: [r.item.serial], products: [product.name] });

    // Two transactions add a line each at the same time: the second waits for the first and counts its line too.
    const [third, fourth] = [await newItem(productId), await newItem(other.id)];
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('delivery_products').values(line(third, productId)).execute();
      await pause(200);
    });
    await pause(50);
    const later = ctx.db
      .transaction()
      .execute((trx) => trx.insertInto('delivery_products').values(line(fourth, other.id)).execute());
    await Promise.all([first, later]);
    expect(await shown()).toEqual({
      serials: [r.item.serial, third.serial, fourth.serial].sort(),
      products: [product.name, other.name].sort(),
    });
  });

  it("sorts on every column both ways as the export's single statement does (the page picks its ids first)", async () => {
    await newRepair();
    for (const sort of [
      'order_number',
      'serial',
      'products',
      'client',
      'end_user_name',
      'created_at',
      'completed_at',
      'w_number',
      'status',
    ]) {
      for (const order of ['asc', 'desc']) {
        const list = (await admin.get(`/api/repairdeliveries?sort=${sort}&order=${order}&per_page=200`)).body.data as {
          order_number: string | null;
        }[];
        const sheet = (await readWorkbook((await admin.get(`/api/exportrepair?sort=${sort}&order=${order}`)).body))
          .worksheets[0]!;
        const exported = sheet
          .getColumn(1)
          .values.slice(2)
          .map((v) => v ?? null);
        expect(exported.length).toBeGreaterThan(2);
        expect(
          list.map((r) => r.order_number),
          `${sort} ${order}`,
        ).toEqual(exported.slice(0, 200));
      }
    }
  });

  it('exports the same query as a timestamped .xlsx, with the right Reparaties exporteren', async () => {
    const r = await newRepair();
    const res = await reseller.get(`/api/exportrepair?search=${r.order}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="reparaties-\d{8}-\d{6}\.xlsx"/);
    const sheet = (await readWorkbook(res.body)).getWorksheet('Reparaties')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Ordernummer',
      'Serienummer',
      'Producten',
      'Eindklant',
      'Eindgebruiker',
      'Datum melding',
      'Afgerond op',
      'Topdesknummer',
      'Status',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(r.order);
    expect(sheet.getRow(2).getCell(2).value).toBe(r.item.serial);
    expect((await klant.get('/api/exportrepair')).status).toBe(403);
  });

  it('answers 404 for a delivery that is not a repair', async () => {
    const other = await ctx.db
      .selectFrom('deliveries')
      .select('id')
      .where('delivery_type_id', '!=', DeliveryType.REPARATIE)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/api/repairs/${other.id}`)).status).toBe(404);
    expect((await admin.post(`/api/deliveries/${other.id}/change-repair-status`, { status: 14 })).status).toBe(404);
  });
});

describe('repair status', () => {
  it('takes the six statuses in any order; the defect item follows and the history shows each', async () => {
    const r = await newRepair();
    for (const status of [
      ItemStatus.REPARATIE_AFGEROND,
      ItemStatus.REPARATIE_ONTVANGEN,
      ItemStatus.WACHTEN_OP_GOEDKEURING_OFFERTE,
    ]) {
      const res = await magazijn.post(`/api/deliveries/${r.id}/change-repair-status`, { status: String(status) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe('De status is aangepast');
      expect(res.body.data.status.id).toBe(status);
      expect(
        (await ctx.db.selectFrom('items').select('status_id').where('id', '=', r.item.id).executeTakeFirstOrThrow())
          .status_id,
      ).toBe(status);
      if (status === ItemStatus.REPARATIE_AFGEROND) expect(res.body.data.finished_repair).not.toBeNull();
      else expect(res.body.data.finished_repair).toBeNull();
    }
    const detail = (await klant.get(`/api/repairs/${r.id}`)).body;
    expect(detail.action_log.map((e: { action: string }) => e.action)).toEqual([
      'Wachten op goedkeuring offerte',
      'Reparatie ontvangen',
      'Reparatie afgerond',
      'Reparatie aangevraagd',
    ]);
    expect(detail.action_log[0].user).toEqual({ name: 'Mark Magazijn' });
    const events = (await klant.get(`/api/geteventsbyrepairid/${r.id}`)).body;
    expect(
      events.find(
        (e: { item_id: number | null; status_name: string }) =>
          e.item_id === r.item.id && e.status_name === 'Reparatie ontvangen',
      ),
    ).toMatchObject({ serial: r.item.serial, product_name: expect.any(String), user_name: 'Mark Magazijn' });
  });

  it('shows at most 5 activity entries, newest first', async () => {
    const r = await newRepair();
    for (const status of [14, 15, 16, 17, 18, 14])
      await magazijn.post(`/api/deliveries/${r.id}/change-repair-status`, { status });
    const log = (await admin.get(`/api/repairs/${r.id}`)).body.action_log;
    expect(log.map((e: { action: string }) => e.action)).toEqual([
      'Reparatie ontvangen',
      'Wachten op goedkeuring offerte',
      'Wachten op onderdelen',
      'Reparatie afgerond',
      'Reparatie in behandeling',
    ]);
  });

  it('refuses an unknown status (422), a user without Levering wijzigen (403) and a cancelled repair', async () => {
    const r = await newRepair();
    const bad = await magazijn.post(`/api/deliveries/${r.id}/change-repair-status`, { status: ItemStatus.IN_GEBRUIK });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ['Kies een status.'] });
    expect((await magazijn.post(`/api/deliveries/${r.id}/change-repair-status`, {})).status).toBe(422);
    expect((await klant.post(`/api/deliveries/${r.id}/change-repair-status`, { status: 14 })).status).toBe(403);
    expect((await admin.post('/api/delivery/cancel', { id: r.id })).status).toBe(200);
    const cancelled = await magazijn.post(`/api/deliveries/${r.id}/change-repair-status`, { status: 14 });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.message).toBe('Er is helaas iets fout gegaan bij het wijzigen van de status');
  });
});

describe('repair images', () => {
  it('takes several images at once, serves one, and deletes one', async () => {
    const r = await newRepair();
    const res = await postForm(magazijn, `/api/deliveries/${r.id}/add-images`, {
      'files[]': [
        { name: 'voor.png', data: PNG, type: 'image/png' },
        { name: 'achter.jpg', data: JPEG, type: 'image/jpeg' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Afbeeldingen zijn geüpload');
    const images = res.body.data.images as RepairFile[];
    expect(images.map((i) => i.name)).toEqual(['voor.png', 'achter.jpg']);
    const [front, back] = images as [RepairFile, RepairFile];
    const shown = await klant.get(back.original_url);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(shown.body as Buffer, JPEG)).toBe(0);
    const removed = await magazijn.post(`/api/deliveries/${r.id}/remove-image`, { image: front.id });
    expect(removed.status).toBe(200);
    expect(removed.body.data.images.map((i: { id: number }) => i.id)).toEqual([back.id]);
    expect((await klant.get(front.original_url)).status).toBe(404);
    const again = await magazijn.post(`/api/deliveries/${r.id}/remove-image`, { image: front.id });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      message: 'Afbeeldingen kunnen niet worden verwijderd',
      errors: { image: ['Deze afbeelding hoort niet bij deze reparatie.'] },
    });
  });

  it('refuses a file that is not an image by its content, whatever its name, and stores none of the batch', async () => {
    const r = await newRepair();
    const res = await postForm(magazijn, `/api/deliveries/${r.id}/add-images`, {
      'files[]': [
        { name: 'goed.png', data: PNG, type: 'image/png' },
        { name: 'nep.png', data: PDF, type: 'image/png' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'files.1': ['Het bestand moet een afbeelding zijn.'] });
    const none = await postForm(magazijn, `/api/deliveries/${r.id}/add-images`, {});
    expect(none.status).toBe(422);
    expect((await admin.get(`/api/repairs/${r.id}`)).body.images).toEqual([]);
    expect(
      (await postForm(klant, `/api/deliveries/${r.id}/add-images`, { files: { name: 'a.png', data: PNG } })).status,
    ).toBe(403);
  });
});

describe('quotation', () => {
  it('is uploaded, deleted and mailed by a Superuser only (403 for others), and takes a PDF only', async () => {
    const r = await newRepair();
    expect((await uploadQuotation(magazijn, r.id)).status).toBe(403);
    const notPdf = await uploadQuotation(admin, r.id, PNG, 'offerte.pdf');
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.errors).toEqual({ quotation: ['Het bestand moet een PDF zijn.'] });
    const up = await uploadQuotation(admin, r.id);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.message).toBe('Offerte is geüpload');
    expect(up.body.data.quotation).toMatchObject({
      name: 'offerte.pdf',
      status_quotation: null,
      validity: { text: 'Offerte is nog 30 dag(en) geldig', can_decide: true },
    });
    const second = await uploadQuotation(admin, r.id);
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      message: 'Offerte kan niet worden geüpload',
      errors: { quotation: ['Er is al een offerte. Verwijder die eerst.'] },
    });
    const download = await klant.get(`/api/deliveries/${r.id}/quotation`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await magazijn.post(`/api/deliveries/${r.id}/remove-quotation`)).status).toBe(403);
    const contact = up.body.data.mail_contacts[0];
    expect((await magazijn.post(`/api/deliveries/${r.id}/mail-quotation/${contact.id}`)).status).toBe(403);
    expect(
      (
        await magazijn.post(`/api/deliveries/${r.id}`, {
          _method: 'PUT',
          onlyChangeRepairDescription: true,
          repair_description: 'x',
        })
      ).status,
    ).toBe(403);
  });

  it("mails the PDF to a contact of the customer; another client's contact is refused", async () => {
    const r = await newRepair();
    await uploadQuotation(admin, r.id);
    const detail = (await admin.get(`/api/repairs/${r.id}`)).body;
    const [to] = detail.mail_contacts as RepairDetail['mail_contacts'];
    if (!to) throw new Error('The repair offers no contact to mail.');
    const stranger = await ctx.db
      .selectFrom('contacts')
      .select('id')
      .where('client_id', 'not in', [endUser, endCustomer])
      .where('email', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const refused = await admin.post(`/api/deliveries/${r.id}/mail-quotation/${stranger.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'Offerte kan niet worden verzonden',
      errors: { contact: ['Kies een contactpersoon.'] },
    });
    // A deleted contact of the customer is no choice either.
    const deleted = await ctx.db
      .insertInto('contacts')
      .values({
        client_id: endCustomer,
        first_name: 'Weg',
        last_name: 'Contact',
        email: 'weg@klant.nl',
        deleted_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin.post(`/api/deliveries/${r.id}/mail-quotation/${deleted.id}`)).status).toBe(422);
    const sent = await admin.post(`/api/deliveries/${r.id}/mail-quotation/${to.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('Offerte is verzonden');
    const mails = await ctx.mail.to(to.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain(`Offerte reparatie ${r.order}`);
    expect(mail?.raw).toMatch(/Content-Type: application\/pdf; name=offerte\.pdf/);
    expect(mail?.raw).toContain(PDF.toString('base64').slice(0, 40));
  });

  it('may be accepted on day 29 but not on day 30 (days of 86,400,000 ms)', async () => {
    const t0 = new Date();
    const expired = await newRepair();
    const valid = await newRepair();
    setClock(t0);
    await uploadQuotation(admin, expired.id);
    await uploadQuotation(admin, valid.id);

    setClock(new Date(t0.getTime() + 30 * DAY_MS));
    const late = await klant.get(`/api/repairs/${expired.id}`);
    expect(late.body.quotation.validity).toMatchObject({ text: 'Offerte is verlopen', can_decide: false });
    expect(late.body.can.decide_quotation).toBe(false);
    const refused = await klant.post(`/api/deliveries/${expired.id}/accept-or-deny-quotation`, { status: 'Accept' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ status: ['Offerte is verlopen'] });

    const day29 = new Date(t0.getTime() + 30 * DAY_MS - 1);
    setClock(day29);
    expect((await klant.get(`/api/repairs/${valid.id}`)).body.quotation.validity).toMatchObject({
      age_days: 29,
      text: 'Offerte is nog 1 dag(en) geldig',
      can_decide: true,
    });
    const accepted = await klant.post(`/api/deliveries/${valid.id}/accept-or-deny-quotation`, { status: 'Accept' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({
      message: 'Offerte geaccepteerd',
      status_quotation: 'Accept',
      date_quotation: day29.toISOString(),
    });
    expect(accepted.body.data.action_log[0]).toMatchObject({
      action: 'Offerte geaccepteerd',
      user: { name: 'Karin Klant' },
    });
    // Decided once: no second decision, and an accepted quotation stays.
    expect(
      (await klant.post(`/api/deliveries/${valid.id}/accept-or-deny-quotation`, { status: 'Decline' })).status,
    ).toBe(422);
    const remove = await admin.post(`/api/deliveries/${valid.id}/remove-quotation`);
    expect(remove.status).toBe(422);
    expect(remove.body).toMatchObject({
      message: 'Offerte kan niet worden verwijderd',
      errors: { quotation: ['Een geaccepteerde offerte kan niet worden verwijderd.'] },
    });
    expect(
      (await klant.post(`/api/deliveries/${valid.id}/accept-or-deny-quotation`, { status: 'Misschien' })).status,
    ).toBe(422);
  });

  it('is refused and then deleted, which resets both flags', async () => {
    const r = await newRepair();
    await uploadQuotation(admin, r.id);
    const declined = await klant.post(`/api/deliveries/${r.id}/accept-or-deny-quotation`, { status: 'Decline' });
    expect(declined.body).toMatchObject({
      message: 'Offerte geweigerd',
      status_quotation: 'Decline',
      date_quotation: expect.any(String),
    });
    const removed = await admin.post(`/api/deliveries/${r.id}/remove-quotation`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ quotation: null, status_quotation: null, date_quotation: null });
    expect((await klant.get(`/api/deliveries/${r.id}/quotation`)).status).toBe(404);
    expect((await uploadQuotation(admin, r.id)).status).toBe(201);
  });
});

describe('remarks', () => {
  it('are saved by a Superuser only', async () => {
    const r = await newRepair();
    const body = {
      _method: 'PUT',
      onlyChangeRepairDescription: true,
      repair_description: 'Scherm vervangen, garantie loopt.',
    };
    expect((await magazijn.post(`/api/deliveries/${r.id}`, body)).status).toBe(403);
    const saved = await admin.post(`/api/deliveries/${r.id}`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Opmerkingen zijn opgeslagen');
    const detail = (await magazijn.get(`/api/repairs/${r.id}`)).body;
    expect(detail.repair_description).toBe(body.repair_description);
    expect(detail.can).toMatchObject({ edit_remarks: false, upload_quotation: false, change_status: true });
    // The whole edit cannot change them either, but may send them unchanged.
    expect(
      (await magazijn.post(`/api/deliveries/${r.id}`, { _method: 'PUT', repair_description: 'Anders' })).status,
    ).toBe(403);
    expect(
      (
        await magazijn.post(`/api/deliveries/${r.id}`, {
          _method: 'PUT',
          repair_description: body.repair_description,
          w_number: 'W-NIEUW',
        })
      ).status,
    ).toBe(200);
    expect((await admin.get(`/api/repairs/${r.id}`)).body).toMatchObject({
      repair_description: body.repair_description,
      w_number: 'W-NIEUW',
    });
  });
});

describe('demo data', () => {
  it('has repairs in every status and quotations pending, accepted, refused and expired, none dated in the future', async () => {
    const seeded = await ctx.db
      .selectFrom('deliveries')
      .select(['id', 'repair_status_id', 'status_quotation', 'date_quotation', 'finished_repair'])
      .where('delivery_type_id', '=', DeliveryType.REPARATIE)
      .where('order_number', 'like', 'LEV-%')
      .execute();
    expect(new Set(seeded.map((d) => d.repair_status_id ?? ItemStatus.REPARATIE_AANGEVRAAGD))).toEqual(
      new Set(repairStatuses),
    );
    const media = await ctx.db
      .selectFrom('repair_media')
      .select(['delivery_id', 'disk', 'created_at'])
      .where(
        'delivery_id',
        'in',
        seeded.map((d) => d.id),
      )
      .execute();
    expect(media.some((m) => m.disk === 'images')).toBe(true);
    const now = Date.now();
    const states = media
      .filter((m) => m.disk === 'quotations')
      .map((m) => {
        const d = seeded.find((x) => x.id === m.delivery_id)!;
        if (d.status_quotation) return d.status_quotation;
        return now - new Date(m.created_at).getTime() >= 30 * DAY_MS ? 'expired' : 'pending';
      });
    expect(new Set(states)).toEqual(new Set(['Accept', 'Decline', 'expired', 'pending']));
    for (const at of [
      ...media.map((m) => m.created_at),
      ...seeded.flatMap((d) => [d.date_quotation, d.finished_repair]),
    ]) {
      if (at) expect(new Date(at).getTime()).toBeLessThanOrEqual(now);
    }
  });
});
