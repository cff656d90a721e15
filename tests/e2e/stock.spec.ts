import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Lets every GET to this API path fail with a 500 until the returned function is called. */
async function failing(page: Page, path: string | RegExp) {
  const matches = (url: URL) => (typeof path === 'string' ? url.pathname === `/api/${path}` : path.test(url.pathname));
  await page.route(matches, (route) => route.fulfill({ status: 500, json: { message: 'kapot' } }));
  return () => page.unroute(matches);
}

test('stock list with tabs and filters, an article, an item: status change and edit with the purchase date locked once set', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  // Each load failure shows the spec's own text (spec 1 §8, spec 2 §8).
  const toast = page.getByRole('alert').filter({ hasText: 'Foutmelding' });
  let restore = await failing(page, 'product-groups');
  const products = page.getByRole('table', { name: 'Artikelen' });
  await test.step("a failed load shows the spec's text: product groups, products", async () => {
    await page.goto('/voorraad');
    await expect(toast).toContainText('Productgroepen kunnen niet worden ingeladen');
    await restore();
    restore = await failing(page, 'products');
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('kapot');
    await expect(toast).toContainText('Producten kunnen niet worden ingeladen');
    await restore();
  });
  await test.step('the list: tabs and columns', async () => {
    await page.goto('/voorraad');
    await expect(page.getByRole('tab')).toHaveText(['Artikelen', 'Bundels']);
    await expect(products.locator('tbody tr')).toHaveCount(25);
    await expect(products.locator('thead')).toContainText('Productnaam');
    await expect(products.locator('thead')).toContainText('Klantlocatie');
    await page.screenshot({ path: '.tmp/shots/stock-list.png' });
  });

  // New article: the required fields are checked before anything is sent.
  await test.step('a new article and an import check their fields before sending', async () => {
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
    await expect(importDialog.getByRole('link', { name: /Template.xlsx/ })).toHaveAttribute(
      'href',
      '/excel/Template.xlsx',
    );
    await importDialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(importDialog.getByText('Kies een bestand.')).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/stock-import.png' });
    await importDialog.getByRole('button', { name: 'Annuleren' }).click();
  });

  // 'Alle voorraad' (spec 2 §2): only articles with an item in use.
  await test.step("'Alle voorraad' keeps the articles with an item in that status", async () => {
    await page.getByRole('combobox', { name: 'Alle voorraad' }).selectOption({ label: 'In gebruik' });
    const withItemsInUse = await portal.db
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
            .where('i.status_id', '=', 3)
            .where('i.deleted_at', 'is', null),
        ),
      )
      .executeTakeFirstOrThrow();
    await expect(products.locator('tbody tr')).toHaveCount(Math.min(25, Number(withItemsInUse.n)));
    await expect
      .poll(async () =>
        (await products.locator('tbody tr td:nth-child(6)').allTextContents()).every((t) => Number(t) > 0),
      )
      .toBe(true);
    // An article without items is left out.
    const client = await portal.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await portal.db
      .insertInto('products')
      .values({
        client_id: client.id,
        product_group_id: 1,
        name: 'Leeg artikel E2E',
        article_number: 'E2E-LEEG',
        unique_product_id: 'E2E-LEEG',
      })
      .execute();
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('E2E-LEEG');
    await expect(products.getByText('Er is geen data gevonden')).toBeVisible();
    await page.getByRole('combobox', { name: 'Alle voorraad' }).selectOption({ label: 'Alle voorraad' });
    await expect(products.locator('tbody tr').first()).toContainText('Leeg artikel E2E');
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('');
  });
  await test.step('the export takes the chosen columns', async () => {
    // Export: choose the columns; the list's own are ticked.
    await page.getByRole('button', { name: 'Meer acties' }).click();
    await page.getByRole('menuitem', { name: 'Voorraad exporteren' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Voorraad exporteren' });
    await expect(exportDialog.getByRole('checkbox', { name: 'Reseller', exact: true })).toBeChecked();
    await expect(exportDialog.getByRole('checkbox', { name: 'Tarief', exact: true })).not.toBeChecked();
    await exportDialog.getByRole('checkbox', { name: 'Reseller', exact: true }).uncheck();
    await exportDialog.getByRole('checkbox', { name: 'Tarief', exact: true }).check();
    await page.screenshot({ path: '.tmp/shots/stock-export.png' });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Exporteren' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^products-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Productnaam',
      'Artikelnr',
      'Voorraad',
      'Op afroep',
      'Klantlocatie',
      'In gebruik',
      'Eindklant',
      'Tarief',
    ]);
    await expect(exportDialog).toHaveCount(0);
  });

  await test.step('product group filter, search, tablet width', async () => {
    await page.getByRole('combobox', { name: 'Alle productgroepen' }).selectOption({ label: 'Accessoires' });
    await expect(products.locator('tbody tr').first()).toContainText(/Logitech|Jabra|Targus/);
    const accessoryRows = await products.locator('tbody tr').count();
    const accessories = await portal.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_group_id', '=', 3)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    expect(accessoryRows).toBe(Math.min(25, Number(accessories.n)));
    await page.getByRole('combobox', { name: 'Alle productgroepen' }).selectOption({ label: 'Alle productgroepen' });
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('latitude');
    await expect(products.locator('tbody tr').first()).toContainText('Dell Latitude 5440');
    await expect(products.locator('tbody tr', { hasNotText: 'Latitude' })).toHaveCount(0);

    await page.setViewportSize({ width: 820, height: 1180 });
    await page.reload();
    await expect(products.locator('tbody tr').first()).toContainText('Dell Latitude 5440');
  });
  await test.step("bundles: a failed load, the list, a bundle's contents changed", async () => {
    await page.screenshot({ path: '.tmp/shots/stock-list-tablet.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    restore = await failing(page, 'bundles');
    await page.getByRole('tab', { name: 'Bundels' }).click();
    await expect(toast).toContainText('Bundels kunnen niet worden ingeladen');
    await restore();
    await page.reload();
    const bundles = page.getByRole('table', { name: 'Bundels' });
    await expect(bundles.locator('tbody tr')).toHaveCount(24);
    await expect(bundles.locator('thead')).toContainText('Aantal artikelen');
    await page.screenshot({ path: '.tmp/shots/stock-bundles.png' });
    await bundles.locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/bundle\/\d+$/);
    await expect(page.getByRole('button', { name: 'Selectie wordt bundel' })).toBeVisible();
    await page.getByRole('list', { name: 'Artikelen van de klant' }).getByRole('checkbox').last().click();
    await page.getByRole('button', { name: 'Selectie wordt bundel' }).click();
  });
  await test.step('an article and one of its items: breadcrumb and failed loads', async () => {
    await expect(page.getByRole('status')).toContainText('De bundelinhoud is gewijzigd');
    await page.screenshot({ path: '.tmp/shots/stock-bundle.png' });

    await page.goto('/voorraad');
    restore = await failing(page, /^\/api\/product-groups\/\d+$/);
    const articleName = (await products.locator('tbody tr').first().getByRole('link').first().textContent())!;
    await products.locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/voorraad\/\d+$/);
    await expect(toast).toContainText('Productgroep kan niet worden ingeladen');
    await restore();
    const articleUrl = page.url();
    await expect(page.getByText('Artikelnummer')).toBeVisible();
    const items = page.getByRole('table', { name: 'Items' });
    await expect(items.locator('thead')).toContainText('Serienummer');
    await expect(items.locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/stock-article.png' });
    await items.locator('tbody tr').first().getByRole('link', { name: 'Bekijken' }).click();
    await expect(page).toHaveURL(/\/item\/\d+$/);
    await expect(page.getByText('In gebruik door')).toBeVisible();
    // The item's breadcrumb: Voorraad › its article › the item.
    const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link');
    await expect(crumbs).toHaveText(['Voorraad', articleName]);
    await crumbs.last().click();
    await expect(page).toHaveURL(articleUrl);
    restore = await failing(page, /^\/api\/getitems\/\d+$/);
    await items.getByRole('columnheader', { name: 'Serienummer' }).getByRole('button').click();
    await expect(toast).toContainText('Productgegevens kunnen niet worden ingeladen');
    await restore();
  });

  // An item without a purchase date, still in stock.
  await test.step('an item: status change, edit, the purchase date locked once set', async () => {
    const item = await portal.db
      .selectFrom('items')
      .select(['id', 'client_id'])
      .where('date_in_use', 'is', null)
      .where('serial', 'is not', null)
      .where('status_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await page.goto(`/item/${item.id}`);
    await page.getByRole('button', { name: /Status: Ingeklaard/ }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Status wijzigen' });
    await statusDialog.getByLabel('Status').selectOption({ label: 'Op afroep' });
    await statusDialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status')).toContainText('De status is aangepast');
    await expect(page.getByRole('button', { name: /Status: Op afroep/ })).toBeVisible();
    await expect(page.getByRole('table').first()).toContainText('Status gewijzigd naar Op afroep');
    expect(
      (await portal.db.selectFrom('items').select('status_id').where('id', '=', item.id).executeTakeFirstOrThrow())
        .status_id,
    ).toBe(5);

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
    const saved = await portal.db
      .selectFrom('items')
      .select(['date_in_use', 'tag_number'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ date_in_use: '2026-01-15', tag_number: 'AST-E2E' });
  });
});
