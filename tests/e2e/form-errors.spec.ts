import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { addCalendarDays, todayInAmsterdam } from '@domain/dates';

// Issue 46 points 1-3: one submit shows every error; required fields look required; lookups that speak.
const dmy = (iso: string) => iso.split('-').reverse().join('-');
const pastDay = () => dmy(addCalendarDays(todayInAmsterdam(), -30));
/** The field wrapper whose label reads `label` (with or without the required mark), to read the message under it. */
const fieldOf = (scope: Locator, label: string, page: Page) =>
  scope.locator('.field', { has: page.locator('label', { hasText: new RegExp(`^${label}\\s*\\*?$`) }) }).last();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('1: extra products with a past date and no bundle or order number shows all three messages in one submit', async ({ page, portal, signedInAs }) => {
  await signedInAs('klant@demo.local');
  await page.goto('/klant/29');
  await page.locator('.ticket-menu').getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Extra producten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extra producten' });
  await dialog.getByLabel('Leverdatum').fill(pastDay());
  await dialog.getByRole('button', { name: 'Aanvragen' }).click();

  await expect(fieldOf(dialog, 'Bundel', page).locator('.field-error')).toHaveText('Kies een bundel.');
  await expect(fieldOf(dialog, 'Leverdatum', page).locator('.field-error')).toHaveText('Kies een datum vanaf vandaag.');
  await expect(fieldOf(dialog, 'Ordernummer', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await page.screenshot({ path: '.tmp/shots/form-errors-extra-products.png' });
  const sent = await portal.db.selectFrom('deliveries').select('id').where('client_id', '=', 29).where('created_at', '>', new Date(Date.now() - 60_000)).execute();
  expect(sent).toEqual([]);
});

test('1: a new pre-notification with a past date and contract Ja flags the empty end date in the same submit', async ({ page, signedInAs }) => {
  await signedInAs('magazijn@demo.local');
  await page.goto('/voormeldingen');
  await page.getByRole('button', { name: 'Voormelding aanmaken' }).click();
  const form = page.getByRole('dialog', { name: 'Voormelding aanmaken' });
  await form.getByRole('group', { name: 'Contractgegevens' }).getByLabel('Ja').check();
  await form.getByLabel('Verwachte leverdatum').fill(pastDay());
  await form.getByRole('button', { name: 'Opslaan' }).click();

  await expect(fieldOf(form, 'Verwachte leverdatum', page).locator('.field-error')).toHaveText('Kies een datum vanaf vandaag.');
  await expect(fieldOf(form, 'Einddatum contract', page).locator('.field-error')).toHaveText('Vul de einddatum van het contract in.');
  await expect(fieldOf(form, 'Ordernummer', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(fieldOf(form, 'Voorraadeigenaar', page).locator('.field-error')).toHaveText('Kies Eindklant, Reseller of Operational lease.');
  await expect(form.locator('.field', { has: page.locator('#asn-client') }).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await page.screenshot({ path: '.tmp/shots/form-errors-prenotification.png' });
});
