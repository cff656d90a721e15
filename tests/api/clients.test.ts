import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import { quotePrefixedCells, readWorkbook } from '../support/xlsx';
import type { ApiClient } from '../support/client';
import type { Address, ClientEvent, ClientListRow, Contact, MonthlyPayment } from '@domain/contracts/clients';

let ctx: TestContext;
let admin: ApiClient;
let reseller: ApiClient;
let klant: ApiClient;
let magazijn: ApiClient;
let resellerClientId: number;
let klantClientId: number;
let otherResellerId: number;
let otherEndCustomerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  reseller = await ctx.client().signIn('reseller@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  resellerClientId = (await reseller.get('/api/auth/me')).body.contact.client_id;
  klantClientId = (await klant.get('/api/auth/me')).body.contact.client_id;
  const resellers = (await admin.get('/api/getallresellers')).body as { id: number }[];
  otherResellerId = resellers.find((r) => r.id !== resellerClientId)!.id;
  otherEndCustomerId = (await admin.get(`/api/getendclientsbyparentid/${otherResellerId}`)).body[0].id;
});
afterAll(() => ctx.close());

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----portaltest${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsxFile(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Adressen');
  sheet.addRow(['Naam locatie', 'Straat', 'Huisnummer', 'Toevoeging', 'Postcode', 'Plaats', 'Land']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function addressCount(clientId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const newAddress = {
  name: 'Magazijn',
  street: 'Damrak',
  number: '12',
  addition: 'B',
  zipcode: '1012lg',
  city: 'Amsterdam',
};

describe('customer lists', () => {
  it('answers the paged shape with the columns of the tabs', async () => {
    const res = await admin.get('/api/endusers?per_page=10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 10, total: 300, last_page: 30 });
    expect(res.body.links.length).toBeGreaterThan(2);
    const row = res.body.data[0];
    expect(row).toMatchObject({ client_type_id: 4, type_name: 'Eindgebruiker' });
    expect(row.parent_name).toEqual(expect.any(String));
    expect(row.contact_name).toEqual(row.name);
    expect(row.location).toContain(row.city);
    expect((await admin.get('/api/resellers')).body.total).toBe(3);
    expect((await admin.get('/api/endcustomers')).body.total).toBe(12);
    expect((await admin.get('/api/client-list')).body.total).toBe(316);
  });

  it('searches on name, city, parent name and contact name', async () => {
    const byParent = await admin.get(`/api/endcustomers?search=${encodeURIComponent('IT Partners')}`);
    expect(byParent.body.total).toBe(3);
    expect(byParent.body.data.every((r: ClientListRow) => r.parent_name === 'IT Partners Nederland')).toBe(true);
    const byCity = await admin.get('/api/endusers?filters[all]=Maastricht');
    expect(byCity.body.total).toBeGreaterThan(0);
    expect(byCity.body.total).toBeLessThan(300);
    expect(byCity.body.data.every((r: ClientListRow) => r.city === 'Maastricht')).toBe(true);
    const reseller = (await admin.get('/api/resellers?search=Digitaal')).body.data[0];
    const contact = (await admin.get(`/api/clients/${reseller.id}`)).body.primary_contact;
    const byContact = await admin.get(
      `/api/resellers?search=${encodeURIComponent(`${contact.first_name} ${contact.last_name}`)}`,
    );
    expect(byContact.body.data.map((r: ClientListRow) => r.id)).toContain(reseller.id);
    expect((await admin.get('/api/resellers?search=bestaatniet%25')).body.total).toBe(0);
  });

  it('sorts by column and order, and filters by parent', async () => {
    const asc = (await admin.get('/api/endcustomers?sort=name&order=asc&per_page=50')).body.data.map(
      (r: ClientListRow) => r.name,
    );
    const desc = (await admin.get('/api/endcustomers?sort=name&order=desc&per_page=50')).body.data.map(
      (r: ClientListRow) => r.name,
    );
    expect(asc).toHaveLength(12);
    expect(asc[0]).not.toBe(desc[0]);
    expect(desc).toEqual([...asc].reverse());
    const filtered = await admin.get(`/api/endcustomers?filters[parent_client_id]=${resellerClientId}`);
    expect(filtered.body.total).toBe(3);
    const all = await admin.get(`/api/client-list?filters[client_type_id]=2`);
    expect(all.body.total).toBe(3);
  });

  it('pages every sort without gaps or repeats: the pages together are the whole sorted list', async () => {
    for (const sort of ['name', 'parent_name', 'contact_name', 'city', 'created_at']) {
      for (const order of ['asc', 'desc']) {
        // The first 100 of the seed's 300 end users, once as one page and once as ten.
        const whole = (await admin.get(`/api/endusers?sort=${sort}&order=${order}&per_page=100`)).body;
        const paged: unknown[] = [];
        for (let page = 1; page <= 10; page++) {
          paged.push(
            ...(await admin.get(`/api/endusers?sort=${sort}&order=${order}&per_page=10&page=${page}`)).body.data,
          );
        }
        expect(whole.data).toHaveLength(100);
        expect(paged).toEqual(whole.data);
      }
    }
  });

  it('needs the right Klant bekijken and a session', async () => {
    expect((await ctx.client().get('/api/endcustomers')).status).toBe(401);
  });
});

describe('customer hierarchy', () => {
  it('shows a reseller only its own end customers and their end users', async () => {
    const ec = await reseller.get('/api/endcustomers');
    expect(ec.body.total).toBe(3);
    expect(ec.body.data.every((r: ClientListRow) => r.parent_client_id === resellerClientId)).toBe(true);
    expect((await reseller.get('/api/resellers')).body.data.map((r: ClientListRow) => r.id)).toEqual([
      resellerClientId,
    ]);
    expect((await reseller.get('/api/endusers')).body.total).toBe(75);
    expect((await reseller.get('/api/getallendcustomers')).body).toHaveLength(3);
    expect((await reseller.get(`/api/clients/${otherEndCustomerId}`)).status).toBe(404);
    expect((await reseller.get(`/api/clients/${otherResellerId}`)).status).toBe(404);
    expect((await reseller.get(`/api/getendclientsbyparentid/${otherResellerId}`)).status).toBe(404);
    expect((await reseller.get(`/api/geteventsbyclientid/${otherEndCustomerId}`)).status).toBe(404);
    expect((await reseller.put(`/api/clients/${otherEndCustomerId}`, { name: 'Overgenomen' })).status).toBe(404);
  });

  it('shows an end customer only its own company and end users', async () => {
    const ec = await klant.get('/api/endcustomers');
    expect(ec.body.data.map((r: ClientListRow) => r.id)).toEqual([klantClientId]);
    const eu = await klant.get('/api/endusers?per_page=100');
    expect(eu.body.total).toBe(25);
    expect(eu.body.data.every((r: ClientListRow) => r.parent_client_id === klantClientId)).toBe(true);
    expect((await klant.get('/api/resellers')).body.total).toBe(0);
    expect((await klant.get(`/api/clients/${resellerClientId}`)).status).toBe(404);
    expect((await klant.get(`/api/clients/${otherEndCustomerId}`)).status).toBe(404);
    expect((await klant.get(`/api/clients/${klantClientId}`)).status).toBe(200);
  });
});

describe('lookups and the client detail', () => {
  it('gives id and name lists, and a detail variant with addresses and contacts', async () => {
    const list = await admin.get(`/api/getendclientsbyparentid/${resellerClientId}`);
    expect(list.body).toHaveLength(3);
    expect(Object.keys(list.body[0]).sort()).toEqual(['id', 'name']);
    const detail = await admin.get(`/api/getendclientsdetailbyparentid/${resellerClientId}`);
    expect(detail.body[0].addresses.length).toBeGreaterThan(0);
    expect(detail.body[0].contacts.length).toBeGreaterThan(0);
    expect(detail.body[0].visiting_address).toMatchObject({ is_visiting: true });
    expect((await admin.get('/api/getendclientsbyparentid/999999')).status).toBe(404);
    expect((await admin.get('/api/getendclientsbyparentid/abc')).status).toBe(404);
  });

  it('answers a client with its parts, and a light variant', async () => {
    const res = await admin.get(`/api/clients/${klantClientId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: klantClientId, client_type_id: 3, parent: { id: resellerClientId } });
    // The stock fields come from the stock area (stockOfClient); here only their presence counts.
    for (const field of ['products', 'bundles', 'items', 'projects', 'available_products'])
      expect(Array.isArray(res.body[field])).toBe(true);
    expect(res.body.primary_contact.id).toBe(res.body.primary_contact_id);
    expect(res.body.visiting_address.is_visiting).toBe(true);
    expect(res.body.contacts.every((c: Contact) => c.deleted_at === null)).toBe(true);
    expect(res.body.end_clients).toHaveLength(25);
    expect(res.body.created_at).toEqual(expect.any(String));
    const light = await admin.get(`/api/clients/${klantClientId}?minimum=true`);
    expect(light.body.addresses.length).toBe(res.body.addresses.length);
    expect(light.body.products).toBeUndefined();
    expect((await admin.get('/api/clients/999999')).status).toBe(404);
  });
});

describe('creating customers', () => {
  it('lets the provider create a reseller, an end customer with invoice data, and an end user', async () => {
    const r = await admin.post('/api/clients', { name: 'Nieuwe Reseller B.V.', client_type_id: 2 });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ name: 'Nieuwe Reseller B.V.', parent_client_id: 1, client_type_id: 2 });
    const ec = await admin.post('/api/clients', {
      name: 'Zorggroep Test',
      client_type_id: '3',
      parent_client_id: r.body.data.id,
      invoice_description: 'Maandelijks',
      invoice_reference: 'REF-9',
      contacts: [{ first_name: 'Piet', last_name: 'Test', phone: '0612345678', email: 'piet@test.nl' }],
      addresses: [newAddress],
    });
    expect(ec.status).toBe(201);
    expect(ec.body.data).toMatchObject({ invoice_description: 'Maandelijks', invoice_reference: 'REF-9' });
    expect(ec.body.data.addresses[0]).toMatchObject({ zipcode: '1012 LG', is_visiting: true });
    expect(ec.body.data.primary_contact_id).toBe(ec.body.data.contacts[0].id);
    // An end user comes with its in-service delivery of the end customer's stock (spec 1 §5).
    const stock = await ctx.db
      .insertInto('products')
      .values({
        client_id: ec.body.data.id,
        product_group_id: 1,
        name: 'Laptop',
        article_number: 'L-1',
        unique_product_id: 'L-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inService = {
      date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      order_number: 'ORD-EU-1',
      your_reference: 'R',
      products: [{ product_id: stock.id }],
    };
    const eu = await admin.post('/api/clients', {
      name: 'Jan Gebruiker',
      client_type_id: 4,
      parent_client_id: ec.body.data.id,
      invoice_reference: 'X',
      image: null,
      ...inService,
    });
    expect(eu.status).toBe(201);
    expect(eu.body.data.invoice_reference).toBeNull();
    const events = await admin.get(`/api/geteventsbyclientid/${ec.body.data.id}`);
    expect(events.body.map((e: ClientEvent) => e.action)).toContain('Eindklant aangemaakt');
  });

  it('answers 422 per field for bad input', async () => {
    const res = await admin.post('/api/clients', {
      name: ' ',
      client_type_id: 7,
      contacts: [{ first_name: 'A', last_name: 'B', phone: '06', email: 'geen-mail' }],
      addresses: [{ ...newAddress, zipcode: '0123 AB', number: 'twaalf' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Validatie mislukt!');
    expect(res.body.errors.name).toEqual(['Dit veld is verplicht.']);
    expect(res.body.errors.client_type_id).toEqual(['Selecteer een optie.']);
    expect(res.body.errors['contacts.0.email']).toEqual(['Vul een geldig e-mailadres in.']);
    expect(res.body.errors['addresses.0.zipcode']).toEqual(['Vul een correcte postcode en huisnummer in']);
    expect(res.body.errors['addresses.0.number']).toEqual(['Vul een correcte postcode en huisnummer in']);
  });

  it('refuses client types the user may not create and parents out of scope', async () => {
    const rr = await reseller.post('/api/clients', { name: 'Concurrent', client_type_id: 2 });
    expect(rr.status).toBe(422);
    expect(rr.body.errors.client_type_id).toEqual(['Je mag dit type klant niet aanmaken.']);
    const kk = await klant.post('/api/clients', { name: 'Dochter', client_type_id: 3 });
    expect(kk.body.errors.client_type_id).toEqual(['Je mag dit type klant niet aanmaken.']);
    const outOfScope = await reseller.post('/api/clients', {
      name: 'Eindklant X',
      client_type_id: 3,
      parent_client_id: otherResellerId,
    });
    expect(outOfScope.status).toBe(422);
    expect(outOfScope.body.errors.parent_client_id).toEqual(['Kies een geldige bovenliggende klant.']);
    const wrongLevel = await admin.post('/api/clients', {
      name: 'Gebruiker',
      client_type_id: 4,
      parent_client_id: resellerClientId,
    });
    expect(wrongLevel.body.errors.parent_client_id).toEqual(['Kies een geldige bovenliggende klant.']);
    expect(
      (await magazijn.post('/api/clients', { name: 'X', client_type_id: 4, parent_client_id: klantClientId })).status,
    ).toBe(403);
  });

  it('lets a reseller create an end customer under itself and an end customer an end user under itself', async () => {
    const ec = await reseller.post('/api/clients', { name: 'Eigen Eindklant', client_type_id: 3 });
    expect(ec.status).toBe(201);
    expect(ec.body.data.parent_client_id).toBe(resellerClientId);
    const stock = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', klantClientId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const eu = await klant.post('/api/clients', {
      name: 'Karin Nieuw',
      client_type_id: 4,
      date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      order_number: 'ORD-EU-2',
      your_reference: 'R',
      products: [{ product_id: stock.id }],
    });
    expect(eu.status).toBe(201);
    expect(eu.body.data.parent_client_id).toBe(klantClientId);
  });
});

describe('changing and deleting customers', () => {
  it('changes a customer with PUT and with POST _method=PUT', async () => {
    const put = await admin.put(`/api/clients/${otherEndCustomerId}`, { name: 'Hernoemd 1', invoice_reference: 'R-1' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'Hernoemd 1', invoice_reference: 'R-1' });
    const post = await admin.post(`/api/clients/${otherEndCustomerId}`, { _method: 'PUT', name: 'Hernoemd 2' });
    expect(post.status).toBe(200);
    expect((await admin.get(`/api/clients/${otherEndCustomerId}`)).body.name).toBe('Hernoemd 2');
    expect((await admin.post(`/api/clients/${otherEndCustomerId}`, { name: 'Zonder methode' })).status).toBe(405);
    const bad = await admin.put(`/api/clients/${otherEndCustomerId}`, { name: '', primary_contact_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toEqual(['Dit veld is verplicht.']);
    expect(bad.body.errors.primary_contact_id).toBeDefined();
    const foreignContact = await admin.put(`/api/clients/${otherEndCustomerId}`, {
      name: 'Hernoemd 3',
      primary_contact_id: 1,
    });
    expect(foreignContact.body.errors.primary_contact_id).toBeDefined();
    const events = (await admin.get(`/api/geteventsbyclientid/${otherEndCustomerId}`)).body;
    expect(events.filter((e: ClientEvent) => e.action === 'Eindklant gewijzigd')).toHaveLength(2);
    expect((await magazijn.put(`/api/clients/${otherEndCustomerId}`, { name: 'X' })).status).toBe(403);
  });

  it('refuses to delete a customer with active sub-clients, deletes a leaf softly', async () => {
    const refused = await admin.delete(`/api/clients/${otherEndCustomerId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Deze klant heeft nog actieve subklanten en kan niet worden verwijderd.');
    const user = (await admin.get(`/api/getendclientsbyparentid/${otherEndCustomerId}`)).body[0];
    expect((await reseller.delete(`/api/clients/${user.id}`)).status).toBe(403);
    const deleted = await admin.delete(`/api/clients/${user.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.get(`/api/clients/${user.id}`)).status).toBe(404);
    const row = await ctx.db
      .selectFrom('clients')
      .select('deleted_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(
      (await admin.get(`/api/getendclientsbyparentid/${otherEndCustomerId}`)).body.map((c: { id: number }) => c.id),
    ).not.toContain(user.id);
    expect((await admin.delete('/api/clients/1')).status).toBe(409);
  });
});

describe('addresses', () => {
  it('adds, changes and deletes an address with the postcode rule', async () => {
    const created = await reseller.post('/api/addresses', {
      ...newAddress,
      client_id: klantClientId,
      is_visiting: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ zipcode: '1012 LG', street: 'Damrak', is_visiting: true });
    const detail = (await reseller.get(`/api/clients/${klantClientId}`)).body;
    expect(detail.visiting_address.id).toBe(created.body.data.id);
    expect(detail.addresses.filter((a: Address) => a.is_visiting)).toHaveLength(1);
    const listed = async () =>
      (await reseller.get('/api/endcustomers?per_page=100')).body.data.find(
        (r: { id: number }) => r.id === klantClientId,
      );
    expect((await listed()).location).toBe('Damrak 12B, Amsterdam');

    const bad = await reseller.post('/api/addresses', {
      client_id: klantClientId,
      street: '',
      number: '1a',
      zipcode: '1234 SA',
      city: 'X',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.zipcode).toEqual(['Vul een correcte postcode en huisnummer in']);
    expect(bad.body.errors.number).toEqual(['Vul een correcte postcode en huisnummer in']);
    expect(bad.body.errors.street).toEqual(['Dit veld is verplicht.']);
    expect((await reseller.post('/api/addresses', { ...newAddress })).body.errors.client_id).toBeDefined();
    expect((await reseller.post('/api/addresses', { ...newAddress, client_id: otherEndCustomerId })).status).toBe(404);

    const id = created.body.data.id;
    const changed = await reseller.put(`/api/addresses/${id}`, { ...newAddress, street: 'Rokin', zipcode: '1012 KK' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ street: 'Rokin', zipcode: '1012 KK' });
    expect((await listed()).location).toBe('Rokin 12B, Amsterdam');
    expect(
      (await reseller.put(`/api/addresses/${id}`, { ...newAddress, zipcode: '1012' })).body.errors.zipcode,
    ).toEqual(['Vul een correcte postcode en huisnummer in']);
    const foreign = (await admin.get(`/api/clients/${otherEndCustomerId}`)).body.addresses[0].id;
    expect((await reseller.put(`/api/addresses/${foreign}`, newAddress)).status).toBe(404);
    expect((await klant.delete(`/api/addresses/${id}`)).status).toBe(403);
    expect((await magazijn.post('/api/addresses', { ...newAddress, client_id: klantClientId })).status).toBe(403);
    expect((await reseller.delete(`/api/addresses/${id}`)).status).toBe(200);
    expect(
      (await reseller.get(`/api/clients/${klantClientId}`)).body.addresses.map((a: Address) => a.id),
    ).not.toContain(id);
    const actions = (await reseller.get(`/api/geteventsbyclientid/${klantClientId}`)).body.map(
      (e: ClientEvent) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Adres toegevoegd/), expect.stringMatching(/^Adres verwijderd/)]),
    );
  });

  it('looks a postcode up in known addresses and in the postcode ranges', async () => {
    const known = (await admin.get(`/api/clients/${klantClientId}`)).body.addresses.at(-1);
    const hit = await klant.get(
      `/api/postal-code?postal_code=${encodeURIComponent(known.zipcode.replace(' ', '').toLowerCase())}`,
    );
    expect(hit.status).toBe(200);
    expect(hit.body.city).toBe(known.city);
    expect(hit.body.street).toEqual(expect.any(String));
    const range = await klant.get('/api/postal-code?postal_code=1099XX');
    expect(range.body).toEqual({ street: '', city: 'Amsterdam' });
    const unknown = await klant.get('/api/postal-code?postal_code=9999ZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Postcode niet gevonden. Vul straat en plaats zelf in.');
    const invalid = await klant.get('/api/postal-code?postal_code=0999ZZ');
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.postal_code).toEqual(['Vul een correcte postcode en huisnummer in']);
    expect((await ctx.client().get('/api/postal-code?postal_code=1011AB')).status).toBe(401);
  });
});

describe('address import', () => {
  it('imports every row of an Excel file', async () => {
    const before = await addressCount(klantClientId);
    const file = await xlsxFile([
      ['Vestiging 1', 'Coolsingel', 10, '', '3011 AD', 'Rotterdam', 'Nederland'],
      ['', 'Oudegracht', '5', 'A', '3511AB', 'Utrecht', ''],
    ]);
    const form = multipart({ id: String(klantClientId) }, { name: 'adressen.xlsx', data: file });
    const res = await klant.post('/api/importcustomeraddresses', form.payload, form.headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Adressen zijn geïmporteerd', imported: 2 });
    expect(await addressCount(klantClientId)).toBe(before + 2);
  });

  it('imports nothing when one row is bad, from Excel and from CSV', async () => {
    const before = await addressCount(klantClientId);
    const file = await xlsxFile([
      ['A', 'Coolsingel', 10, '', '3011 AD', 'Rotterdam', ''],
      ['B', 'Oudegracht', 5, '', '0511 AB', 'Utrecht', ''],
    ]);
    const form = multipart({ id: String(klantClientId) }, { name: 'adressen.xlsx', data: file });
    const res = await klant.post('/api/importcustomeraddresses', form.payload, form.headers);
    expect(res.status).toBe(422);
    expect(res.body.errors['rows.3.zipcode']).toEqual(['Vul een correcte postcode en huisnummer in']);
    expect(res.body.errors.file[0]).toBe('Rij 3: Vul een correcte postcode en huisnummer in');
    const csvBad =
      'Naam locatie;Straat;Huisnummer;Toevoeging;Postcode;Plaats;Land\nA;Damrak;1;;1012 LG;Amsterdam;\nB;;2;;1012 LG;Amsterdam;\n';
    const form2 = multipart({ id: String(klantClientId) }, { name: 'adressen.csv', data: Buffer.from(csvBad) });
    const res2 = await klant.post('/api/importcustomeraddresses', form2.payload, form2.headers);
    expect(res2.status).toBe(422);
    expect(res2.body.errors['rows.3.street']).toEqual(['Dit veld is verplicht.']);
    expect(await addressCount(klantClientId)).toBe(before);

    const csvGood =
      'Naam locatie,Straat,Huisnummer,Toevoeging,Postcode,Plaats,Land\n"Kantoor, boven",Damrak,1,,1012 LG,Amsterdam,\n';
    const form3 = multipart({ id: String(klantClientId) }, { name: 'adressen.csv', data: Buffer.from(csvGood) });
    const res3 = await klant.post('/api/importcustomeraddresses', form3.payload, form3.headers);
    expect(res3.body.imported).toBe(1);
    const names = (await klant.get(`/api/clients/${klantClientId}`)).body.addresses.map((a: Address) => a.name);
    expect(names).toContain('Kantoor, boven');
  });

  it('requires a file of the right type and a client in scope', async () => {
    const noFile = multipart({ id: String(klantClientId) });
    const r1 = await klant.post('/api/importcustomeraddresses', noFile.payload, noFile.headers);
    expect(r1.status).toBe(422);
    expect(r1.body.errors.file).toEqual(['Kies een bestand.']);
    const pdf = multipart({ id: String(klantClientId) }, { name: 'adressen.pdf', data: Buffer.from('%PDF') });
    expect((await klant.post('/api/importcustomeraddresses', pdf.payload, pdf.headers)).body.errors.file).toEqual([
      'Alleen .csv of Excel bestanden zijn toegestaan.',
    ]);
    const fake = multipart({ id: String(klantClientId) }, { name: 'adressen.xlsx', data: Buffer.from('geen excel') });
    expect((await klant.post('/api/importcustomeraddresses', fake.payload, fake.headers)).body.errors.file).toEqual([
      'Alleen .csv of Excel bestanden zijn toegestaan.',
    ]);
    const json = await klant.post('/api/importcustomeraddresses', { id: klantClientId });
    expect(json.body.errors.file).toEqual(['Kies een bestand.']);
    const file = await xlsxFile([['A', 'Damrak', 1, '', '1012 LG', 'Amsterdam', '']]);
    const foreign = multipart({ id: String(otherEndCustomerId) }, { name: 'a.xlsx', data: file });
    expect((await klant.post('/api/importcustomeraddresses', foreign.payload, foreign.headers)).status).toBe(404);
    const noRight = multipart({ id: String(klantClientId) }, { name: 'a.xlsx', data: file });
    expect((await magazijn.post('/api/importcustomeraddresses', noRight.payload, noRight.headers)).status).toBe(403);
  });
});

describe('monthly payments', () => {
  it('stores prices in cents and replaces the set', async () => {
    const res = await admin.post(`/api/clients/${klantClientId}/monthly-payment`, {
      monthlypayment: [
        { description: 'Beheer', price: '12.50' },
        { description: 'Opslag', price: '7' },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await ctx.db
      .selectFrom('monthly_payments')
      .select(['description', 'price_cents'])
      .where('client_id', '=', klantClientId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { description: 'Beheer', price_cents: 1250 },
      { description: 'Opslag', price_cents: 700 },
    ]);
    const detail = (await admin.get(`/api/clients/${klantClientId}`)).body;
    expect(detail.monthly_payments.map((m: MonthlyPayment) => m.price)).toEqual(['12.50', '7.00']);
    await admin.post(`/api/clients/${klantClientId}/monthly-payment`, {
      monthlypayment: [{ description: 'Alleen dit', price: '1.05' }],
    });
    expect((await admin.get(`/api/clients/${klantClientId}`)).body.monthly_payments).toMatchObject([
      { description: 'Alleen dit', price: '1.05', price_cents: 105 },
    ]);
  });

  it('answers 422 per row field and 403 without Factuur beheren', async () => {
    const bad = await admin.post(`/api/clients/${klantClientId}/monthly-payment`, {
      monthlypayment: [
        { description: '', price: '12.505' },
        { description: 'X', price: 'abc' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['monthlypayment.0.description']).toEqual(['Dit veld is verplicht.']);
    expect(bad.body.errors['monthlypayment.0.price']).toEqual(['Vul een geldig bedrag in, bijvoorbeeld 12,50.']);
    expect(bad.body.errors['monthlypayment.1.price']).toEqual(['Vul een geldig bedrag in, bijvoorbeeld 12,50.']);
    expect(
      (await admin.post(`/api/clients/${klantClientId}/monthly-payment`, {})).body.errors.monthlypayment,
    ).toBeDefined();
    expect((await reseller.post(`/api/clients/${klantClientId}/monthly-payment`, { monthlypayment: [] })).status).toBe(
      403,
    );
  });
});

describe('export', () => {
  it('downloads a real xlsx with the rows of the tab and search', async () => {
    const res = await admin.get('/api/exportcrmcsv?tab=endusers&search=Maastricht&sort=name&order=desc');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="klanten-\d{8}-\d{6}\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as Buffer as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'ID',
      'Naam',
      'Rol',
      'Straat',
      'Huisnummer',
      'Plaats',
      'Bovenliggende klant',
      'Contactpersoon',
      'Aangemaakt op',
    ]);
    const list = (await admin.get('/api/endusers?search=Maastricht&sort=name&order=desc&per_page=200')).body;
    expect(sheet.actualRowCount - 1).toBe(list.total);
    expect(sheet.getRow(2).getCell(2).value).toBe(list.data[0].name);
    expect(sheet.getRow(2).getCell(6).value).toBe('Maastricht');
    expect(sheet.getRow(2).getCell(3).value).toBe('Eindgebruiker');
  });

  it('gives text that a spreadsheet would take for a formula a quote prefix, so it stays text when edited', async () => {
    const names = [
      '=HYPERLINK("https://evil.example","klik")',
      '+31 6 1234 5678',
      '-2+3',
      '@SUM(A1)',
      'Formule = tekst B.V.',
    ];
    for (const name of names) expect((await admin.post('/api/clients', { name, client_type_id: 2 })).status).toBe(201);
    const res = await admin.get('/api/exportcrmcsv?tab=resellers&sort=name&order=asc');
    expect(res.status).toBe(200);
    const sheet = (await readWorkbook(res.body)).worksheets[0]!;
    const rowOf = (name: string) => sheet.getColumn(2).values.indexOf(name);
    // Still the text itself, not a formula.
    for (const name of names) expect(rowOf(name), name).toBeGreaterThan(1);
    const prefixed = await quotePrefixedCells(res.body);
    for (const name of names.slice(0, 4)) expect(prefixed, name).toContain(`B${rowOf(name)}`);
    expect(prefixed).not.toContain(`B${rowOf('Formule = tekst B.V.')}`);
    expect(prefixed.every((cell) => cell.startsWith('B'))).toBe(true);
  });

  it('keeps the hierarchy and needs Klant exporteren', async () => {
    const res = await reseller.get('/api/exportcrmcsv?tab=endcustomers');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as Buffer as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount - 1).toBe((await reseller.get('/api/endcustomers')).body.total);
    expect((await klant.get('/api/exportcrmcsv')).status).toBe(403);
    const filtered = await admin.get(
      `/api/exportcrmcsv?tab=endcustomers&filters[parent_client_id]=${resellerClientId}`,
    );
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(filtered.body as Buffer as unknown as ArrayBuffer);
    const listed = (await admin.get(`/api/endcustomers?filters[parent_client_id]=${resellerClientId}`)).body.total;
    expect(listed).toBeLessThan(12);
    expect(wb2.worksheets[0]!.actualRowCount - 1).toBe(listed);
  });
});

describe('activity history', () => {
  it("lists a client's events newest first with the status name", async () => {
    await ctx.db
      .insertInto('events')
      .values({
        client_id: klantClientId,
        action: 'Status gewijzigd',
        status_id: 3,
        created_at: new Date('2100-01-01T10:00:00Z'),
      })
      .execute();
    const res = await klant.get(`/api/geteventsbyclientid/${klantClientId}`);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ action: 'Status gewijzigd', status_name: 'In gebruik' });
    const times = res.body.map((e: ClientEvent) => new Date(e.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
