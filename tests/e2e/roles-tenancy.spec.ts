import fs from 'node:fs';
import { test, expect } from './fixtures';
import { ClientType, PROVIDER_CLIENT_ID } from '@domain/enums';

/** Issue 22 point 3: a reseller sees the provider's roles as templates and its own roles, never another reseller's. */
test("a reseller's roles page lists templates it cannot change, its own roles it can, and not another reseller's", async ({
  page,
  portal,
  signedInAs,
}) => {
  const db = portal.db;
  const reseller = await db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .select('contacts.client_id')
    .where('users.email', '=', 'reseller@demo.local')
    .executeTakeFirstOrThrow();
  const other = await db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.RESELLER)
    .where('id', '!=', reseller.client_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('roles')
    .values({ client_id: other.id, name: 'Planner van de buren', description: 'Rol van een andere reseller' })
    .execute();
  const template = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'Reseller')
    .where('client_id', '=', PROVIDER_CLIENT_ID)
    .executeTakeFirstOrThrow();
  const rights = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', 'in', ['Rol bekijken', 'Rol aanmaken', 'Rol wijzigen', 'Rol verwijderen'])
    .execute();
  await db
    .insertInto('permission_role')
    .values(rights.map((r) => ({ role_id: template.id, permission_id: r.id })))
    .execute();

  await signedInAs('reseller@demo.local');
  await page.goto('/rollen-en-rechten');
  await expect(page.getByRole('cell', { name: 'Reseller', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Magazijn', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Planner van de buren' })).toHaveCount(0);

  // A template: seen with its rights, but no edit, delete or save.
  await page
    .getByRole('row', { name: /^Reseller / })
    .getByRole('link', { name: 'Bekijken' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reseller' })).toBeVisible();
  await expect(page.getByTestId('role-template')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wijzigen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Klant bekijken' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Klant bekijken' })).toBeDisabled();
  fs.mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: '.tmp/shots/roles-tenancy-template.png', fullPage: true });

  // Its own new role: editable.
  await page.goto('/rollen-en-rechten');
  await page.locator('.topbar-actions').getByRole('button', { name: 'Nieuwe rol' }).click();
  const form = page.getByRole('dialog', { name: 'Nieuwe rol' });
  await form.getByLabel('Titel').fill('Planner');
  await form.getByLabel('Omschrijving').fill('Eigen planning');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/rollen-en-rechten\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Planner' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wijzigen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verwijderen' })).toBeVisible();
  await expect(page.getByTestId('role-template')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Klant bekijken' }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.locator('.toast')).toContainText('De rechten zijn opgeslagen bij deze rol');
  const own = await db.selectFrom('roles').select('client_id').where('name', '=', 'Planner').executeTakeFirstOrThrow();
  expect(own.client_id).toBe(reseller.client_id);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '.tmp/shots/roles-tenancy-own.png' });
});
