import { test, expect } from './fixtures';
import { POSTCODE_MESSAGE } from '@domain/rules';

test('a provider sees the four customer tabs, searches, opens a customer and adds an address', async ({
  page,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Resellers', 'Eindklanten', 'Eindgebruikers', 'Alle']);
  await expect(page.getByRole('tab', { name: 'Resellers' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Resellers' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: '.tmp/shots/crm-list.png' });

  await page.getByRole('tab', { name: 'Eindklanten' }).click();
  const endCustomers = page.getByRole('table', { name: 'Eindklanten' });
  await expect(endCustomers.locator('tbody tr')).toHaveCount(12);
  await page.getByRole('combobox', { name: 'Alle resellers' }).selectOption({ label: 'Techniek Groep Holland' });
  await expect(endCustomers.locator('tbody tr')).toHaveCount(3);
  await expect(endCustomers.locator('tbody tr').first()).toContainText('Techniek Groep Holland');
  await page.getByRole('combobox', { name: 'Alle resellers' }).selectOption({ label: 'Alle resellers' });
  await expect(endCustomers.locator('tbody tr')).toHaveCount(12);
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('IT Partners');
  await expect(endCustomers.locator('tbody tr')).toHaveCount(3);
  await expect(endCustomers.locator('tbody tr').first()).toContainText('IT Partners Nederland');

  const firstName = (await endCustomers.locator('tbody tr').first().locator('td').first().textContent())!.trim();
  await endCustomers.locator('tbody tr').first().getByRole('link', { name: 'Bekijken' }).click();
  await expect(page).toHaveURL(/\/klant\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);
  await expect(page.getByRole('heading', { name: 'Mijn locaties' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Eindgebruikers' })).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/crm-customer.png' });

  await page.getByRole('button', { name: 'Adres toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adres toevoegen' });
  await dialog.getByLabel('Postcode').fill('0123 AB');
  await dialog.getByLabel('Huisnummer').fill('5');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText(POSTCODE_MESSAGE)).toBeVisible();

  await dialog.getByLabel('Naam locatie').fill('Nieuw magazijn');
  await dialog.getByLabel('Postcode').fill('1099 XX');
  await expect(dialog.getByLabel('Plaats')).toHaveValue('Amsterdam');
  await dialog.getByLabel('Straat').fill('Testlaan');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Het adres is toegevoegd')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Mijn locaties' }).getByText('Testlaan 5, 1099 XX Amsterdam'),
  ).toBeVisible();

  // All addresses: the search starts from the second character.
  await page.getByRole('button', { name: /^Alle adressen/ }).click();
  const all = page.getByRole('dialog', { name: 'Alle adressen' });
  const count = await all.getByRole('listitem').count();
  expect(count).toBeGreaterThan(1);
  await all.getByRole('searchbox', { name: 'Zoek een adres' }).fill('T');
  await expect(all.getByRole('listitem')).toHaveCount(count);
  await all.getByRole('searchbox', { name: 'Zoek een adres' }).fill('Testl');
  await expect(all.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: '.tmp/shots/crm-all-addresses.png' });
});

test('an end-customer user sees only the Eindklanten and Eindgebruikers tabs', async ({ page, signedInAs }) => {
  await signedInAs('klant@demo.local');
  await page.goto('/crm');
  await expect(page.getByRole('tab')).toHaveText(['Eindklanten', 'Eindgebruikers']);
  await expect(page.getByRole('table', { name: 'Eindklanten' }).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Eindgebruikers' }).click();
  const users = page.getByRole('table', { name: 'Eindgebruikers' });
  await expect(users.locator('tbody tr')).toHaveCount(25);
  await page.screenshot({ path: '.tmp/shots/crm-endusers.png' });
  const name = (await users.locator('tbody tr').first().locator('td').first().textContent())!.trim();
  await users.locator('tbody tr').first().getByRole('link', { name: 'Bekijken' }).click();
  await expect(page.getByRole('heading', { name: 'Activiteiten' })).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/crm-enduser.png' });
  // End-customer users do not see the edit menu of a customer (spec 1 §2.9).
  const header = page.getByRole('region', { name });
  await expect(header).toBeVisible();
  await expect(header.getByRole('button', { name: 'Wijzigen' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Alle activiteiten' }).click();
  const activities = page.getByRole('table', { name: 'Activiteiten' });
  await expect(activities.getByRole('columnheader')).toHaveText(['Datum', 'Tijd', 'Omschrijving', 'Artikel']);
  await expect(activities.locator('tbody tr').first()).toContainText(/\d{2}-\d{2}-\d{4}/);
  await page.screenshot({ path: '.tmp/shots/crm-activities.png' });
});

test('a new customer is created from the top bar and the list is exported', async ({ page, signedInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm?tab=endcustomers');
  await page.getByRole('button', { name: 'Nieuwe klant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit veld is verplicht.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Zorggroep Zonnebloem');
  await dialog.getByLabel('Rol').selectOption({ label: 'Eindklant' });
  await expect(dialog.getByLabel('Factuurreferentie')).toBeVisible();
  await dialog.getByLabel('Reseller').fill('IT Partners');
  await page.getByTestId('modal-overlay').getByRole('option', { name: 'IT Partners Nederland' }).click();
  await dialog.getByLabel('Factuurreferentie').fill('REF-77');
  await page.screenshot({ path: '.tmp/shots/crm-new-customer.png' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De klant is aangemaakt')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zorggroep Zonnebloem');
  await expect(page.getByText('REF-77')).toBeVisible();

  await page.goto('/crm?tab=endcustomers');
  await page.getByRole('button', { name: 'Meer acties' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Exporteren' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^klanten-\d{8}-\d{6}\.xlsx$/);
});
