import { test, expect, type Portal } from './fixtures';
import type { Page } from '@playwright/test';

const NEW_PASSWORD = 'Nieuw-Wachtwoord1';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/shots/contacts-${name}.png` });
}

async function firstClientOfType(portal: Portal, typeId: number) {
  return portal.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('client_type_id', '=', typeId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** The activation link in a mail to `email`; the .eml body may be quoted-printable (soft breaks, =3D). */
function activationPath(mails: string[], email: string): string | null {
  for (const raw of mails) {
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const found = /\/activeren\/([A-Za-z0-9._~-]+)/.exec(text);
    if (found) return `/activeren/${found[1]}`;
  }
  return null;
}

test('a contact with an account is added to an end customer and activates the account', async ({
  page,
  portal,
  browser,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const customer = await firstClientOfType(portal, 3);
  await page.goto(`/klant/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(customer.name);

  await page.getByRole('button', { name: 'Contactpersoon toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contactpersoon toevoegen' });
  await dialog.getByLabel('Voornaam').fill('Sanne');
  await dialog.getByLabel('Achternaam').fill('de Vries');
  await dialog.getByLabel('Functie').fill('Teamleider');
  await dialog.getByLabel('Telefoonnummer').fill('0612345678');
  await dialog.getByLabel('E-mailadres').fill('sanne.devries@example.nl');
  await dialog.getByRole('radio', { name: 'Ja' }).check();
  // The role choice appears for a new account (beheerder may list roles); left empty the server picks the default.
  await expect(dialog.getByLabel('Rol')).toBeVisible();
  await shot(page, 'form-filled');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();

  await expect(
    page.getByText('De gebruiker is aangemaakt. Er is een activatiemail verstuurd naar sanne.devries@example.nl.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: 'Sanne de Vries' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Teamleider');
  await expect(card).toContainText('Heeft een account');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'list');

  const saved = await portal.db
    .selectFrom('contacts')
    .select(['client_id', 'has_account'])
    .where('email', '=', 'sanne.devries@example.nl')
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ client_id: customer.id, has_account: true });

  let link: string | null = null;
  await expect.poll(() => (link = activationPath(portal.mails(), 'sanne.devries@example.nl'))).not.toBeNull();

  const fresh = await browser.newContext({ baseURL: portal.url });
  const invited = await fresh.newPage();
  await invited.goto(link!);
  await expect(invited.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
  await invited.getByLabel('Wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel('Herhaal wachtwoord').fill(NEW_PASSWORD);
  await invited.getByLabel(/Ik ga akkoord met de gebruiksvoorwaarden/).check();
  await invited.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(invited).toHaveURL(/\/tweestapsverificatie$/);
  await expect(invited.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  await fresh.close();
});

test('the contact form shows the Dutch messages for empty required fields', async ({ page, portal, signedInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const customer = await firstClientOfType(portal, 3);
  const before = await portal.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${customer.id}`);
  await page.getByRole('button', { name: 'Contactpersoon toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contactpersoon toevoegen' });
  await dialog.getByRole('button', { name: 'Opslaan' }).click();

  await expect(dialog.getByText('Dit veld is verplicht.')).toHaveCount(4);
  await expect(dialog.getByText('Selecteer een optie.')).toBeVisible();
  await expect(dialog.getByLabel('Voornaam')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Functie')).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'form-errors');

  // A wrong e-mail address gets its own message; the typed names clear theirs.
  await dialog.getByLabel('Voornaam').fill('Piet');
  await dialog.getByLabel('Achternaam').fill('Jansen');
  await dialog.getByLabel('Telefoonnummer').fill('0201234567');
  await dialog.getByLabel('E-mailadres').fill('geen-adres');
  await dialog.getByRole('radio', { name: 'Nee' }).check();
  await expect(dialog.getByLabel('Rol')).toBeHidden();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit veld is verplicht.')).toHaveCount(0);
  await expect(dialog.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
  const after = await portal.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));

  // A taken e-mail address comes back from the server (422) under the field.
  const taken = 'beheerder@demo.local';
  await dialog.getByLabel('E-mailadres').fill(taken);
  await dialog.getByRole('radio', { name: 'Ja' }).check();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
});

test('a contact is changed and deleted after the confirmation', async ({ page, portal, signedInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const customer = await firstClientOfType(portal, 3);
  const contact = await portal.db
    .insertInto('contacts')
    .values({
      client_id: customer.id,
      first_name: 'Kees',
      last_name: 'Tijdelijk',
      title: null,
      phone: '0301234567',
      email: 'kees.tijdelijk@example.nl',
      has_account: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${customer.id}`);

  await page.getByRole('button', { name: 'Kees Tijdelijk wijzigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contactpersoon wijzigen' });
  await expect(dialog.getByLabel('Telefoonnummer')).toHaveValue('0301234567');
  await expect(dialog.getByRole('radio', { name: 'Nee' })).toBeChecked();
  await dialog.getByLabel('Functie').fill('Inkoper');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De contactpersoon is gewijzigd')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Kees Tijdelijk' })).toContainText('Inkoper');

  await page.getByRole('button', { name: 'Kees Tijdelijk verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Weet je het zeker?' });
  await expect(confirm).toContainText('Weet je zeker dat je Kees Tijdelijk wilt verwijderen?');
  // Cancelling keeps the contact.
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('listitem', { name: 'Kees Tijdelijk' })).toBeVisible();

  await page.getByRole('button', { name: 'Kees Tijdelijk verwijderen' }).click();
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('De contactpersoon is verwijderd')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Kees Tijdelijk' })).toHaveCount(0);
  const row = await portal.db
    .selectFrom('contacts')
    .select('deleted_at')
    .where('id', '=', contact.id)
    .executeTakeFirstOrThrow();
  expect(row.deleted_at).not.toBeNull();
});

test('a reseller contact is linked to end customers; the provider adds employees', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const reseller = await firstClientOfType(portal, 2);
  const ends = await portal.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('parent_client_id', '=', reseller.id)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  expect(ends.length).toBeGreaterThan(0);
  await page.goto(`/klant/${reseller.id}`);
  await page.getByRole('button', { name: 'Contactpersoon toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contactpersoon toevoegen' });
  await dialog.getByLabel('Voornaam').fill('Ruben');
  await dialog.getByLabel('Achternaam').fill('Bakker');
  await dialog.getByLabel('Telefoonnummer').fill('0101234567');
  await dialog.getByLabel('E-mailadres').fill('ruben.bakker@example.nl');
  await dialog.getByRole('radio', { name: 'Nee' }).check();
  await dialog.getByRole('checkbox', { name: ends[0]!.name, exact: true }).check();
  await shot(page, 'reseller-form');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De contactpersoon is aangemaakt')).toBeVisible();

  const saved = await portal.db
    .selectFrom('contacts')
    .select('id')
    .where('email', '=', 'ruben.bakker@example.nl')
    .executeTakeFirstOrThrow();
  const links = await portal.db
    .selectFrom('contact_reseller_end_client')
    .select('endclient_id')
    .where('contact_id', '=', saved.id)
    .execute();
  expect(links.map((l) => l.endclient_id)).toEqual([ends[0]!.id]);

  // The edit form shows the linked end customer ticked.
  await page.getByRole('button', { name: 'Ruben Bakker wijzigen' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Contactpersoon wijzigen' })
      .getByRole('checkbox', { name: ends[0]!.name, exact: true }),
  ).toBeChecked();
  await page
    .getByRole('dialog', { name: 'Contactpersoon wijzigen' })
    .getByRole('button', { name: 'Annuleren' })
    .click();

  await page.goto('/klant/1');
  await expect(page.getByRole('button', { name: 'Medewerker toevoegen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contactpersoon toevoegen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Medewerker toevoegen' }).click();
  await expect(page.getByRole('dialog', { name: 'Medewerker toevoegen' })).toBeVisible();
});

test('an end-customer user gets no contact buttons, like no Edit button', async ({ page, portal, signedInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('klant@demo.local');
  const own = await portal.db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select(['clients.id', 'clients.name'])
    .where('users.email', '=', 'klant@demo.local')
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${own.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.name);
  const header = page.getByRole('region', { name: own.name });
  await expect(header.getByRole('listitem', { name: 'Karin Klant' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Contactpersoon toevoegen' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: /wijzigen|verwijderen/i })).toHaveCount(0);
});

test('failures: the catalogue toast when saving fails, the server reason when deleting the own contact', async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  await page.goto('/klant/1');
  const me = await portal.db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .select(['contacts.id', 'contacts.first_name', 'contacts.last_name'])
    .where('users.email', '=', 'beheerder@demo.local')
    .executeTakeFirstOrThrow();
  const name = `${me.first_name} ${me.last_name}`;

  await page.getByRole('button', { name: `${name} verwijderen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Weet je het zeker?' });
  await expect(confirm).toContainText('Het account van deze persoon wordt ook verwijderd.');
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Je kunt je eigen account niet verwijderen.')).toBeVisible();
  await expect(page.getByRole('listitem', { name })).toBeVisible();
  const still = await portal.db
    .selectFrom('contacts')
    .select('deleted_at')
    .where('id', '=', me.id)
    .executeTakeFirstOrThrow();
  expect(still.deleted_at).toBeNull();

  // A server failure that is not a validation error: the catalogue's text (spec 1 §8), the form stays open.
  await page.route('**/api/contacts', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Server Error' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Medewerker toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Medewerker toevoegen' });
  await dialog.getByLabel('Voornaam').fill('Joost');
  await dialog.getByLabel('Achternaam').fill('Magazijn');
  await dialog.getByLabel('Telefoonnummer').fill('0101234567');
  await dialog.getByLabel('E-mailadres').fill('joost@example.nl');
  await dialog.getByRole('radio', { name: 'Ja' }).check();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Er is helaas iets fout gegaan bij het aanmaken van de gebruiker')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Voornaam')).toHaveValue('Joost');
});
