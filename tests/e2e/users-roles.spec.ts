import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { DEMO_PASSWORD } from '../../server/db/seed/core';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });
const menuLabels = (page: Page) => sidebar(page).getByRole('list').getByRole('link').allTextContents();
const topBarButtons = (page: Page) => page.locator('.topbar-actions button');
const toast = (page: Page) => page.locator('.toast');

async function shot(page: Page, name: string) {
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `.tmp/shots/users-roles-${name}.png` });
}

async function signOut(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByRole('dialog', { name: 'Uitloggen' }).getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/inloggen/);
}

test('a role with a few rights shows its holder exactly the menu entries and buttons those rights allow', async ({
  page,
  portal,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');

  // A new role from the top bar of the roles list.
  await page.goto('/rollen-en-rechten');
  await expect(page.getByRole('cell', { name: 'Superuser', exact: true })).toBeVisible();
  await shot(page, 'roles-list');
  await page.locator('.topbar-actions').getByRole('button', { name: 'Nieuwe rol' }).click();
  const form = page.getByRole('dialog', { name: 'Nieuwe rol' });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Dit veld is verplicht.')).toHaveCount(2);
  await form.getByLabel('Titel').fill('Kijker');
  await form.getByLabel('Omschrijving').fill('Mag klanten en voorraad bekijken');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page)).toContainText('De rol is aangemaakt');
  await expect(page).toHaveURL(/\/rollen-en-rechten\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Kijker' }).first()).toBeVisible();
  await expect(page.getByTestId('role-users')).toHaveText('0 gebruikers');

  // Tick two rights and save.
  await page.getByRole('checkbox', { name: 'Klant bekijken' }).check();
  await page.getByRole('checkbox', { name: 'Voorraad bekijken' }).check();
  await shot(page, 'role-detail');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page)).toContainText('De rechten zijn opgeslagen bij deze rol');
  const stored = await portal.db
    .selectFrom('permission_role')
    .innerJoin('roles', 'roles.id', 'permission_role.role_id')
    .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
    .select('permissions.name')
    .where('roles.name', '=', 'Kijker')
    .execute();
  expect(stored.map((r) => r.name).sort()).toEqual(['Klant bekijken', 'Voorraad bekijken']);

  // Give the role to the warehouse user instead of its own role.
  await page.goto('/gebruikersbeheer');
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('magazijn@');
  await expect(page.getByRole('row')).toHaveCount(2);
  await shot(page, 'users-list');
  await page
    .getByRole('row', { name: /Mark Magazijn/ })
    .getByRole('link', { name: 'Bekijken' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Mark Magazijn' })).toBeVisible();
  await expect(page.getByTestId('otp-status')).toHaveText('Inactief');
  await page.getByRole('button', { name: 'Bewerken' }).click();
  const edit = page.getByRole('dialog', { name: 'Gebruiker wijzigen' });
  await edit.getByRole('checkbox', { name: 'Magazijn' }).uncheck();
  await edit.getByRole('checkbox', { name: 'Kijker' }).check();
  await shot(page, 'user-edit');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page)).toContainText('De gebruiker is aangepast');
  await expect(page.locator('.um-badge')).toHaveText(['Kijker']);
  await shot(page, 'user-detail');

  // The warehouse user signs in: no Dashboard right, so it lands on the customer list.
  await signOut(page);
  await signIn(page, 'magazijn@demo.local');
  await expect(page).toHaveURL(/\/crm/, { timeout: 15_000 });
  // The address changes before the page is drawn: the menu is read once the customer list shows.
  await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
  expect(await menuLabels(page)).toEqual(['CRM', 'Voorraad', 'EOL overzicht', 'Instellingen']);
  await expect(topBarButtons(page)).toHaveCount(0); // no 'Klant aanmaken', no 'Klant exporteren'
  await sidebar(page).getByRole('link', { name: 'Voorraad', exact: true }).click();
  await expect(page).toHaveURL(/\/voorraad/);
  await expect(page.getByRole('heading', { level: 1, name: 'Voorraad' })).toBeVisible();
  await expect(topBarButtons(page)).toHaveCount(0); // no stock create, import, export or call-off
  await sidebar(page).getByRole('link', { name: 'EOL overzicht' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'EOL overzicht' })).toBeVisible();
  await expect(topBarButtons(page)).toHaveCount(0); // no 'EOL exporteren'
  await page.goto('/gebruikersbeheer');
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
});

test('a reset of two-step verification forces the user into the set-up at the next sign-in', async ({
  page,
  portal,
  signedInAs,
}) => {
  await signIn(page, 'reseller@demo.local');
  await signOut(page);
  const reseller = await portal.db
    .selectFrom('users')
    .select(['id', 'otp_enabled'])
    .where('email', '=', 'reseller@demo.local')
    .executeTakeFirstOrThrow();
  expect(reseller.otp_enabled).toBe(true);

  await signedInAs('beheerder@demo.local');
  await page.goto(`/gebruikers/${reseller.id}`);
  await expect(page.getByTestId('otp-status')).toHaveText('Actief');
  await page.getByRole('button', { name: '2FA resetten' }).click();
  await page.getByRole('dialog', { name: 'Weet je het zeker?' }).getByRole('button', { name: '2FA resetten' }).click();
  await expect(toast(page)).toContainText('2FA is uitgeschakeld');
  await expect(page.getByTestId('otp-status')).toHaveText('Inactief');
  await expect(page.getByRole('button', { name: '2FA resetten' })).toHaveCount(0);
  await signOut(page);

  await page.getByLabel('E-mailadres').fill('reseller@demo.local');
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/tweestapsverificatie$/);
  await page.goto('/crm');
  await expect(page).toHaveURL(/\/tweestapsverificatie$/);
  await expect(page.getByRole('link', { name: 'Volgende stap' })).toBeVisible();
});

test('exporting users downloads a workbook; deleting a user asks first, then reloads at the start; the profile and settings pages show the own account', async ({
  page,
  portal,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  // The top bar's export on the user list downloads a workbook named with a timestamp.
  await page.goto('/gebruikersbeheer');
  await expect(page.getByRole('cell', { name: 'beheerder@demo.local' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.locator('.topbar-actions').getByRole('button', { name: 'Exporteren' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^gebruikers-\d{8}-\d{6}\.xlsx$/);

  const klant = await portal.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'klant@demo.local')
    .executeTakeFirstOrThrow();
  await page.goto(`/gebruikers/${klant.id}`);
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Weet je het zeker?' });
  await expect(confirm).toContainText('Karin Klant');
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page)).toContainText('Gebruiker is verwijderd');
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const row = await portal.db
    .selectFrom('users')
    .select('deleted_at')
    .where('id', '=', klant.id)
    .executeTakeFirstOrThrow();
  expect(row.deleted_at).not.toBeNull();

  await page.goto('/profiel');
  await expect(page.getByRole('heading', { level: 2, name: 'Bea Beheerder' })).toBeVisible();
  await expect(page.getByTestId('otp-status')).toHaveText('Actief');
  await expect(page.locator('.um-badge')).toHaveText(['Superuser']);
  await shot(page, 'profile');
  await page.getByRole('button', { name: 'Bewerken' }).click();
  const edit = page.getByRole('dialog', { name: 'Profiel bewerken' });
  await edit.getByLabel('Naam').fill('Bea de Beheerder');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(toast(page)).toContainText('De gebruiker is aangepast');
  await expect(page.getByRole('heading', { level: 2, name: 'Bea de Beheerder' })).toBeVisible();

  await page.goto('/instellingen');
  await expect(page.getByRole('link', { name: 'Mijn profiel' }).last()).toBeVisible();
  await expect(page.getByTestId('app-version')).not.toBeEmpty();
  await shot(page, 'settings');
});
