import type { Page } from '@playwright/test';
import { test, expect, type Portal } from './fixtures';
import { ClientType } from '@domain/enums';
import { downloadedPdfText } from './downloads';

/** A date `days` ahead as the date picker takes it typed (d-m-Y). */
function typedDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
}

/** An end user of the demo data that holds items. */
async function endUserWithItems(portal: Portal) {
  const row = await portal.db
    .selectFrom('items')
    .innerJoin('clients', 'clients.id', 'items.client_id')
    .select(['clients.id', 'clients.name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('clients.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .groupBy(['clients.id', 'clients.name'])
    .orderBy('n', 'desc')
    .orderBy('clients.id')
    .executeTakeFirstOrThrow();
  return row;
}

async function fillTicket(dialog: ReturnType<Page['getByRole']>, order: string) {
  await dialog.getByLabel('Ordernummer').fill(order);
  await dialog.getByLabel('Uw referentie').fill(`ref ${order}`);
  await dialog.getByLabel('Contactpersoon').fill('Eva Jansen');
  await dialog.getByLabel('E-mailadres').fill('eva@example.nl');
  await dialog.getByLabel('Telefoonnummer').fill('0612345678');
  const date = dialog.getByLabel(/Ophaaldatum|Leverdatum/);
  await date.fill(typedDate(7));
  await date.press('Tab');
}

// Whole request-to-delete flows: long on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

test('repair from the customer ticket menu: list, detail, edit, carrier, both PDFs, cancel, Toch leveren, delete', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const endUser = await endUserWithItems(portal);
  const order = `E2E-REP-${Date.now() % 100000}`;
  await test.step("a repair requested from the customer's ticket menu, with the availability warning", async () => {
    await page.goto(`/klant/${endUser.id}`);
    await page.locator('.ticket-menu').getByRole('button', { name: 'Meer acties' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Uitdienst', 'Reparatie', 'EOL Swap', 'Extra producten']);
    await page.getByRole('menuitem', { name: 'Reparatie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reparatie' });
    await dialog.getByRole('button', { name: 'Aanvragen' }).click();
    await expect(dialog.getByText('Kies minimaal één defect artikel.')).toBeVisible();
    await dialog
      .getByRole('group', { name: /Defecte artikelen/ })
      .getByRole('checkbox', { disabled: false })
      .first()
      .check();
    await fillTicket(dialog, order);
    // Asking for more replacements than there are shows the warning with the count on order.
    const firstAmount = dialog.getByRole('group', { name: 'Vervangende artikelen' }).getByRole('spinbutton').first();
    await firstAmount.fill('9999');
    await expect(dialog.getByText(/Meer dan beschikbaar: \d+ op voorraad, al \d+ besteld/)).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/deliveries-ticket.png' });
    await firstAmount.fill('');
    await dialog.getByRole('button', { name: 'Aanvragen' }).click();
    await expect(page.getByText('De levering is aangevraagd')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The message links to the delivery just requested.
    await page.getByRole('link', { name: `Bekijk levering ${order}` }).click();
    await expect(page).toHaveURL(/\/leveringen\/\d+$/);
    await expect(page.getByTestId('delivery-status')).toHaveText('Open');
  });

  // The list: the new repair is found and links to its page.
  await test.step('the list finds the new repair and opens its page', async () => {
    await page.goto('/leveringen');
    await expect(page.getByRole('tab')).toHaveText(['Leveringen', 'Backorders', 'Afgerond', 'Geannuleerd']);
    const table = page.getByRole('table', { name: 'Leveringen' });
    await expect(table.locator('thead')).toContainText('Topdesknummer');
    await page.screenshot({ path: '.tmp/shots/deliveries-list.png' });
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill(order);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('Reparatie');
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: '.tmp/shots/deliveries-list-tablet.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await table.getByRole('link', { name: order }).click();
    await expect(page).toHaveURL(/\/leveringen\/\d+$/);
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Reparatie van');
    await expect(page.getByRole('table', { name: 'Defect artikel' }).locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Activiteiten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print label' })).toHaveCount(0);
    await page.screenshot({ path: '.tmp/shots/deliveries-detail.png', fullPage: true });
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: '.tmp/shots/deliveries-detail-tablet.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  // Packing slip: a PDF with the order number.
  await test.step('packing slip: a PDF with the order number', async () => {
    const slip = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print pakbon' }).click();
    expect(await downloadedPdfText(await slip)).toContain(order);
  });

  // Edit.
  await test.step('edit; a reload right after the save shows the saved data', async () => {
    await page.getByRole('button', { name: 'Bewerken' }).click();
    const edit = page.getByRole('dialog', { name: 'Reparatie wijzigen' });
    await edit.getByLabel('Uw referentie').fill('');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit.getByText('Dit veld is verplicht.')).toBeVisible();
    await edit.getByLabel('Uw referentie').fill('Nieuwe referentie');
    await edit.getByLabel('Topdesknummer').fill('W-4242');
    await page.screenshot({ path: '.tmp/shots/deliveries-edit.png' });
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De levering is gewijzigd')).toBeVisible();
    await expect(page.locator('.facts')).toContainText('W-4242');
    // A reload right after the save (well within the persisted cache's 1 s write throttle) shows the saved data.
    await page.reload();
    await expect(page.locator('.facts')).toContainText('W-4242');
  });

  // Carrier to PostNL: the label appears and is a PDF with the order number.
  await test.step('carrier to PostNL: its label is a PDF with the order number', async () => {
    await page.getByRole('button', { name: 'wijzigen' }).click();
    const carrier = page.getByRole('dialog', { name: 'Bezorger wijzigen' });
    await carrier.getByLabel('Bezorger', { exact: true }).selectOption({ label: 'PostNL' });
    await page.screenshot({ path: '.tmp/shots/deliveries-carrier.png' });
    await carrier.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De bezorger is aangepast')).toBeVisible();
    const label = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print label' }).click();
    expect(await downloadedPdfText(await label)).toContain(order);
  });

  // Cancel, Toch leveren, cancel again, delete.
  await test.step('cancel, Toch leveren, cancel again, delete', async () => {
    const cancel = async () => {
      await page.getByRole('button', { name: 'Meer acties' }).click();
      await page.getByRole('menuitem', { name: 'Annuleren' }).click();
      const confirm = page.getByRole('dialog');
      // The destructive choice says what it does; 'Terug' keeps the delivery.
      await expect(confirm.getByRole('button', { name: 'Terug', exact: true })).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Annuleren', exact: true })).toHaveCount(0);
      await confirm.getByRole('button', { name: 'Levering annuleren' }).click();
      await expect(page.getByText('De levering is geannuleerd')).toBeVisible();
      await expect(page.locator('.delivery-actions').getByText('Geannuleerd', { exact: true })).toBeVisible();
      await expect(page.getByTestId('delivery-status')).toHaveText('Geannuleerd');
    };
    await cancel();
    await page.screenshot({ path: '.tmp/shots/deliveries-cancelled.png' });
    await page.getByRole('button', { name: 'Toch leveren' }).click();
    await expect(page.getByText('De levering is heropend')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bewerken' })).toBeVisible();
    await cancel();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('De levering is verwijderd')).toBeVisible();
    await expect(page).toHaveURL(/\/leveringen$/);
  });
});

test('bulk call-off from stock with a file, EOL swap from an item, resignation and extra products from the ticket menu', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const endUser = await endUserWithItems(portal);

  // Stock 'Voorraad afroepen': expected counts, a file, a future date; carrier 1.
  await page.goto('/voorraad');
  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Voorraad afroepen' }).click();
  const bulk = page.getByRole('dialog', { name: 'Voorraad afroepen' });
  const parent = await portal.db
    .selectFrom('clients')
    .select('parent_client_id')
    .where('id', '=', endUser.id)
    .executeTakeFirstOrThrow();
  await bulk.getByLabel('Eindklant').selectOption(String(parent.parent_client_id));
  await bulk.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(bulk.getByText('Kies minimaal één artikel.')).toBeVisible();
  await bulk.getByRole('group', { name: 'Verwachte aantallen' }).getByRole('spinbutton').first().fill('2');
  const bulkOrder = `E2E-BULK-${Date.now() % 100000}`;
  await bulk.getByLabel('Ordernummer').fill(bulkOrder);
  const date = bulk.getByLabel('Leverdatum');
  await date.fill(typedDate(5));
  await date.press('Tab');
  await bulk
    .getByLabel('Bestand')
    .setInputFiles({ name: 'afroep.csv', mimeType: 'text/csv', buffer: Buffer.from('artikel;aantal\n1;2\n') });
  await page.screenshot({ path: '.tmp/shots/deliveries-bulk.png' });
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: '.tmp/shots/deliveries-bulk-tablet.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await bulk.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(page.getByText('De bulk levering is aangevraagd')).toBeVisible();
  const stored = await portal.db
    .selectFrom('deliveries')
    .select(['id', 'carrier_id', 'delivery_type_id'])
    .where('order_number', '=', bulkOrder)
    .executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ carrier_id: 1, delivery_type_id: 6 });
  await page.goto(`/leveringen/${stored.id}`);
  const articles = page.getByRole('table', { name: 'Artikelen' });
  await expect(articles.locator('thead')).toContainText('Uitgeklaard');
  await expect(articles.locator('tbody tr').first().locator('td').nth(2)).toHaveText('2');
  await expect(page.getByRole('link', { name: 'afroep.csv' })).toBeVisible();

  // Item 'Ticket aanmelden' > EOL Swap: the same form, with the item chosen.
  const options = (await (await page.request.get(`/api/delivery-form-options/${endUser.id}`)).json()) as {
    items: { id: number; on_open_delivery: boolean }[];
  };
  const item = options.items.find((i) => !i.on_open_delivery)!;
  await page.goto(`/item/${item.id}`);
  await page.locator('.item-actions').getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'EOL Swap' }).click();
  const eol = page.getByRole('dialog', { name: 'EOL Swap' });
  await expect(eol.getByRole('group', { name: /EOL artikelen/ }).getByRole('checkbox', { checked: true })).toHaveCount(
    1,
  );
  const eolOrder = `E2E-EOL-${Date.now() % 100000}`;
  await fillTicket(eol, eolOrder);
  await eol.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(page.getByText('De levering is aangevraagd')).toBeVisible();
  const eolRow = await portal.db
    .selectFrom('deliveries')
    .innerJoin('delivery_products', 'delivery_products.delivery_id', 'deliveries.id')
    .select(['deliveries.delivery_type_id', 'delivery_products.item_id', 'delivery_products.is_pickup'])
    .where('order_number', '=', eolOrder)
    .executeTakeFirstOrThrow();
  expect(eolRow).toMatchObject({ delivery_type_id: 4, item_id: item.id, is_pickup: 1 });

  // Ticket menu: Uitdienst without a choice picks up everything; Extra producten needs a bundle.
  await page.goto(`/klant/${endUser.id}`);
  await page.locator('.ticket-menu').getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Uitdienst' }).click();
  const resign = page.getByRole('dialog', { name: 'Uitdienst' });
  const resignOrder = `E2E-UIT-${Date.now() % 100000}`;
  await fillTicket(resign, resignOrder);
  await resign.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(page.getByText('De levering is aangevraagd')).toBeVisible();
  await expect(resign).toBeHidden();

  await page.locator('.ticket-menu').getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Extra producten' }).click();
  const extra = page.getByRole('dialog', { name: 'Extra producten' });
  await extra.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(extra.getByText('Kies een bundel.')).toBeVisible();
  await extra.getByLabel('Bundel').selectOption({ index: 1 });
  await expect(
    extra.getByRole('group', { name: 'Artikelen van de bundel' }).getByRole('checkbox').first(),
  ).toBeChecked();
  const extraOrder = `E2E-EXTRA-${Date.now() % 100000}`;
  await extra.getByLabel('Ordernummer').fill(extraOrder);
  const extraDate = extra.getByLabel('Leverdatum');
  await extraDate.fill(typedDate(9));
  await extraDate.press('Tab');
  await page.screenshot({ path: '.tmp/shots/deliveries-extra.png' });
  await extra.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(page.getByText('De levering is aangevraagd')).toBeVisible();

  await page.goto('/leveringen');
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('E2E-');
  await expect(page.getByRole('table', { name: 'Leveringen' }).locator('tbody tr')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Alle types' }).selectOption({ label: 'Extra producten' });
  await expect(page.getByRole('table', { name: 'Leveringen' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Leveringen' })).toContainText(extraOrder);
});

test('a new end user (Indienst) needs a future date, order number, reference and stock, and comes with its delivery', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const endUser = await endUserWithItems(portal);
  const parent = await portal.db
    .selectFrom('clients')
    .select('parent_client_id')
    .where('id', '=', endUser.id)
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${parent.parent_client_id}`);
  await page.getByRole('button', { name: 'Nieuwe eindgebruiker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await dialog.getByLabel('Naam', { exact: true }).fill('Nieuwe Collega E2E');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit veld is verplicht.').first()).toBeVisible();
  const order = `E2E-IN-${Date.now() % 100000}`;
  await dialog.getByLabel('Ordernummer').fill(order);
  await dialog.getByLabel('Uw referentie').fill('Onboarding');
  const date = dialog.getByLabel('Leverdatum');
  await date.fill(typedDate(6));
  await date.press('Tab');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Een gebruiker kan niet worden aangemaakt zonder voorraad.')).toBeVisible();
  const stock = dialog
    .getByRole('group', { name: /Voorraad/ })
    .getByRole('spinbutton')
    .first();
  await stock.fill('9999');
  await expect(dialog.getByText(/Meer dan beschikbaar: \d+ op voorraad, al \d+ besteld/)).toBeVisible();
  await stock.fill('1');
  await page.screenshot({ path: '.tmp/shots/deliveries-new-end-user.png' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De klant is aangemaakt')).toBeVisible();
  const delivery = await portal.db
    .selectFrom('deliveries')
    .innerJoin('clients', 'clients.id', 'deliveries.client_id')
    .select(['deliveries.delivery_type_id', 'clients.name'])
    .where('deliveries.order_number', '=', order)
    .executeTakeFirstOrThrow();
  expect(delivery).toEqual({ delivery_type_id: 3, name: 'Nieuwe Collega E2E' });
});
