import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import type { ApiClient } from '../support/client';
import { multipartBody } from '../support/multipart';
import { xlsxBomb } from '../support/zip-bomb';

let ctx: TestContext;
let admin: ApiClient;
let klant: ApiClient;
let magazijn: ApiClient;
let klantClientId: number;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/users")</script></svg>');
const SANDBOX = "sandbox; default-src 'none'";

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.client().signIn('beheerder@demo.local');
  klant = await ctx.client().signIn('klant@demo.local');
  magazijn = await ctx.client().signIn('magazijn@demo.local');
  klantClientId = (await klant.get('/api/auth/me')).body.contact.client_id;
});
afterAll(() => ctx.close());

const product = (suffix: string) => ({
  name: `Upload ${suffix}`,
  description: 'Voor de test',
  product_group_id: '1',
  article_number: `UPL-${suffix}`,
  unique_product_id: `UPL-${suffix}`,
  eol: '36',
  client_id: String(klantClientId),
});

async function postForm(
  client: ApiClient,
  url: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipartBody>[1] = {},
) {
  const form = multipartBody(fields, files);
  return client.post(url, form.payload, form.headers);
}

const count = async (table: 'items' | 'addresses' | 'products') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('product images', () => {
  it('refuses an SVG and any file whose bytes are not a raster image, whatever its name and type claim', async () => {
    const before = await count('products');
    const lies = [
      { name: 'logo.svg', data: SVG, type: 'image/svg+xml' },
      { name: 'foto.png', data: SVG, type: 'image/png' },
      { name: 'foto.gif', data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/gif' },
      { name: 'foto.bmp', data: Buffer.from('BM this is no image'), type: 'image/bmp' },
      { name: 'foto.pdf', data: Buffer.from('%PDF-1.7 not an image'), type: 'image/jpeg' },
    ];
    for (const [i, image] of lies.entries()) {
      const res = await postForm(admin, '/api/products', product(`lie${i}`), { image });
      expect(res.status, image.name).toBe(422);
      expect(res.body.errors, image.name).toEqual({ image: ['Het bestand moet een afbeelding zijn.'] });
    }
    expect(await count('products')).toBe(before);
    const folder = path.join(ctx.dataDir, 'files', 'products');
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });

  it('accepts a real image sent as SVG and serves it under its checked type, inline, with nosniff and a sandbox', async () => {
    const created = await postForm(admin, '/api/products', product('png'), {
      image: { name: 'evil.svg', data: PNG, type: 'image/svg+xml' },
    });
    expect(created.status).toBe(201);
    const image = await admin.get(created.body.data.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe(SANDBOX);
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="artikel-\d+\.png"/);
    expect(Buffer.from(image.body as Buffer)).toEqual(PNG);

    const edited = await postForm(
      admin,
      `/api/products/${created.body.data.id}`,
      { ...product('png'), _method: 'PUT' },
      { image: { name: 'x.png', data: GIF, type: 'image/png' } },
    );
    expect(edited.status).toBe(200);
    const gif = await admin.get(created.body.data.image);
    expect(gif.headers['content-type']).toBe('image/gif');
  });

  it('serves a file stored before uploads were checked as a download that cannot run', async () => {
    const created = await postForm(admin, '/api/products', product('old'), {
      image: { name: 'a.png', data: PNG, type: 'image/png' },
    });
    const row = await ctx.db
      .selectFrom('products')
      .select('image')
      .where('id', '=', created.body.data.id)
      .executeTakeFirstOrThrow();
    fs.writeFileSync(path.join(ctx.dataDir, 'files', row.image!), SVG);
    const res = await admin.get(created.body.data.image);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="artikel-\d+"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(SANDBOX);

    fs.rmSync(path.join(ctx.dataDir, 'files', row.image!));
    const gone = await admin.get(created.body.data.image);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Niet gevonden' });
  });
});

describe('broken multipart bodies', () => {
  const routes = ['/api/products', '/api/importstock', '/api/importcustomeraddresses'];
  const client = () => admin;

  it('answers 400 in Dutch for a body without boundary, a cut-off body and a garbled body', async () => {
    const form = multipartBody(
      { id: String(klantClientId) },
      { file: { name: 'a.csv', data: Buffer.from('a;b\n'.repeat(1000)) } },
    );
    for (const url of routes) {
      const noBoundary = await client().post(url, form.payload, { 'content-type': 'multipart/form-data' });
      expect(noBoundary.status, `${url} no boundary`).toBe(400);
      expect(noBoundary.body, url).toEqual({ message: 'Het formulier is niet goed verstuurd. Probeer het opnieuw.' });

      const cutOff = await client().post(url, form.payload.subarray(0, form.payload.length - 200), form.headers);
      expect(cutOff.status, `${url} cut off`).toBe(400);
      expect(cutOff.body, url).toEqual({ message: 'Het formulier is niet goed verstuurd. Probeer het opnieuw.' });

      const garbled = await client().post(
        url,
        Buffer.from(`--${form.boundary}\r\nno headers here\r\n\r\n`),
        form.headers,
      );
      expect(garbled.status, `${url} garbled`).toBeGreaterThanOrEqual(400);
      expect(garbled.status, `${url} garbled`).toBeLessThan(500);
      expect(garbled.body.message, url).toMatch(/^(Het formulier|Validatie mislukt)/);
    }
  });

  it('answers 4xx in Dutch for a body that is not multipart at all', async () => {
    for (const url of routes) {
      const text = await client().post(url, 'Artikelnummer;Serienummer', { 'content-type': 'text/plain' });
      expect(text.status, url).toBe(422);
      expect(text.body.message, url).toBe('Validatie mislukt!');
      expect(Object.keys(text.body.errors).length, url).toBeGreaterThan(0);
      const urlencoded = await client().post(url, 'file=voorraad.csv', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(urlencoded.status, url).toBe(415);
      expect(urlencoded.body, url).toEqual({ message: 'Dit type gegevens wordt niet ondersteund.' });
      const badJson = await client().post(url, '{"id":', { 'content-type': 'application/json' });
      expect(badJson.status, url).toBe(400);
      expect(badJson.body, url).toEqual({ message: 'De verzonden gegevens zijn geen geldige JSON.' });
    }
  });
});

describe('import limits', () => {
  const heading = 'Naam locatie;Straat;Huisnummer;Toevoeging;Postcode;Plaats;Land\n';
  const addressCsv = (rows: number) => Buffer.from(heading + 'A;Damrak;1;;1012 LG;Amsterdam;\n'.repeat(rows));
  const importAddresses = (name: string, data: Buffer) =>
    postForm(klant, '/api/importcustomeraddresses', { id: String(klantClientId) }, { file: { name, data } });
  const importStock = (name: string, data: Buffer) =>
    postForm(magazijn, '/api/importstock', {}, { file: { name, data } });

  it('refuses a CSV with more than 5,000 rows or a cell longer than Excel allows, and imports nothing', async () => {
    const before = [await count('addresses'), await count('items')];
    const addresses = await importAddresses('adressen.csv', addressCsv(5001));
    expect(addresses.status).toBe(422);
    expect(addresses.body.errors).toEqual({ file: ['Het bestand bevat te veel regels (maximaal 5000).'] });
    const stock = await importStock(
      'voorraad.csv',
      Buffer.from('Artikelnummer;Serienummer\n' + 'ABC;SN\n'.repeat(200_000)),
    );
    expect(stock.status).toBe(422);
    expect(stock.body.errors).toEqual({ file: ['Het bestand bevat te veel regels (maximaal 5000).'] });
    const longCell = await importStock(
      'voorraad.csv',
      Buffer.from(`Artikelnummer;Serienummer\nABC;${'x'.repeat(5_000_000)}\n`),
    );
    expect(longCell.status).toBe(422);
    expect(longCell.body.errors).toEqual({ file: ['Het bestand is uitgepakt te groot (maximaal 32 MB).'] });
    expect([await count('addresses'), await count('items')]).toEqual(before);
  });

  it('imports a CSV of exactly 5,000 addresses', async () => {
    const before = await count('addresses');
    const res = await importAddresses('adressen.csv', addressCsv(5000));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(5000);
    expect(await count('addresses')).toBe(before + 5000);
  });

  it('refuses an .xlsx that is really a text file, a zip without a sheet and a binary .csv', async () => {
    expect((await importAddresses('adressen.xlsx', addressCsv(3))).body.errors).toEqual({
      file: ['Alleen .csv of Excel bestanden zijn toegestaan.'],
    });
    expect(
      (await importStock('voorraad.xlsx', Buffer.from('Artikelnummer;Serienummer\nABC;SN\n'))).body.errors,
    ).toEqual({
      file: ['Alleen .csv of Excel bestanden zijn toegestaan.'],
    });
    const emptyZip = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
    expect(
      (await importStock('voorraad.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), emptyZip]))).body.errors,
    ).toEqual({
      file: ['Alleen .csv of Excel bestanden zijn toegestaan.'],
    });
    expect((await importStock('voorraad.csv', PNG)).body.errors).toEqual({
      file: ['Alleen .csv of Excel bestanden zijn toegestaan.'],
    });
  });

  // Building the four bombs takes most of the wall time (26-29 s on a busy 2-core machine): the
  // bound asserted is the server's CPU per bomb, so the test's own time limit is wider.
  it('stops a decompression bomb at the row limit or the unpacked-size limit, quickly', async () => {
    const before = [await count('addresses'), await count('items')];
    const tooLarge = 'Het bestand is uitgepakt te groot (maximaal 32 MB).';
    const tooManyRows = 'Het bestand bevat te veel regels (maximaal 5000).';
    const cases = [
      { bomb: await xlsxBomb({ megabytes: 480, shape: 'rows' }), message: tooLarge },
      { bomb: await xlsxBomb({ megabytes: 480, shape: 'rows', lie: true }), message: tooManyRows },
      { bomb: await xlsxBomb({ megabytes: 100, shape: 'blank', lie: true }), message: tooLarge },
      { bomb: await xlsxBomb({ megabytes: 100, shape: 'cell', lie: true }), message: tooLarge },
    ];
    for (const { bomb, message } of cases) {
      // The server runs in this process: its CPU time is the work the bomb caused, whatever else the
      // machine is doing (a 480 MB unpack alone takes far longer than the bound).
      const started = process.cpuUsage();
      const addresses = await importAddresses('adressen.xlsx', bomb);
      expect(addresses.status).toBe(422);
      expect(addresses.body.errors).toEqual({ file: [message] });
      const stock = await importStock('voorraad.xlsx', bomb);
      expect(stock.status).toBe(422);
      expect(stock.body.errors).toEqual({ file: [message] });
      const cpu = process.cpuUsage(started);
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(10_000);
    }
    expect([await count('addresses'), await count('items')]).toEqual(before);
  }, 120_000);
});
