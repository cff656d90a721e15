import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { test, expect, otpCode, signIn, type Portal } from './fixtures';
import { checkOutOffline, openTodayOnline } from './fieldwork-steps';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { DEMO_PASSWORD } from '../../server/db/seed/core';

// The service worker is part of what this file tests (what a shared device keeps); playwright.config.ts blocks it
// elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 21 point 2: one user's data never shows to the next user on a shared device. The Superuser's
 * session ends on the server without a sign-out (expired, removed); the reseller who signs in next in
 * the same tab sees only the reseller's own end customers.
 */

const SUPERUSER = 'beheerder@demo.local';
const RESELLER = 'reseller@demo.local';

/**
 * Counts, in every page of the test, the outbox timer's ticks (REPLAY_INTERVAL_MS, src/offline/outbox.ts)
 * and the outbox runs that ended (each holds the Web Lock 'portal-outbox', src/offline/lock.ts).
 */
function countOutboxRuns() {
  const seen = { ticks: 0, runs: 0 };
  (window as unknown as { outboxRuns: typeof seen }).outboxRuns = seen;
  const request = navigator.locks.request.bind(navigator.locks) as (
    name: string,
    ...rest: unknown[]
  ) => Promise<unknown>;
  (navigator.locks as unknown as { request: typeof request }).request = (name, ...rest) => {
    const run = request(name, ...rest);
    if (name === 'portal-outbox') void run.finally(() => (seen.runs += 1)).catch(() => undefined);
    return run;
  };
  const every = window.setInterval.bind(window) as (fn: () => void, ms?: number) => number;
  (window as unknown as { setInterval: typeof every }).setInterval = (fn, ms) =>
    every(ms === 5_000 ? () => ((seen.ticks += 1), fn()) : fn, ms);
}
const outboxRuns = (page: Page) =>
  page.evaluate(() => (window as unknown as { outboxRuns: { ticks: number; runs: number } }).outboxRuns);

/** The query cache entries on the device (src/api/persister.ts: one per user). */
const cacheEntries = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('portal-query-cache'))
      .sort(),
  );
const storedCache = (page: Page) =>
  page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('portal-query-cache'))
      .map(([, v]) => v)
      .join(''),
  );

/** End customers (by name) in the database: all of them, or those of the reseller a user belongs to. */
async function endCustomerNames(portal: Portal, email?: string): Promise<string[]> {
  let query = portal.db
    .selectFrom('clients')
    .select('clients.name')
    .where('clients.client_type_id', '=', ClientType.EINDKLANT)
    .where('clients.deleted_at', 'is', null);
  if (email) {
    const reseller = await portal.db
      .selectFrom('users')
      .innerJoin('contacts', 'contacts.id', 'users.contact_id')
      .select('contacts.client_id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    query = query.where('clients.parent_client_id', '=', reseller.client_id);
  }
  return (await query.execute()).map((r) => r.name).sort((a, b) => a.localeCompare(b));
}

/** The names the dashboard's customer choice offers (its list opened, as a user does). */
async function dashboardChoices(page: Page): Promise<string[]> {
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const choice = page.getByRole('combobox', { name: 'Klant' });
  await choice.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = (await options.allTextContents()).map((t) => t.trim());
  await choice.press('Escape');
  return names.sort((a, b) => a.localeCompare(b));
}

/** The end customers the CRM's filter on the Eindgebruikers tab offers. */
async function crmFilterChoices(page: Page): Promise<string[]> {
  await page.getByRole('link', { name: 'CRM', exact: true }).click();
  await page.getByRole('tab', { name: 'Eindgebruikers' }).click();
  const filter = page.getByRole('combobox', { name: 'Alle eindklanten' });
  await expect(filter).toBeVisible();
  const names = (await filter.locator('option').allTextContents())
    .map((t) => t.trim())
    .filter((t) => t !== 'Alle eindklanten');
  return names.sort((a, b) => a.localeCompare(b));
}

/** The login and two-step set-up in the tab as it is (no new page load: the page's memory stays). */
async function signInHere(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('link', { name: 'Volgende stap' }).click();
  const secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Verificatiecode').fill(otpCode(secret));
  await page.getByRole('button', { name: 'Activeren' }).click();
  await page.getByRole('link', { name: 'Direct naar het portaal' }).click();
}

test("after the Superuser's session ends without a sign-out, the reseller who signs in next sees only the own end customers", async ({
  page,
  portal,
}) => {
  const all = await endCustomerNames(portal);
  const own = await endCustomerNames(portal, RESELLER);
  expect(own.length).toBeGreaterThan(2); // the CRM shows its filter from three choices
  expect(all.length).toBeGreaterThan(own.length);

  await signIn(page, SUPERUSER);
  await page.getByRole('link', { name: 'Direct naar het portaal' }).click();
  expect(await dashboardChoices(page)).toEqual(all);
  expect(await crmFilterChoices(page)).toEqual(all);
  await expect.poll(() => cacheEntries(page)).toEqual([expect.stringMatching(/^portal-query-cache:user-\d+$/)]);

  // The session ends on the server (expired, removed): no sign-out in this tab.
  await portal.db.deleteFrom('sessions').execute();
  await page.getByRole('tab', { name: 'Alle' }).click(); // the next request is refused with 401
  await expect(page).toHaveURL(/\/inloggen$/);
  await expect.poll(() => cacheEntries(page)).toEqual([]);

  await signInHere(page, RESELLER);
  await expect(page).toHaveURL(/\/$/);
  expect(await dashboardChoices(page)).toEqual(own);
  expect(await crmFilterChoices(page)).toEqual(own);
  await page.screenshot({ path: '.tmp/shots/shared-device-reseller-crm.png' });
  const entries = await cacheEntries(page);
  expect(entries).toHaveLength(1);
  const stored = await page.evaluate((key) => localStorage.getItem(key) ?? '', entries[0]!);
  for (const name of all.filter((n) => !own.includes(n))) expect(stored).not.toContain(name);
});

/** The Superuser signs in and opens the dashboard: the device now keeps end customers the reseller may not see. */
async function superuserKeepsOtherResellersCustomers(page: Page, portal: Portal) {
  const own = await endCustomerNames(portal, RESELLER);
  const others = (await endCustomerNames(portal)).filter((n) => !own.includes(n));
  await signIn(page, SUPERUSER);
  await page.getByRole('link', { name: 'Direct naar het portaal' }).click();
  await dashboardChoices(page);
  await expect.poll(() => storedCache(page)).toContain(others[0]!);
}

test('a 401 on a request of an open page empties the persisted cache', async ({ page, portal }) => {
  await superuserKeepsOtherResellersCustomers(page, portal);

  await portal.db.deleteFrom('sessions').execute();
  await page.getByRole('link', { name: 'CRM', exact: true }).click();
  await expect(page).toHaveURL(/\/inloggen$/);
  await expect.poll(() => cacheEntries(page)).toEqual([]);
  await page.reload(); // nothing comes back after a reload either
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  expect(await cacheEntries(page)).toEqual([]);
});

test('a page opened after the session expired drops the cache it restored', async ({ page, portal }) => {
  await superuserKeepsOtherResellersCustomers(page, portal);

  // Expired while the tab was away: the next page load restores the cache, the server refuses the session.
  await portal.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 60_000) })
    .execute();
  await page.goto('/crm');
  await expect(page).toHaveURL(/\/inloggen/);
  await expect.poll(() => cacheEntries(page)).toEqual([]);
});

test('work one user queued offline waits on the device for that user: the next user neither sees nor sends it', async ({
  page,
  context,
  portal,
}) => {
  test.slow(); // two users sign in, one twice, with a wait for the outbox timer
  await page.addInitScript(countOutboxRuns);
  const customer = await portal.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const product = await portal.db
    .insertInto('products')
    .values({
      client_id: customer.id,
      product_group_id: 1,
      name: 'Laptop',
      article_number: 'E2E-SHD',
      unique_product_id: `E2E-SHD-${customer.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db
    .insertInto('items')
    .values({ product_id: product.id, client_id: customer.id, status_id: ItemStatus.INGEKLAARD, serial: 'SHD0000001' })
    .execute();
  const delivery = await portal.db
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.INDIENST,
      client_id: customer.id,
      carrier_id: Carrier.REUZADO,
      order_number: 'E2E-SHD-1',
      date: sql<string>`current_date`,
      contact: 'Piet Pieters',
      address: 'Stationsstraat 1, Utrecht',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db
    .insertInto('delivery_products')
    .values({ delivery_id: delivery.id, product_id: product.id, is_pickup: 0 })
    .execute();
  const checkedOut = async () =>
    (
      await portal.db
        .selectFrom('delivery_products')
        .select('checked_out_at')
        .where('delivery_id', '=', delivery.id)
        .executeTakeFirstOrThrow()
    ).checked_out_at !== null;

  // The warehouse worker checks out offline; meanwhile the session ends on the server.
  const secret = await signIn(page, 'magazijn@demo.local');
  await openTodayOnline(page, [delivery.id]); // the worker is installed: the check-out's code loads offline
  await page.getByRole('link', { name: /E2E-SHD-1/ }).click();
  await expect(page.getByRole('button', { name: 'Artikelen uitklaren' })).toBeVisible();
  await context.setOffline(true);
  await checkOutOffline(page, 'SHD0000001');
  await portal.db.deleteFrom('sessions').execute();
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/inloggen$/, { timeout: 20_000 }); // the replay was refused with 401: it waits

  await signInHere(page, SUPERUSER);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
  await page.goto('/wachtrij');
  await expect(page.getByText('Er staan geen acties in de wachtrij.')).toBeVisible();
  await expect(page.getByTestId('outbox-others')).toHaveText(
    'Er wacht 1 actie van een andere gebruiker op dit apparaat; die wordt verstuurd zodra die gebruiker hier weer inlogt.',
  );
  await page.screenshot({ path: '.tmp/shots/shared-device-outbox-other-user.png' });
  // The outbox timer ticks, and a run that began after it ends: nothing was sent for the Superuser.
  await expect.poll(async () => (await outboxRuns(page)).ticks, { timeout: 15_000 }).toBeGreaterThan(0);
  const runsAtTick = (await outboxRuns(page)).runs;
  await expect.poll(async () => (await outboxRuns(page)).runs, { timeout: 15_000 }).toBeGreaterThan(runsAtTick);
  expect(await checkedOut()).toBe(false);

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByLabel('E-mailadres').fill('magazijn@demo.local');
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByLabel('Verificatiecode').fill(otpCode(secret, 30_000)); // the set-up used this time step's code
  await page.getByRole('button', { name: 'Verifiëren' }).click();
  await expect.poll(checkedOut, { timeout: 20_000 }).toBe(true);
});
