import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect, type Portal } from './fixtures';
import { ClientType, DeliveryType } from '@domain/enums';

/**
 * Every upload field of the portal, over the plain HTTP/1.1 server the fixture starts, with real
 * files chosen as a user does (tests/e2e/files, or written to disk first). Chrome sends a streamed
 * request body only over HTTP/2; an upload with progress must therefore not stream (issue 21).
 */
const file = (name: string) => path.join(import.meta.dirname, 'files', name);
const stored = (portal: Portal, key: string | null) => fs.readFileSync(path.join(portal.dataDir, 'files', key!));

/** Lets the browser send at most this many bytes a second, so the progress of an upload is seen. */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** A part of the file sent, not yet all: the bar the user watches during a large upload. */
const partlySent = /^([1-9]|[1-9]\d)% geüpload$/;

/** An end customer of the demo data with active articles, and an article of its own to import onto. */
async function customerWithArticle(portal: Portal) {
  const client = await portal.db
    .selectFrom('clients as c')
    .select(['c.id', 'c.name'])
    .where('c.client_type_id', '=', ClientType.EINDKLANT)
    .where('c.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('products as p')
          .select('p.id')
          .whereRef('p.client_id', '=', 'c.id')
          .where('p.is_active', '=', true)
          .where('p.deleted_at', 'is', null),
      ),
    )
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const product = await portal.db
    .insertInto('products')
    .values({
      client_id: client.id,
      product_group_id: 1,
      name: 'Importartikel E2E',
      article_number: 'E2E-IMPORT',
      unique_product_id: 'E2E-IMPORT',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { client, productId: product.id };
}

const serialsOf = (portal: Portal, productId: number) =>
  portal.db
    .selectFrom('items')
    .select('serial')
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .orderBy('serial')
    .execute();

test('stock: an import with a bad row names the row, a large import shows its progress and is stored, a new article keeps its image', async ({
  page,
  portal,
  signedInAs,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { client, productId } = await customerWithArticle(portal);
  await signedInAs('beheerder@demo.local');
  await page.goto('/voorraad');

  // A bad second data row: the dialog names its row as the spreadsheet does (the headings are row 1), and nothing is
  // imported.
  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Voorraad importeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voorraad importeren' });
  await dialog.getByLabel('Bestand').setInputFiles(file('voorraad-fout.csv'));
  await dialog.getByRole('button', { name: 'Importeren' }).click();
  const errors = dialog.getByRole('alert', { name: 'Afgekeurde regels' });
  await expect(errors.getByRole('listitem')).toHaveText(['Rij 3: Onbekend artikelnummer. (kolom Artikelnummer)']);
  await expect(page.getByRole('alert').filter({ hasText: 'Voorraad is niet geïmporteerd' })).toContainText(
    'Rij 3: Onbekend artikelnummer.',
  );
  await page.screenshot({ path: '.tmp/shots/uploads-stock-import-row-error.png' });
  expect(await serialsOf(portal, productId)).toEqual([]);

  // 3000 rows at 40 kB/s: the user sees the part sent grow, then the import is stored whole.
  const rows = Array.from(
    { length: 3000 },
    (_, i) => `E2E-IMPORT;E2E-SN-${String(i + 1).padStart(5, '0')};ORD-E2E;;;Nee;Eindklant`,
  );
  const large = testInfo.outputPath('voorraad-groot.csv');
  fs.writeFileSync(
    large,
    ['Artikelnummer;Serienummer;Ordernummer;MAC adres;Asset ID;DaaS (Ja/Nee);Voorraadeigenaar', ...rows].join('\r\n'),
  );
  await dialog.getByLabel('Bestand').setInputFiles(large);
  const restore = await slowUploads(page, 40_000);
  await dialog.getByRole('button', { name: 'Importeren' }).click();
  await expect(dialog.getByText(partlySent)).toBeVisible();
  const bar = dialog.getByRole('progressbar', { name: 'Voortgang uploaden' });
  await expect.poll(() => bar.evaluate((p: HTMLProgressElement) => p.value)).toBeGreaterThan(0);
  await page.screenshot({ path: '.tmp/shots/uploads-stock-import-progress.png' });
  await expect(dialog.getByRole('button', { name: 'Importeren' })).toBeDisabled();
  await expect(page.getByRole('status')).toContainText('Voorraad is geïmporteerd (3000 items)', { timeout: 60_000 });
  await restore();
  await expect(dialog).toBeHidden();
  const imported = await serialsOf(portal, productId);
  expect(imported).toHaveLength(3000);
  expect(imported[0]!.serial).toBe('E2E-SN-00001');
  expect(imported[2999]!.serial).toBe('E2E-SN-03000');

  // A new article with a photo: the progress of the image shows, and the server keeps the very bytes.
  await page.getByRole('button', { name: 'Voorraad aanmaken' }).click();
  const create = page.getByRole('dialog', { name: 'Voorraad aanmaken' });
  await create.getByLabel('Eindklant').selectOption(String(client.id));
  await create.getByLabel('Artikelomschrijving').fill('Laptop met foto E2E');
  await create.getByLabel('Productgroep').selectOption({ index: 1 });
  await create.getByLabel('Artikelnummer').fill('E2E-FOTO');
  await create.getByLabel('Uniek product ID').fill('E2E-FOTO-1');
  await create.getByLabel('Afbeelding').setInputFiles(file('laptop-foto.png'));
  const restoreImage = await slowUploads(page, 40_000);
  await create.getByRole('button', { name: 'Opslaan' }).click();
  await expect(create.getByText(partlySent)).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/uploads-product-image-progress.png' });
  await expect(page.getByRole('status')).toContainText('Artikel is aangemaakt', { timeout: 30_000 });
  await restoreImage();
  const article = await portal.db
    .selectFrom('products')
    .select(['image', 'client_id'])
    .where('article_number', '=', 'E2E-FOTO')
    .executeTakeFirstOrThrow();
  expect(article.client_id).toBe(client.id);
  expect(stored(portal, article.image).equals(fs.readFileSync(file('laptop-foto.png')))).toBe(true);
});

test('customer: an address import with a bad row names the row, the good Excel file is stored; a new logo is kept', async ({
  page,
  portal,
  signedInAs,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { client } = await customerWithArticle(portal);
  const addressCount = async () =>
    (await portal.db.selectFrom('addresses').select('street').where('client_id', '=', client.id).execute()).map(
      (a) => a.street,
    );
  const before = await addressCount();
  await signedInAs('beheerder@demo.local');
  await page.goto(`/klant/${client.id}`);

  const locations = page.getByRole('region', { name: 'Mijn locaties' });
  await locations.getByRole('button', { name: 'Importeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adressen importeren' });
  await dialog.getByLabel('Bestand (.csv of Excel)').setInputFiles(file('adressen-fout.csv'));
  await dialog.getByRole('button', { name: 'Importeren' }).click();
  await expect(dialog.getByRole('alert', { name: 'Afgekeurde regels' }).getByRole('listitem')).toHaveText([
    'Rij 3: Vul een correcte postcode en huisnummer in (kolom Postcode)',
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'Adressen zijn niet geïmporteerd' })).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/uploads-address-import-row-error.png' });
  expect(await addressCount()).toEqual(before);

  // The same rows as an Excel file, as the template is filled in.
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Adressen');
  for (const line of fs.readFileSync(file('adressen.csv'), 'utf8').trim().split('\n')) sheet.addRow(line.split(';'));
  const excel = testInfo.outputPath('adressen.xlsx');
  await book.xlsx.writeFile(excel);
  await dialog.getByLabel('Bestand (.csv of Excel)').setInputFiles(excel);
  await dialog.getByRole('button', { name: 'Importeren' }).click();
  await expect(page.getByRole('status')).toContainText('Adressen zijn geïmporteerd');
  await expect(dialog).toBeHidden();
  expect((await addressCount()).sort()).toEqual([...before, 'Havenstraat', 'Stationsweg'].sort());
  await expect(locations).toContainText('Havenstraat');

  // Logo: the customer's own header shows it, and the server keeps the file as chosen.
  const header = page.getByRole('region', { name: client.name });
  await header.getByRole('button', { name: 'Wijzigen', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Klant wijzigen' });
  await edit.getByLabel('Logo').setInputFiles(file('logo.png'));
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  await expect
    .poll(() =>
      header
        .getByRole('img', { name: `Logo van ${client.name}` })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(160);
  const saved = await portal.db
    .selectFrom('clients')
    .select('image')
    .where('id', '=', client.id)
    .executeTakeFirstOrThrow();
  expect(stored(portal, saved.image).equals(fs.readFileSync(file('logo.png')))).toBe(true);
});

test('repair: images with progress and a quotation PDF are stored', async ({ page, portal, signedInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const repair = await portal.db
    .selectFrom('deliveries as d')
    .select(['d.id'])
    .where('d.delivery_type_id', '=', DeliveryType.REPARATIE)
    .where('d.is_cancelled', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('repair_media as m').select('m.id').whereRef('m.delivery_id', '=', 'd.id'))),
    )
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  const media = (disk: 'images' | 'quotations') =>
    portal.db
      .selectFrom('repair_media')
      .select(['name', 'file'])
      .where('delivery_id', '=', repair.id)
      .where('disk', '=', disk)
      .orderBy('id')
      .execute();
  await signedInAs('beheerder@demo.local');
  await page.goto(`/reparaties/${repair.id}`);

  const images = page.getByRole('region', { name: 'Afbeeldingen' });
  const restore = await slowUploads(page, 40_000);
  await images.getByLabel('Afbeeldingen kiezen').setInputFiles([file('laptop-foto.png'), file('defect-scherm.png')]);
  await expect(images.getByText(partlySent)).toBeVisible();
  await expect(images.getByText('Afbeelding 1 van 2')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/uploads-repair-images-progress.png' });
  await expect(page.getByRole('status')).toContainText('Afbeeldingen zijn geüpload', { timeout: 30_000 });
  await restore();
  await expect(images.getByRole('button', { name: /openen$/ })).toHaveCount(2);
  const storedImages = await media('images');
  expect(storedImages.map((m) => m.name)).toEqual(['laptop-foto.png', 'defect-scherm.png']);
  expect(stored(portal, storedImages[0]!.file).equals(fs.readFileSync(file('laptop-foto.png')))).toBe(true);
  expect(stored(portal, storedImages[1]!.file).equals(fs.readFileSync(file('defect-scherm.png')))).toBe(true);

  // The anti-forgery token went stale (419): the upload fetches a fresh one and is sent again, once.
  const sent: string[] = [];
  await page.route('**/api/deliveries/*/add-quotation', (route) => {
    const token = sent.length === 0 ? 'verlopen' : route.request().headers()['x-xsrf-token']!;
    sent.push(token);
    return route.continue({ headers: { ...route.request().headers(), 'x-xsrf-token': token } });
  });
  const quotation = page.getByRole('region', { name: 'Offerte' });
  await quotation.getByLabel('Offerte kiezen').setInputFiles(file('offerte.pdf'));
  await expect(page.getByRole('status')).toContainText('Offerte is geüpload');
  expect(sent).toHaveLength(2);
  expect(sent[1]).not.toBe('verlopen');
  await expect(quotation.getByRole('button', { name: 'offerte.pdf' })).toBeVisible();
  const storedQuotation = await media('quotations');
  expect(storedQuotation.map((m) => m.name)).toEqual(['offerte.pdf']);
  expect(stored(portal, storedQuotation[0]!.file).equals(fs.readFileSync(file('offerte.pdf')))).toBe(true);
  await page.screenshot({ path: '.tmp/shots/uploads-repair-stored.png', fullPage: true });
});

test('bulk call-off: the chosen file is stored with the delivery and linked on its page', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { client } = await customerWithArticle(portal);
  await signedInAs('beheerder@demo.local');
  await page.goto('/voorraad');
  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Voorraad afroepen' }).click();
  const bulk = page.getByRole('dialog', { name: 'Voorraad afroepen' });
  await bulk.getByLabel('Eindklant').selectOption(String(client.id));
  await bulk.getByRole('group', { name: 'Verwachte aantallen' }).getByRole('spinbutton').first().fill('2');
  await bulk.getByLabel('Ordernummer').fill('E2E-BULK-BESTAND');
  const inFiveDays = new Date(Date.now() + 5 * 86_400_000);
  const date = bulk.getByLabel('Leverdatum');
  await date.fill(
    `${String(inFiveDays.getDate()).padStart(2, '0')}-${String(inFiveDays.getMonth() + 1).padStart(2, '0')}-${inFiveDays.getFullYear()}`,
  );
  await date.press('Tab');
  await bulk.getByLabel('Bestand').setInputFiles(file('afroep.csv'));
  await bulk.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(page.getByText('De bulk levering is aangevraagd')).toBeVisible();
  const delivery = await portal.db
    .selectFrom('deliveries')
    .select(['id', 'file', 'file_name'])
    .where('order_number', '=', 'E2E-BULK-BESTAND')
    .executeTakeFirstOrThrow();
  expect(delivery.file_name).toBe('afroep.csv');
  expect(stored(portal, delivery.file).equals(fs.readFileSync(file('afroep.csv')))).toBe(true);
  await page.goto(`/leveringen/${delivery.id}`);
  await expect(page.getByRole('link', { name: 'afroep.csv' })).toBeVisible();
});
