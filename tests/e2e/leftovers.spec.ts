import { test, expect, signIn, type Portal } from './fixtures';
import { endCustomerAndOther, scan, todaysDelivery } from './fieldwork-steps';
import { grantRight } from '../support/hierarchy';
import { ItemStatus, PROVIDER_CLIENT_ID } from '@domain/enums';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { hashPassword } from '../../server/lib/passwords';

// The service worker is part of what this file tests (work left on the device offline); playwright.config.ts blocks it
// elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 23, what the last round left: the scan field says how offline scans were judged once the
 * connection returns; a cancelled delivery says 'Geannuleerd' once; a user-admin sees no edit,
 * 2FA-reset or delete button on a user who holds more rights than it does.
 */

/** An end customer's end user with a laptop article, and a tablet of another end customer. */
async function checkOutSetUp(portal: Portal) {
  const { endCustomer, other } = await endCustomerAndOther(portal);
  const product = (client: number, name: string) =>
    portal.db
      .insertInto('products')
      .values({
        client_id: client,
        product_group_id: 1,
        name,
        article_number: `E2E-LEFT-${name}`,
        unique_product_id: `E2E-LEFT-${name}-${client}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const laptop = await product(endCustomer.id, 'Laptop');
  const tablet = await product(other.id, 'Tablet');
  const item = (productId: number, clientId: number, serial: string) =>
    portal.db
      .insertInto('items')
      .values({ product_id: productId, client_id: clientId, status_id: ItemStatus.INGEKLAARD, serial })
      .execute();
  await item(laptop, endCustomer.id, 'SCL0000001');
  await item(tablet, other.id, 'SCL0000009');
  return todaysDelivery(portal, endCustomer.end_user_id, 'E2E-LEFT-1', [laptop, laptop]);
}

test('offline scans: once the connection returns, the scan field says how they were judged', async ({
  page,
  context,
  portal,
}) => {
  const id = await checkOutSetUp(portal);
  await signIn(page, 'magazijn@demo.local');
  await page.goto(`/leveringen/${id}`);
  await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
  const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
  const status = modal.locator('.scan-status');
  const field = modal.getByLabel('Serienummer', { exact: true });

  await context.setOffline(true);
  await field.click();
  await scan(page, 'SCL0000001');
  await expect(status).toHaveText('SCL0000001 toegevoegd, nog niet gecontroleerd');
  await context.setOffline(false);
  await expect(status).toHaveText('SCL0000001 gecontroleerd');
  await expect(status).toHaveAttribute('role', 'status');

  // Another customer's serial scanned offline: once judged, the field says why it is refused.
  await context.setOffline(true);
  await field.click();
  await scan(page, 'SCL0000009');
  await expect(status).toHaveText('SCL0000009 toegevoegd, nog niet gecontroleerd');
  await context.setOffline(false);
  await expect(status).toHaveText('SCL0000009: Serienummer hoort niet bij deze levering.');
  await expect(status).toHaveAttribute('role', 'alert');
  const list = modal.getByRole('list', { name: 'Gescande serienummers' }).getByRole('listitem');
  await expect(list.filter({ hasText: 'SCL0000009' })).toContainText('Serienummer hoort niet bij deze levering.');
  await expect(list.filter({ hasText: 'SCL0000001' }).locator('.fw-serial-text')).toHaveText('SCL0000001');
  await expect(modal.getByText('nog niet gecontroleerd')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/leftovers-scan-rechecked.png' });
});

test("a cancelled delivery says 'Geannuleerd' once, among its actions", async ({ page, portal }) => {
  const { endCustomer } = await endCustomerAndOther(portal);
  const product = await portal.db
    .selectFrom('products')
    .select('id')
    .where('client_id', '=', endCustomer.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const id = await todaysDelivery(portal, endCustomer.end_user_id, 'E2E-LEFT-CANCEL', [product.id]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'beheerder@demo.local');
  await page.goto(`/leveringen/${id}`);
  const header = page.locator('section.panel').filter({ has: page.getByRole('button', { name: 'Print pakbon' }) });
  await expect(header.getByTestId('delivery-status')).toHaveText('Open');

  await page.getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: 'Annuleren' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Levering annuleren' }).click();
  await expect(page.getByText('De levering is geannuleerd')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Toch leveren' })).toBeVisible();
  await expect(header.getByText('Geannuleerd', { exact: true })).toHaveCount(1);
  await expect(header.getByText('Status', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/leftovers-cancelled-delivery.png' });

  // Delivered after all: the status is back in its place.
  await header.getByRole('button', { name: 'Toch leveren' }).click();
  await expect(header.getByTestId('delivery-status')).toHaveText('Open');
  await expect(header.getByText('Geannuleerd', { exact: true })).toHaveCount(0);
});

test('a user-admin sees no edit, 2FA-reset or delete button on a user with more rights, and sees them on one it may manage', async ({
  page,
  portal,
}) => {
  // The warehouse role becomes a user-admin: still far fewer rights than the administrator (Superuser).
  for (const right of ['Gebruiker bekijken', 'Gebruiker wijzigen', 'Gebruiker verwijderen', '2FA uitschakelen'])
    await grantRight(portal.db, 'Magazijn', right);
  const admin = await portal.db
    .updateTable('users')
    .set({ otp_enabled: true, otp_secret: 'JBSWY3DPEHPK3PXP' })
    .where('email', '=', 'beheerder@demo.local')
    .returning('id')
    .executeTakeFirstOrThrow();
  // A colleague with the same role: nothing the user-admin lacks.
  const contact = await portal.db
    .insertInto('contacts')
    .values({
      client_id: PROVIDER_CLIENT_ID,
      first_name: 'Wim',
      last_name: 'Werkplaats',
      phone: '0201234567',
      email: 'wim@demo.local',
      has_account: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const colleague = await portal.db
    .insertInto('users')
    .values({
      contact_id: contact.id,
      name: 'Wim Werkplaats',
      email: 'wim@demo.local',
      password_hash: await hashPassword(DEMO_PASSWORD),
      activated_at: new Date(),
      otp_enabled: true,
      otp_secret: 'JBSWY3DPEHPK3PXP',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await portal.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'Magazijn')
    .executeTakeFirstOrThrow();
  await portal.db.insertInto('role_user').values({ user_id: colleague.id, role_id: role.id }).execute();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'magazijn@demo.local');
  const buttons = ['Bewerken', '2FA resetten', 'Verwijderen'];

  await page.goto(`/gebruikers/${admin.id}`);
  await expect(page.getByRole('heading', { name: 'Bea Beheerder', level: 2 })).toBeVisible();
  // Two-step verification is on: only the rule on rights hides '2FA resetten'.
  await expect(page.getByTestId('otp-status')).toHaveText('Actief');
  for (const name of buttons) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/leftovers-user-not-manageable.png' });

  await page.goto(`/gebruikers/${colleague.id}`);
  await expect(page.getByRole('heading', { name: 'Wim Werkplaats', level: 2 })).toBeVisible();
  for (const name of buttons) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
});
