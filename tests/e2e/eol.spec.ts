import fs from 'node:fs';
import { test, expect } from './fixtures';
import { readWorkbook } from '../support/xlsx';

test("EOL overview: filter, search and export; a product's EOL items; one item's page", async ({
  page,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  await page.goto('/eol');
  await expect(page.getByText('Dit onderdeel is nog niet beschikbaar.')).toHaveCount(0);
  const products = page.getByRole('table', { name: 'EOL overzicht' });
  await expect(products.locator('thead')).toContainText('Productnaam');
  await expect(products.locator('thead')).toContainText('Artikelnummer');
  await expect(products.locator('thead')).toContainText('Aantal EOL items');
  await expect(products.locator('thead')).toContainText('Eindklant');
  await expect(products.locator('thead')).toContainText('Reseller');
  const rows = products.locator('tbody tr');
  await expect(rows.first()).toContainText(/\S/);
  const total = await rows.count();
  expect(total).toBeGreaterThan(1);
  await page.screenshot({ path: '.tmp/shots/eol-list.png' });

  // Filter on one end customer: only its rows remain.
  const firstCustomer = (await rows.first().locator('td').nth(3).textContent())!.trim();
  await page.getByRole('combobox', { name: 'Alle eindklanten' }).selectOption({ label: firstCustomer });
  await expect(rows.filter({ hasNotText: firstCustomer })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Alle eindklanten' }).selectOption({ label: 'Alle eindklanten' });
  await expect(rows).toHaveCount(total);

  // Search on an article number.
  const article = (await rows.nth(1).locator('td').nth(1).textContent())!.trim();
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(article);
  await expect(rows.filter({ hasNotText: article })).toHaveCount(0);
  await expect(rows.first()).toContainText(article);

  // The export follows the search: a workbook with only the matching products.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EOL exporteren' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^eol-products-\d{8}-\d{6}\.xlsx$/);
  const sheet = (await readWorkbook(fs.readFileSync((await file.path())!))).getWorksheet('EOL')!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Productnaam',
    'Artikelnummer',
    'Aantal EOL items',
    'Eindklant',
    'Reseller',
  ]);
  const exported = sheet.getRows(2, sheet.rowCount - 1)!.map((row) => row.getCell(2).text);
  expect(exported.length).toBeGreaterThan(0);
  expect(exported.every((a) => a === article)).toBe(true);

  // Detail: the product's items with months until EOL, and a button to each item.
  const productName = (await rows.first().locator('td').first().textContent())!.trim();
  await rows.first().getByRole('link', { name: 'Bekijken' }).click();
  await expect(page).toHaveURL(/\/eol\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  const items = page.getByRole('table', { name: `EOL items van ${productName}` });
  for (const header of [
    'Serienummer',
    'Ordernummer',
    'Aankoopdatum',
    'In gebruik door',
    'Maanden tot EOL',
    'Eindklant',
    'Reseller',
  ]) {
    await expect(items.locator('thead')).toContainText(header);
  }
  const itemRows = items.locator('tbody tr');
  await expect(itemRows.first().locator('td').nth(5)).toHaveText(/maand|Verlopen/);
  await page.screenshot({ path: '.tmp/shots/eol-detail.png' });
  const serial = (await itemRows.first().locator('td').nth(1).textContent())!.trim();
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(serial);
  await expect(itemRows).toHaveCount(1);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: '.tmp/shots/eol-detail-tablet.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await itemRows.first().getByRole('link', { name: 'Bekijken' }).click();
  await expect(page).toHaveURL(/\/item\/\d+$/);
  await expect(page.getByText(serial).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ticket aanmelden' })).toBeVisible();

  await page.goto('/eol');
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.getByRole('table', { name: 'EOL overzicht' }).locator('tbody tr').first()).toContainText(/\S/);
  await page.screenshot({ path: '.tmp/shots/eol-list-tablet.png' });
});

test("without the right 'EOL exporteren' the overview has no export button, and an unknown product shows the notice", async ({
  page,
  signedInAs,
}) => {
  await signedInAs('klant@demo.local');
  await page.goto('/eol');
  await expect(page.getByRole('table', { name: 'EOL overzicht' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'EOL exporteren' })).toHaveCount(0);
  await page.goto('/eol/999999');
  await expect(page.getByRole('alert')).toContainText('Productgegevens kunnen niet worden ingeladen');
});
