import { sql } from 'kysely';
import { test, expect, type Portal } from './fixtures';
import { DeliveryType, ItemStatus } from '@domain/enums';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A seeded repair that is not cancelled and has no quotation and no images yet. */
async function plainRepair(portal: Portal) {
  return portal.db
    .selectFrom('deliveries as d')
    .select(['d.id', 'd.order_number', 'd.client_id'])
    .where('d.delivery_type_id', '=', DeliveryType.REPARATIE)
    .where('d.is_cancelled', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('repair_media as m').select('m.id').whereRef('m.delivery_id', '=', 'd.id'))),
    )
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
}

test('repairs: list, status change, two images, quotation upload, mail and accept, remarks as Superuser', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const repair = await plainRepair(portal);
  await signedInAs('beheerder@demo.local');

  const list = page.getByRole('table', { name: 'Reparaties' });
  await test.step('the list: search, columns, export', async () => {
    await page.goto('/reparaties');
    await expect(page.getByRole('searchbox', { name: 'Zoeken' })).toHaveAttribute(
      'placeholder',
      'Zoeken op ordernummer, serienummer, producten of eindklant',
    );
    for (const header of [
      'Ordernummer',
      'Serienummer',
      'Producten',
      'Eindklant',
      'Eindgebruiker',
      'Datum melding',
      'Afgerond op',
      'Topdesknummer',
    ]) {
      await expect(list.locator('thead')).toContainText(header);
    }
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill(repair.order_number!);
    await expect(list.locator('tbody tr').first()).toContainText(repair.order_number!);
    await page.screenshot({ path: '.tmp/shots/repairs-list.png' });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Reparaties exporteren' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^reparaties-\d{8}-\d{6}\.xlsx$/);
  });

  await test.step('the detail from the list', async () => {
    await list
      .locator('tbody tr', { hasText: repair.order_number! })
      .first()
      .getByRole('link', { name: 'Bekijken' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/reparaties/${repair.id}$`));
    await expect(page.getByRole('navigation', { name: /kruimel|breadcrumb/i })).toContainText(repair.order_number!);
  });

  // Status from the top bar: the label, the activity panel and the defect items follow.
  await test.step('status from the top bar: label, activity and defect items follow', async () => {
    await page.getByRole('button', { name: 'Status wijzigen' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Status wijzigen' });
    await statusDialog.getByLabel('Status').selectOption({ label: 'Wachten op onderdelen' });
    await statusDialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status')).toContainText('De status is aangepast');
    await expect(page.getByLabel('Status', { exact: true })).toHaveText('Wachten op onderdelen');
    await expect(page.getByRole('region', { name: 'Activiteit' }).locator('li').first()).toHaveText(
      /^Wachten op onderdelen op \d{2}-\d{2}-\d{4} \d{2}:\d{2} uur door Bea Beheerder$/,
    );
    const defects = await portal.db
      .selectFrom('delivery_products')
      .select('item_id')
      .where('delivery_id', '=', repair.id)
      .where('is_pickup', '=', 1)
      .where('item_id', 'is not', null)
      .execute();
    for (const line of defects) {
      const item = await portal.db
        .selectFrom('items')
        .select('status_id')
        .where('id', '=', line.item_id!)
        .executeTakeFirstOrThrow();
      expect(item.status_id).toBe(ItemStatus.WACHTEN_OP_ONDERDELEN);
    }
  });

  // Two images at once, then one opens in a modal.
  await test.step('two images at once, one opened in a modal', async () => {
    const images = page.getByRole('region', { name: 'Afbeeldingen' });
    await images.getByLabel('Afbeeldingen kiezen').setInputFiles([
      { name: 'voorkant.png', mimeType: 'image/png', buffer: PNG },
      { name: 'achterkant.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(page.getByRole('status')).toContainText('Afbeeldingen zijn geüpload');
    await expect(images.getByRole('button', { name: /openen$/ })).toHaveCount(2);
    await images.getByRole('button', { name: 'achterkant.png openen' }).click();
    const viewer = page.getByRole('dialog', { name: 'achterkant.png' });
    await expect(viewer.getByRole('img', { name: 'achterkant.png' })).toBeVisible();
    expect(await viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });

  // A file that is not a PDF is refused; the PDF is taken, then mailed and accepted.
  await test.step('quotation: a non-PDF refused, the PDF taken, mailed and accepted', async () => {
    const quotation = page.getByRole('region', { name: 'Offerte' });
    await quotation
      .getByLabel('Offerte kiezen')
      .setInputFiles({ name: 'offerte.pdf', mimeType: 'application/pdf', buffer: PNG });
    await expect(page.getByRole('alert').filter({ hasText: 'Offerte kan niet worden geüpload' })).toBeVisible();
    await quotation
      .getByLabel('Offerte kiezen')
      .setInputFiles({ name: 'offerte.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('status')).toContainText('Offerte is geüpload');
    await expect(quotation).toContainText('Offerte is nog 30 dag(en) geldig');
    await expect(quotation.getByRole('button', { name: 'Offerte uploaden' })).toHaveCount(0);
    await page.screenshot({ path: '.tmp/shots/repair-detail.png', fullPage: true });

    await quotation.getByRole('button', { name: 'Offerte mailen' }).click();
    const mailDialog = page.getByRole('dialog', { name: 'Offerte mailen' });
    await mailDialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(mailDialog.getByText('Kies een contactpersoon.')).toBeVisible();
    const contactSelect = mailDialog.getByLabel('Contactpersoon');
    const firstContact = await contactSelect.locator('option').nth(1).textContent();
    const email = /\(([^)]+)\)$/.exec(firstContact!)![1]!;
    await contactSelect.selectOption({ index: 1 });
    const mailsBefore = portal.mails().length;
    await mailDialog.getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByRole('status')).toContainText('Offerte is verzonden');
    await expect.poll(() => portal.mails().length).toBe(mailsBefore + 1);
    const mail = portal.mails().at(-1)!;
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toMatch(/Content-Type: application\/pdf/);
    expect(mail).toContain(PDF.toString('base64').slice(0, 40));

    await quotation.getByRole('button', { name: 'Accepteren' }).click();
    await expect(page.getByRole('status')).toContainText('Offerte geaccepteerd');
    await expect(quotation).toContainText(/Offerte geaccepteerd op \d{2}-\d{2}-\d{4}/);
    await expect(quotation.getByRole('button', { name: 'Accepteren' })).toHaveCount(0);
    await expect(quotation.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
    const decided = await portal.db
      .selectFrom('deliveries')
      .select(['status_quotation', sql<string>`date_quotation::text`.as('date_quotation')])
      .where('id', '=', repair.id)
      .executeTakeFirstOrThrow();
    expect(decided.status_quotation).toBe('Accept');
  });

  // Remarks: a Superuser saves them.
  await test.step('remarks saved by a Superuser; the activities page lists the history', async () => {
    const remarks = page.getByRole('region', { name: 'Opmerkingen' });
    await remarks.getByLabel('Opmerkingen').fill('Scherm vervangen, accu getest.');
    await remarks.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status')).toContainText('Opmerkingen zijn opgeslagen');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Opmerkingen' }).getByLabel('Opmerkingen')).toHaveValue(
      'Scherm vervangen, accu getest.',
    );
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: '.tmp/shots/repair-detail-tablet.png', fullPage: true });

    // The activities page lists the repair's history.
    await page.getByRole('link', { name: 'Alle activiteiten van deze reparatie' }).click();
    await expect(page).toHaveURL(new RegExp(`/activiteiten/leveringen/${repair.id}$`));
    await expect(page.getByRole('table', { name: 'Activiteiten' }).locator('tbody')).toContainText(
      'Wachten op onderdelen',
    );
    await page.screenshot({ path: '.tmp/shots/repair-activities.png' });
  });
});

test('remarks are read-only and the quotation has no Superuser actions for an end customer', async ({
  page,
  portal,
  signedInAs,
}) => {
  const klant = await portal.db
    .selectFrom('users as u')
    .innerJoin('contacts as ct', 'ct.id', 'u.contact_id')
    .select('ct.client_id')
    .where('u.email', '=', 'klant@demo.local')
    .executeTakeFirstOrThrow();
  // A repair of the demo end customer itself or of one of its end users.
  const repair = await portal.db
    .selectFrom('deliveries as d')
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .select('d.id')
    .where('d.delivery_type_id', '=', DeliveryType.REPARATIE)
    .where('d.is_cancelled', '=', false)
    .where((eb) => eb.or([eb('d.client_id', '=', klant.client_id!), eb('c.parent_client_id', '=', klant.client_id!)]))
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  await signedInAs('klant@demo.local');
  await page.goto(`/reparaties/${repair.id}`);
  const remarks = page.getByRole('region', { name: 'Opmerkingen' });
  await expect(remarks).toBeVisible();
  await expect(remarks.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Status wijzigen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Offerte uploaden' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Offerte mailen' })).toHaveCount(0);
});

test("the top bar's Reparatie wijzigen edits the repair request and the page shows the new reference", async ({
  page,
  portal,
  signedInAs,
}) => {
  const repair = await portal.db
    .selectFrom('deliveries')
    .select('id')
    .where('delivery_type_id', '=', DeliveryType.REPARATIE)
    .where('is_cancelled', '=', false)
    .where('completed_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await signedInAs('beheerder@demo.local');
  await page.goto(`/reparaties/${repair.id}`);
  const reference = page
    .locator('.facts > div', { has: page.locator('dt', { hasText: /^Referentie$/ }) })
    .locator('dd');
  await expect(reference).toBeVisible();

  // The top bar shows 'Status wijzigen' first; the edit is the split button's second action.
  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Reparatie wijzigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reparatie wijzigen' });
  await dialog.getByLabel('Uw referentie').fill('REF-GEWIJZIGD-7');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status')).toContainText('De levering is gewijzigd');
  await expect(dialog).toHaveCount(0);
  await expect(reference).toHaveText('REF-GEWIJZIGD-7');
  const stored = await portal.db
    .selectFrom('deliveries')
    .select('your_reference')
    .where('id', '=', repair.id)
    .executeTakeFirstOrThrow();
  expect(stored.your_reference).toBe('REF-GEWIJZIGD-7');
});
