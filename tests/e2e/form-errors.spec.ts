import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { addCalendarDays, todayInAmsterdam } from '@domain/dates';
import { ClientType } from '@domain/enums';
import { createAuthToken } from '../../server/modules/auth/commands';

// Issue 46 points 1-3: one submit shows every error; required fields look required; lookups that speak.
const dmy = (iso: string) => iso.split('-').reverse().join('-');
const pastDay = () => dmy(addCalendarDays(todayInAmsterdam(), -30));
/** The field wrapper whose label reads `label` (with or without the required mark), to read the message under it. */
const fieldOf = (scope: Locator, label: string, page: Page) =>
  scope.locator('.field', { has: page.locator('label', { hasText: new RegExp(`^${label}\\s*\\*?$`) }) }).last();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('1: extra products with a past date and no bundle or order number shows all three messages in one submit', async ({
  page,
  portal,
  signedInAs,
}) => {
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
  const sent = await portal.db
    .selectFrom('deliveries')
    .select('id')
    .where('client_id', '=', 29)
    .where('created_at', '>', new Date(Date.now() - 60_000))
    .execute();
  expect(sent).toEqual([]);
});

test('1: a new pre-notification with a past date and contract Ja flags the empty end date in the same submit', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('magazijn@demo.local');
  await page.goto('/voormeldingen');
  await page.getByRole('button', { name: 'Voormelding aanmaken' }).click();
  const form = page.getByRole('dialog', { name: 'Voormelding aanmaken' });
  await form.getByRole('group', { name: 'Contractgegevens' }).getByLabel('Ja').check();
  await form.getByLabel('Verwachte leverdatum').fill(pastDay());
  await form.getByRole('button', { name: 'Opslaan' }).click();

  await expect(fieldOf(form, 'Verwachte leverdatum', page).locator('.field-error')).toHaveText(
    'Kies een datum vanaf vandaag.',
  );
  await expect(fieldOf(form, 'Einddatum contract', page).locator('.field-error')).toHaveText(
    'Vul de einddatum van het contract in.',
  );
  await expect(fieldOf(form, 'Ordernummer', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(fieldOf(form, 'Voorraadeigenaar', page).locator('.field-error')).toHaveText(
    'Kies Eindklant, Reseller of Operational lease.',
  );
  await expect(form.locator('.field', { has: page.locator('#asn-client') }).locator('.field-error')).toHaveText(
    'Dit veld is verplicht.',
  );
  await page.screenshot({ path: '.tmp/shots/form-errors-prenotification.png' });
});

test("2: a new end user's Eindklant picker is marked required and says so when left empty", async ({
  page,
  signedInAs,
}) => {
  await signedInAs('reseller@demo.local');
  await page.goto('/crm');
  await page.getByRole('button', { name: 'Nieuwe klant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await dialog.getByLabel('Rol').selectOption({ label: 'Eindgebruiker' });
  const picker = fieldOf(dialog, 'Eindklant', page);
  await expect(picker.locator('.field-required')).toHaveText('*');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(picker.locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(fieldOf(dialog, 'Naam', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(dialog.getByText('Een gebruiker kan niet worden aangemaakt zonder voorraad.')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/form-errors-end-user-picker.png' });
});

test('2: activation names the unaccepted terms in the first submit', async ({ page, portal }) => {
  const client = await portal.db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow();
  const contact = await portal.db
    .insertInto('contacts')
    .values({
      client_id: client.id,
      first_name: 'Ida',
      last_name: 'Nieuw',
      title: 'Planner',
      phone: '0201234567',
      email: 'ida@demo.local',
      has_account: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await portal.db
    .insertInto('users')
    .values({
      contact_id: contact.id,
      name: 'Ida Nieuw',
      email: 'ida@demo.local',
      password_hash: null,
      activated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createAuthToken(portal.db, user.id, 'activation');
  await page.goto(`/activeren/${token}`);
  const terms = page.locator('.field', { has: page.getByLabel(/Ik ga akkoord met de gebruiksvoorwaarden/) });
  await expect(terms.locator('.field-required')).toHaveText('*');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Geheim123!');
  await page.getByLabel('Herhaal wachtwoord').fill('Anders123!');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(terms.locator('.field-error')).toHaveText('Je moet de gebruiksvoorwaarden accepteren.');
  await expect(page.getByText('De wachtwoorden komen niet overeen.')).toBeVisible();
  await expect(page.getByText('Selecteer een optie.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/activeren\//);
});

test("2: the dashboard's required Klant is marked, and says 'Dit veld is verplicht.' only once left empty", async ({
  page,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/');
  const customer = page.locator('.field', { has: page.getByLabel('Klant', { exact: true }) });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(customer.locator('.field-required')).toHaveText('*');
  await expect(page.getByText('Kies een klant om de statistieken te zien.')).toBeVisible();
  await expect(page.getByText('Dit veld is verplicht.')).toHaveCount(0);
  await page.getByLabel('Klant', { exact: true }).focus();
  await page.getByLabel('Jaar').focus();
  await expect(customer.locator('.field-error')).toHaveText('Dit veld is verplicht.');
});

test('3: the address form flags a wrong postcode on leaving it, and an unknown one opens street and city by hand', async ({
  page,
  portal,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  const customer = await portal.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${customer.id}`);
  await page.getByRole('button', { name: 'Adres toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adres toevoegen' });
  const postcode = dialog.getByLabel('Postcode');
  await postcode.fill('1234 A');
  await postcode.press('Tab');
  await expect(fieldOf(dialog, 'Postcode', page).locator('.field-error')).toHaveText(
    'Vul een correcte postcode en huisnummer in',
  );

  await postcode.fill('7777 XX');
  await expect(fieldOf(dialog, 'Postcode', page)).toContainText(
    'Postcode niet gevonden. Vul straat en plaats zelf in.',
  );
  await expect(fieldOf(dialog, 'Postcode', page).locator('.field-error')).toHaveCount(0);
  await expect(fieldOf(dialog, 'Straat', page).locator('.field-required')).toHaveText('*');
  await expect(fieldOf(dialog, 'Plaats', page).locator('.field-required')).toHaveText('*');
  await dialog.getByLabel('Huisnummer').fill('7');
  await dialog.getByLabel('Straat').fill('Nieuwe Weg');
  await dialog.getByLabel('Plaats').fill('Ergens');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Het adres is toegevoegd')).toBeVisible();
  const saved = await portal.db
    .selectFrom('addresses')
    .select(['street', 'city', 'zipcode'])
    .where('client_id', '=', customer.id)
    .where('street', '=', 'Nieuwe Weg')
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ street: 'Nieuwe Weg', city: 'Ergens', zipcode: '7777 XX' });
});

test("2 and 3: a new customer's unknown postcode marks Straat and Plaats required; phone 'abc' is refused", async ({
  page,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  await page.getByRole('button', { name: 'Nieuwe klant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await expect(fieldOf(dialog, 'Straat', page).locator('.field-required')).toHaveCount(0);
  await dialog.getByLabel('Postcode').fill('7777 XX');
  await expect(fieldOf(dialog, 'Postcode', page)).toContainText(
    'Postcode niet gevonden. Vul straat en plaats zelf in.',
  );
  await expect(fieldOf(dialog, 'Straat', page).locator('.field-required')).toHaveText('*');
  await expect(fieldOf(dialog, 'Plaats', page).locator('.field-required')).toHaveText('*');
  await expect(fieldOf(dialog, 'Voornaam', page).locator('.field-required')).toHaveCount(0);
  await dialog.getByLabel('Telefoonnummer').fill('abc');
  // A begun contact marks its required fields too.
  for (const label of ['Voornaam', 'Achternaam', 'Telefoonnummer', 'E-mailadres']) {
    await expect(fieldOf(dialog, label, page).locator('.field-required')).toHaveText('*');
  }
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(fieldOf(dialog, 'Telefoonnummer', page).locator('.field-error')).toHaveText(
    'Vul een geldig telefoonnummer in.',
  );
  await expect(fieldOf(dialog, 'Voornaam', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(fieldOf(dialog, 'Straat', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(fieldOf(dialog, 'Plaats', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await expect(fieldOf(dialog, 'Naam', page).locator('.field-error')).toHaveText('Dit veld is verplicht.');
  await page.screenshot({ path: '.tmp/shots/form-errors-new-customer.png' });
});

test("3: a repair request's phone 'abc' is refused in Dutch before sending", async ({ page, signedInAs }) => {
  await signedInAs('klant@demo.local');
  await page.goto('/klant/29');
  await page.locator('.ticket-menu').getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Reparatie' }).click();
  const repair = page.getByRole('dialog', { name: 'Reparatie' });
  await repair.getByLabel('Telefoonnummer').fill('abc');
  await repair.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(fieldOf(repair, 'Telefoonnummer', page).locator('.field-error')).toHaveText(
    'Vul een geldig telefoonnummer in.',
  );
  await expect(repair).toBeVisible();
});

test("3: a contact's phone 'abc' is refused in Dutch; digits with spaces, +, - and brackets are taken", async ({
  page,
  portal,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  const customer = await portal.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${customer.id}`);
  await page.getByRole('button', { name: 'Contactpersoon toevoegen' }).click();
  const contact = page.getByRole('dialog', { name: 'Contactpersoon toevoegen' });
  await contact.getByLabel('Voornaam').fill('Tom');
  await contact.getByLabel('Achternaam').fill('Telefoon');
  await contact.getByLabel('E-mailadres').fill('tom.telefoon@example.nl');
  await contact.getByRole('group', { name: 'Account' }).getByLabel('Nee').check();
  await contact.getByLabel('Telefoonnummer').fill('abc');
  await contact.getByRole('button', { name: 'Opslaan' }).click();
  await expect(fieldOf(contact, 'Telefoonnummer', page).locator('.field-error')).toHaveText(
    'Vul een geldig telefoonnummer in.',
  );
  await contact.getByLabel('Telefoonnummer').fill('+31 (0)6-1234 5678');
  await contact.getByRole('button', { name: 'Opslaan' }).click();
  await expect(contact).toBeHidden();
  const saved = await portal.db
    .selectFrom('contacts')
    .select('phone')
    .where('email', '=', 'tom.telefoon@example.nl')
    .executeTakeFirstOrThrow();
  expect(saved.phone).toBe('+31 (0)6-1234 5678');
});
