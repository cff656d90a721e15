import type { Locator, Page } from '@playwright/test';
import { test, expect, type Portal } from './fixtures';
import { endCustomerAndOther, scan, todaysDelivery } from './fieldwork-steps';
import { ItemStatus } from '@domain/enums';

// The service worker is part of what this file tests (scans offline); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 21: scanning at check-out on a phone. Every scan is judged by the server at once (a refused
 * serial beeps low and is not added); offline a scan is added as 'nog niet gecontroleerd' and judged
 * when it reaches the server; the check-in names a serial already in stock as such; both scan dialogs
 * fit a 360 px screen with every button reachable and no sideways scrolling.
 */

const phone = (width: number) => ({
  viewport: { width, height: 760 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});

/** An end customer with an end user and a laptop article; another end customer with a tablet. */
async function setUp(portal: Portal) {
  const { endCustomer, other } = await endCustomerAndOther(portal);
  const product = (client: number, name: string) =>
    portal.db
      .insertInto('products')
      .values({
        client_id: client,
        product_group_id: 1,
        name,
        article_number: `E2E-SCAN-${name}`,
        unique_product_id: `E2E-SCAN-${name}-${client}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  return {
    endCustomer: endCustomer.id,
    endUser: endCustomer.end_user_id,
    other: other.id,
    laptop: await product(endCustomer.id, 'Laptop'),
    tablet: await product(other.id, 'Tablet'),
  };
}

const item = (portal: Portal, productId: number, clientId: number, serial: string) =>
  portal.db
    .insertInto('items')
    .values({ product_id: productId, client_id: clientId, status_id: ItemStatus.INGEKLAARD, serial })
    .execute();

/** Serials of the delivery's checked-out lines. */
const checkedOut = async (portal: Portal, id: number) =>
  (
    await portal.db
      .selectFrom('delivery_products as dp')
      .innerJoin('items as i', 'i.id', 'dp.item_id')
      .select('i.serial')
      .where('dp.delivery_id', '=', id)
      .where('dp.checked_out_at', 'is not', null)
      .orderBy('i.serial')
      .execute()
  ).map((r) => r.serial);

/** Records the pitch of every beep the page plays: 1320 Hz accepted, 220 Hz refused (src/ui/scan/feedback.ts). */
async function recordBeeps(page: Page) {
  await page.addInitScript(() => {
    const beeps: number[] = [];
    (window as unknown as { beeps: number[] }).beeps = beeps;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      beeps.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
}
const beeps = (page: Page) =>
  page.evaluate(() => (window as unknown as { beeps: number[] }).beeps.map((f) => (f > 1000 ? 'ok' : 'refused')));

/** No sideways scrolling, the dialog within the screen, and every button of it reachable on screen. */
async function expectFits(page: Page, dialog: Locator, width: number, names: string[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  for (const name of names) await expect(dialog.getByRole('button', { name, exact: true }).first()).toBeVisible();
  const buttons = dialog.getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(names.length);
  const height = page.viewportSize()!.height;
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const b = (await button.boundingBox())!;
    const label = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    expect(b.x, label).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, label).toBeLessThanOrEqual(width);
    expect(b.y, label).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height, label).toBeLessThanOrEqual(height);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const checkOutButtons = ['Sluiten', 'Toevoegen', 'Camera', 'Opslaan', 'Annuleren'];

test.describe('360 px phone', () => {
  test.use(phone(360));
  test.slow();

  test('each scan is judged at once; offline scans wait unchecked and are checked and saved when sent', async ({
    page,
    context,
    portal,
    signedInAs,
  }) => {
    const s = await setUp(portal);
    for (const sn of ['SCN0000001', 'SCN0000002']) await item(portal, s.laptop, s.endCustomer, sn);
    await item(portal, s.tablet, s.other, 'SCF0000001');
    const id = await todaysDelivery(portal, s.endUser, 'E2E-SCAN-1', [s.laptop, s.laptop]);

    await recordBeeps(page);
    await signedInAs('magazijn@demo.local');
    await page.goto(`/leveringen/${id}`);
    await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
    const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
    await expectFits(page, modal, 360, checkOutButtons);
    const list = modal.getByRole('list', { name: 'Gescande serienummers' }).getByRole('listitem');
    const status = modal.locator('.scan-status');

    await modal.getByLabel('Serienummer', { exact: true }).click();
    await scan(page, 'SCN0000001');
    await expect(status).toHaveText('SCN0000001 toegevoegd');
    await expect(list).toHaveCount(1);
    // Unknown: refused at once with the check-out's text, a low beep, and not added.
    await scan(page, 'SCX9999999');
    await expect(status).toHaveText('SCX9999999: Serienummer is niet gevonden.');
    await expect(status).toHaveAttribute('role', 'alert');
    await expect(list).toHaveCount(1);
    // Another customer's serial: refused at once too.
    await scan(page, 'SCF0000001');
    await expect(status).toHaveText('SCF0000001: Serienummer hoort niet bij deze levering.');
    await expect(list).toHaveCount(1);
    expect(await beeps(page)).toEqual(['ok', 'refused', 'refused']);
    await expectFits(page, modal, 360, checkOutButtons);
    await page.screenshot({ path: '.tmp/shots/scan-checkout-refused-360.png' });

    // Offline: the scan is kept, marked as not yet checked.
    await context.setOffline(true);
    await modal.getByLabel('Serienummer', { exact: true }).click();
    await scan(page, 'SCN0000002');
    await expect(status).toHaveText('SCN0000002 toegevoegd, nog niet gecontroleerd');
    await expect(list.filter({ hasText: 'SCN0000002' })).toContainText('nog niet gecontroleerd');
    await expect(list.filter({ hasText: 'SCN0000001' })).not.toContainText('nog niet gecontroleerd');
    expect(await beeps(page)).toEqual(['ok', 'refused', 'refused', 'ok']);
    await page.screenshot({ path: '.tmp/shots/scan-checkout-offline-360.png' });
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Opgeslagen in de wachtrij')).toBeVisible();
    await expect(modal).toHaveCount(0);
    expect(await checkedOut(portal, id)).toEqual([]);

    // Back online: the outbox sends the batch, the server checks it and checks both out.
    await context.setOffline(false);
    await expect.poll(() => checkedOut(portal, id), { timeout: 30_000 }).toEqual(['SCN0000001', 'SCN0000002']);
    await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 15_000 });
  });

  test('scans made offline are checked as soon as the connection returns while the dialog is open; nothing is lost', async ({
    page,
    context,
    portal,
    signedInAs,
  }) => {
    const s = await setUp(portal);
    await item(portal, s.laptop, s.endCustomer, 'SCO0000001');
    await item(portal, s.tablet, s.other, 'SCO0000009');
    const id = await todaysDelivery(portal, s.endUser, 'E2E-SCAN-2', [s.laptop]);

    await signedInAs('magazijn@demo.local');
    await page.goto(`/leveringen/${id}`);
    await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
    const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
    const list = modal.getByRole('list', { name: 'Gescande serienummers' }).getByRole('listitem');

    await context.setOffline(true);
    await modal.getByLabel('Serienummer', { exact: true }).click();
    await scan(page, 'SCO0000001');
    await scan(page, 'SCO0000009');
    await expect(list).toHaveCount(2);
    await expect(list.filter({ hasText: 'SCO0000001' })).toContainText('nog niet gecontroleerd');
    await expect(list.filter({ hasText: 'SCO0000009' })).toContainText('nog niet gecontroleerd');

    await context.setOffline(false);
    // Judged in place: the other customer's serial is marked with the reason and stays until removed.
    await expect(list.filter({ hasText: 'SCO0000009' })).toContainText('Serienummer hoort niet bij deze levering.');
    await expect(list.filter({ hasText: 'SCO0000001' })).not.toContainText('nog niet gecontroleerd');
    await expect(list).toHaveCount(2);
    await expectFits(page, modal, 360, checkOutButtons);
    await page.screenshot({ path: '.tmp/shots/scan-checkout-rechecked-360.png' });
    await modal.getByRole('button', { name: 'SCO0000009 verwijderen' }).click();
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De items zijn uitgeklaard')).toBeVisible();
    expect(await checkedOut(portal, id)).toEqual(['SCO0000001']);
  });
});

for (const width of [360, 412]) {
  test.describe(`${width} px phone`, () => {
    test.use(phone(width));
    test.slow();

    test(`both scan dialogs fit ${width} px; the check-in names a serial already in stock`, async ({
      page,
      portal,
      signedInAs,
    }) => {
      const s = await setUp(portal);
      await item(portal, s.laptop, s.endCustomer, 'SCI0000001');
      const id = await todaysDelivery(portal, s.endUser, `E2E-SCAN-W${width}`, [s.laptop]);
      const asn = await portal.db
        .insertInto('asns')
        .values({ client_id: s.endCustomer, reference: `E2E-SCAN-ASN-${width}`, stock_owner: 'Eindklant' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await portal.db
        .insertInto('asn_products')
        .values({ asn_id: asn.id, product_id: s.laptop, expected: 2 })
        .execute();

      await signedInAs('magazijn@demo.local');
      await page.goto(`/leveringen/${id}`);
      await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
      const checkOut = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
      await expectFits(page, checkOut, width, checkOutButtons);
      await page.screenshot({ path: `.tmp/shots/scan-checkout-${width}.png` });

      await page.goto(`/voormelding/${asn.id}`);
      await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
      const checkIn = page.getByRole('dialog', { name: 'Artikelen inklaren' });
      await checkIn.getByLabel('Serienummer Laptop').click();
      await scan(page, 'SCI0000001');
      await expect(checkIn.locator('.scan-status')).toHaveText('SCI0000001: Serienummer staat al in de voorraad.');
      await scan(page, 'SCI0000002');
      await expect(checkIn.locator('.scan-status')).toHaveText('SCI0000002 toegevoegd');
      await scan(page, 'sci0000002');
      await expect(checkIn.locator('.scan-status')).toHaveText('sci0000002: Serienummer is al gescand.');
      await checkIn.getByRole('button', { name: 'Meerdere serienummers plakken' }).click();
      await expectFits(page, checkIn, width, [
        'Sluiten',
        'Toevoegen',
        'Camera',
        'Opslaan',
        'Opslaan en afronden',
        'Annuleren',
      ]);
      await page.screenshot({ path: `.tmp/shots/scan-checkin-${width}.png` });
    });
  });
}
