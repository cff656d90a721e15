import { test, expect, signIn } from './fixtures';

test('stock list with tabs and filters, an article, an item: status change and edit with the purchase date locked once set', async ({ page, portal }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'beheerder@demo.local');
  await page.goto('/voorraad');
  await expect(page.getByRole('tab')).toHaveText(['Artikelen', 'Bundels']);
  const products = page.getByRole('table', { name: 'Artikelen' });
  await expect(products.locator('tbody tr')).toHaveCount(25);
  await expect(products.locator('thead')).toContainText('Productnaam');
  await expect(products.locator('thead')).toContainText('Klantlocatie');
  await page.screenshot({ path: '.tmp/shots/stock-list.png' });

  // New article: the required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Voorraad aanmaken' }).click();
  const create = page.getByRole('dialog', { name: 'Voorraad aanmaken' });
  await create.getByRole('button', { name: 'Opslaan' }).click();
  await expect(create.getByText('Dit veld is verplicht.').first()).toBeVisible();
  await create.getByLabel('EOL (maanden)').fill('vier');
  await page.screenshot({ path: '.tmp/shots/stock-create.png' });
  await create.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Voorraad importeren' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Voorraad importeren' });
  await expect(importDialog.getByRole('link', { name: /Template.xlsx/ })).toHaveAttribute('href', '/excel/Template.xlsx');
  await importDialog.getByRole('button', { name: 'Importeren' }).click();
  await expect(importDialog.getByText('Kies een bestand.')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/stock-import.png' });
  await importDialog.getByRole('button', { name: 'Annuleren' }).click();

  await page.getByRole('combobox', { name: 'Alle productgroepen' }).selectOption({ label: 'Accessoires' });
  await expect(products.locator('tbody tr').first()).toContainText(/Logitech|Jabra|Targus/);
  const accessoryRows = await products.locator('tbody tr').count();
  const accessories = await portal.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('product_group_id', '=', 3).where('is_active', '=', true).executeTakeFirstOrThrow();
  expect(accessoryRows).toBe(Math.min(25, Number(accessories.n)));
  await page.getByRole('combobox', { name: 'Alle productgroepen' }).selectOption({ label: 'Alle productgroepen' });
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('latitude');
  await expect(products.locator('tbody tr').first()).toContainText('Dell Latitude 5440');
  await expect(products.locator('tbody tr', { hasNotText: 'Latitude' })).toHaveCount(0);

  await page.setViewportSize({ width: 820, height: 1180 });
  await page.reload();
  await expect(products.locator('tbody tr').first()).toContainText('Dell Latitude 5440');
  await page.screenshot({ path: '.tmp/shots/stock-list-tablet.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('tab', { name: 'Bundels' }).click();
  const bundles = page.getByRole('table', { name: 'Bundels' });
  await expect(bundles.locator('tbody tr')).toHaveCount(24);
  await expect(bundles.locator('thead')).toContainText('Aantal artikelen');
  await page.screenshot({ path: '.tmp/shots/stock-bundles.png' });
  await bundles.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/bundle\/\d+$/);
  await expect(page.getByRole('button', { name: 'Selectie wordt bundel' })).toBeVisible();
  await page.getByRole('list', { name: 'Artikelen van de klant' }).getByRole('checkbox').last().click();
  await page.getByRole('button', { name: 'Selectie wordt bundel' }).click();
  await expect(page.getByRole('status')).toContainText('De bundelinhoud is gewijzigd');
  await page.screenshot({ path: '.tmp/shots/stock-bundle.png' });

  await page.goto('/voorraad');
  await products.locator('tbody tr').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/voorraad\/\d+$/);
  await expect(page.getByText('Artikelnummer')).toBeVisible();
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.locator('thead')).toContainText('Serienummer');
  await expect(items.locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/stock-article.png' });
  await items.locator('tbody tr').first().getByRole('link', { name: 'Bekijken' }).click();
  await expect(page).toHaveURL(/\/item\/\d+$/);
  await expect(page.getByText('In gebruik door')).toBeVisible();

  // An item without a purchase date, still in stock.
  const item = await portal.db.selectFrom('items').select(['id', 'client_id']).where('date_in_use', 'is', null).where('serial', 'is not', null)
    .where('status_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  await page.goto(`/item/${item.id}`);
  await page.getByRole('button', { name: /Status: Ingeklaard/ }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Status wijzigen' });
  await statusDialog.getByLabel('Status').selectOption({ label: 'Op afroep' });
  await statusDialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status')).toContainText('De status is aangepast');
  await expect(page.getByRole('button', { name: /Status: Op afroep/ })).toBeVisible();
  await expect(page.getByRole('table').first()).toContainText('Status gewijzigd naar Op afroep');
  expect((await portal.db.selectFrom('items').select('status_id').where('id', '=', item.id).executeTakeFirstOrThrow()).status_id).toBe(5);

  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Bewerken' }).click();
  const edit = page.getByRole('dialog', { name: 'Item bewerken' });
  await edit.locator('#item-date-in-use').fill('15-01-2026');
  await edit.locator('#item-date-in-use').press('Tab');
  await edit.getByLabel('Asset ID').fill('AST-E2E');
  await page.screenshot({ path: '.tmp/shots/stock-item-edit.png' });
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status')).toContainText('Het item is aangepast');
  await expect(page.getByText('15-01-2026')).toBeVisible();
  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Bewerken' }).click();
  await expect(page.getByRole('dialog', { name: 'Item bewerken' }).locator('#item-date-in-use')).toBeDisabled();
  await expect(page.getByText('De aankoopdatum is vastgelegd')).toBeVisible();
  await page.getByRole('dialog', { name: 'Item bewerken' }).getByRole('button', { name: 'Annuleren' }).click();
  await page.screenshot({ path: '.tmp/shots/stock-item.png' });
  const saved = await portal.db.selectFrom('items').select(['date_in_use', 'tag_number']).where('id', '=', item.id).executeTakeFirstOrThrow();
  expect(saved).toEqual({ date_in_use: '2026-01-15', tag_number: 'AST-E2E' });
});
