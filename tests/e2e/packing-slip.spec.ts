import path from 'node:path';
import type { NotNull } from 'kysely';
import { ClientType, DeliveryType } from '@domain/enums';
import { pdfPageImages, pdfPages } from '../support/pdf';
import { expect, test } from './fixtures';
import { downloadedPdf } from './downloads';

// Issue 46 point 10: the packing slip a warehouse prints shows what the driver takes back under 'Retour' on its first
// page, and the end customer's logo once the office has given the customer one.
const LOGO_FILE = path.join(import.meta.dirname, 'files', 'logo.png');
/** tests/e2e/files/logo.png is 160 × 80 pixels: no other picture on the slip has that size. */
const LOGO = { width: 160, height: 80 };

test('the packing slip of an Uitdienst lists the items picked up under Retour on page 1, with the logo', async ({
  page,
  browser,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // An Uitdienst of the demo data that picks items up, and the end customer its end user belongs to.
  const delivery = await portal.db
    .selectFrom('deliveries as d')
    .innerJoin('clients as eu', 'eu.id', 'd.client_id')
    .innerJoin('clients as ek', 'ek.id', 'eu.parent_client_id')
    .select(['d.id', 'ek.id as customer', 'ek.name as customer_name'])
    .where('d.delivery_type_id', '=', DeliveryType.UITDIENST)
    .where('d.deleted_at', 'is', null)
    .where('eu.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .where('ek.image', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('delivery_products as l')
          .select('l.id')
          .whereRef('l.delivery_id', '=', 'd.id')
          .where('l.is_pickup', '=', 1)
          .where('l.item_id', 'is not', null),
      ),
    )
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  const pickedUp = await portal.db
    .selectFrom('delivery_products as l')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .select('i.serial')
    .where('l.delivery_id', '=', delivery.id)
    .where('l.is_pickup', '=', 1)
    .where('i.serial', 'is not', null)
    .$narrowType<{ serial: NotNull }>()
    .execute();
  expect(pickedUp.length).toBeGreaterThan(0);

  const printSlip = async () => {
    await page.goto(`/leveringen/${delivery.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print pakbon' }).click();
    return downloadedPdf(await download);
  };

  await signedInAs('magazijn@demo.local');
  await test.step('the warehouse prints the slip: Retour with every item picked up on page 1, no logo yet', async () => {
    const slip = await printSlip();
    const [first] = await pdfPages(slip);
    expect(first).toContain('PAKBON');
    expect(first).toMatch(/Retour\s+Artikelcode\s+Omschrijving\s+Aantal/);
    const retour = first!.slice(first!.indexOf('Retour'));
    for (const { serial } of pickedUp) expect(retour).toContain(`(${serial})`);
    expect(await pdfPageImages(slip, 1)).not.toContainEqual(LOGO);
  });

  await test.step('the office, at its own desk, gives the end customer a logo', async () => {
    const desk = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 800 } });
    await signedInAs('beheerder@demo.local', desk);
    const office = await desk.newPage();
    await office.goto(`/klant/${delivery.customer}`);
    const header = office.getByRole('region', { name: delivery.customer_name });
    await header.getByRole('button', { name: 'Wijzigen', exact: true }).click();
    const edit = office.getByRole('dialog', { name: 'Klant wijzigen' });
    await edit.getByLabel('Logo').setInputFiles(LOGO_FILE);
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit).toBeHidden();
    await expect(header.getByRole('img', { name: `Logo van ${delivery.customer_name}` })).toBeVisible();
    await desk.close();
  });

  await test.step('the slip printed again carries that logo on page 1', async () => {
    const slip = await printSlip();
    expect(await pdfPageImages(slip, 1)).toContainEqual(LOGO);
    expect((await pdfPages(slip))[0]).toContain('Retour');
  });
});

test('a GIF chosen as logo is refused at the field, in Dutch, before anything is sent', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const customer = await portal.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${customer.id}`);
  const header = page.getByRole('region', { name: customer.name });
  await header.getByRole('button', { name: 'Wijzigen', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Klant wijzigen' });
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await edit.getByLabel('Logo').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: gif });
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit.locator('.customer-logo-field .field-error')).toHaveText(
    'Het logo moet een PNG- of JPEG-afbeelding zijn.',
  );
  const stored = await portal.db.selectFrom('clients').select('image').where('id', '=', customer.id).executeTakeFirst();
  expect(stored?.image).toBeNull();
});
