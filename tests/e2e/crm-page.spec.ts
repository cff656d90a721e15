import fs from 'node:fs';
import { test, expect, type Portal } from './fixtures';
import { pdfText } from '../support/pdf';
import { readWorkbook } from '../support/xlsx';
import { signaturePng } from '../support/png';
import { ClientType, ItemStatus } from '@domain/enums';

// One walk through the customer page: long on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

/** A seeded end customer with active articles, an open pre-notification and items in use with its end users. */
async function endCustomer(portal: Portal) {
  return portal.db
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
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('asns as a')
          .select('a.id')
          .whereRef('a.client_id', '=', 'c.id')
          .where('a.completed_at', 'is', null)
          .where('a.deleted_at', 'is', null),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('items as i')
          .innerJoin('clients as u', 'u.id', 'i.client_id')
          .select('i.id')
          .whereRef('u.parent_client_id', '=', 'c.id')
          .where('i.status_id', '=', ItemStatus.IN_GEBRUIK)
          .where('i.deleted_at', 'is', null),
      ),
    )
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
}

const crumbs = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Kruimelpad' });

test('customer page: breadcrumb, invoice downloads, stock and pre-notification modals from the panels, logo; new customer with postcode lookup and a failed creation', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const client = await endCustomer(portal);
  await signedInAs('beheerder@demo.local');
  await page.goto(`/klant/${client.id}`);
  await expect(page.getByRole('heading', { name: client.name, level: 2 })).toBeVisible();

  // Breadcrumb: 'Dashboard' (the user may see the dashboard) and the client's name.
  await test.step("breadcrumb: Dashboard and the customer's name", async () => {
    await expect(crumbs(page).getByRole('link')).toHaveText(['Dashboard']);
    await expect(crumbs(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    await expect(crumbs(page)).toContainText(client.name);
  });

  // Invoice generation: years 2022 up to this year, this month chosen; both files download.
  await test.step('invoice: years and months offered, both files downloaded', async () => {
    const now = new Date();
    await page.getByRole('button', { name: 'Factuur genereren' }).click();
    const invoice = page.getByRole('dialog', { name: 'Factuur genereren' });
    const years = await invoice.getByLabel('Jaar').locator('option').allTextContents();
    expect(years[0]).toBe('2022');
    expect(years.at(-1)).toBe(String(now.getFullYear()));
    await expect(invoice.getByLabel('Jaar')).toHaveValue(String(now.getFullYear()));
    await expect(invoice.getByLabel('Maand')).toHaveValue(String(now.getMonth() + 1));
    await expect(invoice.getByLabel('Maand').locator('option')).toHaveCount(12);
    await page.screenshot({ path: '.tmp/shots/crm-invoice-modal.png' });
    const overviewDownload = page.waitForEvent('download');
    await invoice.getByRole('button', { name: 'Download factuuroverzicht' }).click();
    const overview = await overviewDownload;
    expect(overview.suggestedFilename()).toMatch(/^factuuroverzicht-\d{4}-\d{2}-.+\.pdf$/);
    const pdf = (await pdfText(fs.readFileSync((await overview.path())!))).replace(/\s+/g, ' ');
    expect(pdf).toContain('Factuuroverzicht');
    expect(pdf).toContain(client.name);
    expect(pdf).toContain('Totaal incl. btw');
    const attachmentDownload = page.waitForEvent('download');
    await invoice.getByRole('button', { name: 'Download bijlage' }).click();
    const attachment = await attachmentDownload;
    expect(attachment.suggestedFilename()).toMatch(/^factuurbijlage-\d{4}-\d{2}-.+\.xlsx$/);
    const sheet = (await readWorkbook(fs.readFileSync((await attachment.path())!))).worksheets[0]!;
    // A header row and at least one item in use.
    expect(sheet.actualRowCount).toBeGreaterThan(1);
    await invoice.getByRole('button', { name: 'Sluiten' }).click();
    await expect(invoice).toBeHidden();
  });

  // 'Actieve voorraad': a new article for this customer, then changed from its row.
  await test.step("'Actieve voorraad' and 'Voormeldingen' open their own modals, preset to the customer", async () => {
    const stockPanel = page.getByRole('region', { name: 'Actieve voorraad', exact: true });
    await stockPanel.getByRole('button', { name: 'Voorraad aanmaken' }).click();
    const newArticle = page.getByRole('dialog', { name: 'Voorraad aanmaken' });
    await expect(newArticle.getByLabel('Eindklant')).toHaveValue(String(client.id));
    await expect(newArticle.getByLabel('Eindklant')).toBeDisabled();
    await newArticle.getByLabel('Artikelomschrijving').fill('E2E Dockingstation');
    await newArticle.getByLabel('Productgroep').selectOption({ index: 1 });
    await newArticle.getByLabel('Artikelnummer').fill('E2E-DOCK');
    await newArticle.getByLabel('Uniek product ID').fill('E2E-DOCK-1');
    await page.screenshot({ path: '.tmp/shots/crm-stock-modal.png' });
    await newArticle.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Artikel is aangemaakt')).toBeVisible();
    await expect(newArticle).toBeHidden();
    const created = await portal.db
      .selectFrom('products')
      .select(['id', 'client_id'])
      .where('article_number', '=', 'E2E-DOCK')
      .executeTakeFirstOrThrow();
    expect(created.client_id).toBe(client.id);
    const row = stockPanel.locator('tbody tr', { hasText: 'E2E-DOCK' });
    await expect(row).toContainText('E2E Dockingstation');
    await row.getByRole('button', { name: 'E2E Dockingstation wijzigen' }).click();
    const editArticle = page.getByRole('dialog', { name: 'Artikel bewerken' });
    await expect(editArticle.getByLabel('Artikelomschrijving')).toHaveValue('E2E Dockingstation');
    await editArticle.getByLabel('Artikelomschrijving').fill('E2E Dockingstation USB-C');
    await editArticle.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Artikel is gewijzigd')).toBeVisible();
    await expect(row).toContainText('E2E Dockingstation USB-C');

    // 'Voormeldingen': a new pre-notification for this customer, then changed from its row.
    const asnPanel = page.getByRole('region', { name: 'Voormeldingen' });
    await asnPanel.getByRole('button', { name: 'Voormelding aanmaken' }).click();
    const newAsn = page.getByRole('dialog', { name: 'Voormelding aanmaken' });
    await expect(newAsn.getByLabel('Eindklant')).toHaveValue(client.name);
    await expect(newAsn.getByLabel('Eindklant')).toBeDisabled();
    await newAsn.getByLabel('Ordernummer').fill('E2E-KLANT-ASN');
    await newAsn.getByLabel('Voorraadeigenaar').selectOption('Eindklant');
    await newAsn.getByLabel('Artikel 1', { exact: true }).selectOption(String(created.id));
    await newAsn.getByLabel('Aantal').fill('3');
    await page.screenshot({ path: '.tmp/shots/crm-prenotification-modal.png' });
    await newAsn.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De voormelding is aangemaakt')).toBeVisible();
    await expect(newAsn).toBeHidden();
    const asnRow = asnPanel.locator('tbody tr', { hasText: 'E2E-KLANT-ASN' });
    await expect(asnRow).toBeVisible();
    await asnRow.getByRole('button', { name: 'Voormelding E2E-KLANT-ASN wijzigen' }).click();
    const editAsn = page.getByRole('dialog', { name: 'Voormelding wijzigen' });
    await expect(editAsn.getByLabel('Ordernummer')).toHaveValue('E2E-KLANT-ASN');
    await editAsn.getByLabel('Topdesknummer').fill('W-KLANT');
    await editAsn.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De voormelding is gewijzigd')).toBeVisible();
    await expect(asnRow).toContainText('W-KLANT');
  });

  // Logo: only a raster image; it then shows in the header.
  await test.step('logo: only a raster image, then shown in the header', async () => {
    const header = page.getByRole('region', { name: client.name });
    await header.getByRole('button', { name: 'Wijzigen', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Klant wijzigen' });
    await edit.getByLabel('Logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit.getByText('Het bestand moet een afbeelding zijn.')).toBeVisible();
    await edit
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: signaturePng(120, 60) });
    await page.screenshot({ path: '.tmp/shots/crm-customer-form-logo.png' });
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit).toBeHidden();
    const logo = header.getByRole('img', { name: `Logo van ${client.name}` });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await page.screenshot({ path: '.tmp/shots/crm-customer-page.png', fullPage: true });
  });

  // A new customer: the postcode fills street and city (the portal's own lookup, no internet).
  await test.step("a new customer: the postcode lookup, and a refused creation with the spec's toast", async () => {
    await page.goto('/crm?tab=endcustomers');
    await page.getByRole('button', { name: 'Nieuwe klant' }).click();
    const form = page.getByRole('dialog', { name: 'Nieuwe klant' });
    await form.getByRole('textbox', { name: 'Naam', exact: true }).fill('Zorggroep Zeewind');
    await form.getByLabel('Rol').selectOption({ label: 'Eindklant' });
    await form.getByLabel('Reseller').fill('IT Partners');
    await page.getByTestId('modal-overlay').getByRole('option', { name: 'IT Partners Nederland' }).click();
    const known = await portal.db
      .selectFrom('addresses')
      .select(['zipcode', 'street', 'city'])
      .where('deleted_at', 'is', null)
      .where('zipcode', 'in', (eb) =>
        eb
          .selectFrom('addresses')
          .select('zipcode')
          .where('deleted_at', 'is', null)
          .groupBy('zipcode')
          .having((h) => h.fn.count('street').distinct(), '=', 1),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await form.getByLabel('Postcode').fill(known.zipcode);
    await expect(form.getByLabel('Straat')).toHaveValue(known.street);
    await expect(form.getByLabel('Plaats')).toHaveValue(known.city);
    // An invalid postcode clears them for typing by hand.
    await form.getByLabel('Postcode').fill('0999 XX');
    await expect(form.getByLabel('Straat')).toHaveValue('');
    await expect(form.getByLabel('Plaats')).toHaveValue('');
    await form.getByLabel('Postcode').fill(known.zipcode);
    await expect(form.getByLabel('Plaats')).toHaveValue(known.city);
    await form.getByLabel('Huisnummer').fill('12');

    // The right is taken away meanwhile: the server refuses, and the toast shows the spec's text, not the server's.
    const right = await portal.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Klant aanmaken')
      .executeTakeFirstOrThrow();
    await portal.db.deleteFrom('permission_role').where('permission_id', '=', right.id).execute();
    await form.getByRole('button', { name: 'Opslaan' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Er is helaas iets fout gegaan' });
    await expect(toast).toContainText('Er is helaas iets fout gegaan bij het aanmaken van de gebruiker');
    expect(await toast.textContent()).not.toContain(':');
    await expect(form).toBeVisible();
  });
});

test("without 'Dashboard bekijken' the customer page's breadcrumb leads to CRM; no invoices without 'Factuur beheren'", async ({
  page,
  portal,
  signedInAs,
}) => {
  const client = await endCustomer(portal);
  await signedInAs('magazijn@demo.local');
  await page.goto(`/klant/${client.id}`);
  await expect(page.getByRole('heading', { name: client.name, level: 2 })).toBeVisible();
  await expect(crumbs(page).getByRole('link')).toHaveText(['CRM']);
  await crumbs(page).getByRole('link', { name: 'CRM' }).click();
  await expect(page).toHaveURL(/\/crm/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: client.name, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Factuur genereren' })).toHaveCount(0);
  // Warehouse staff may add articles and pre-notifications: the panels offer them, without 'Factuur beheren'.
  await expect(
    page
      .getByRole('region', { name: 'Actieve voorraad', exact: true })
      .getByRole('button', { name: 'Voorraad aanmaken' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Voormeldingen' }).getByRole('button', { name: 'Voormelding aanmaken' }),
  ).toBeVisible();
});
