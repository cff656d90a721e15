import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, otpCode, type Portal } from './fixtures';
import { drawSignature, openTodayOnline, outboxOnDevice, storedQueryCache } from './fieldwork-steps';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { DEMO_PASSWORD } from '../../server/db/seed/core';

// The service worker is part of what this file tests (offline actions replayed across offline reloads);
// playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 10: at least 200 actions made offline through the screens (check-out scans, check-in saves,
 * signed finishes), across offline reloads and network flaps, reach the server exactly once; a finish
 * the server refuses stays on /wachtrij as failed with its reason until it is discarded.
 */
const DELIVERIES = 8;
const LINES = 20;
const PRENOTIFICATIONS = 3;
const CHECKINS = 12;
/** Check-outs (one scan per save) and a finish per delivery, the check-ins, and the finish that is refused. */
const ACTIONS = DELIVERIES * (LINES + 1) + PRENOTIFICATIONS * CHECKINS + 1;

const serialOf = (d: number, l: number) => `ZQ${String(d).padStart(2, '0')}${String(l).padStart(6, '0')}`;
const checkInSerial = (p: number, k: number) => `ZC${String(p).padStart(2, '0')}${String(k).padStart(6, '0')}`;

/** Data made in the database: deliveries of today with their items, pre-notifications, and one pickup to refuse. */
async function setUp(portal: Portal) {
  const customer = await portal.db
    .selectFrom('clients as c')
    .innerJoin('clients as u', 'u.parent_client_id', 'c.id')
    .select(['c.id', 'u.id as end_user_id'])
    .where('c.client_type_id', '=', ClientType.EINDKLANT)
    .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const laptop = await portal.db
    .insertInto('products')
    .values({
      client_id: customer.id,
      product_group_id: 1,
      name: 'Laptop',
      article_number: 'E2E-LAP-200',
      unique_product_id: `E2E-LAP-200-${customer.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
  const newDelivery = (type: number, order: string) =>
    portal.db
      .insertInto('deliveries')
      .values({
        delivery_type_id: type,
        client_id: customer.end_user_id,
        carrier_id: Carrier.REUZADO,
        order_number: order,
        date: sql<string>`current_date`,
        contact: 'Piet Pieters',
        address: 'Stationsstraat 1, Utrecht',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);

  const deliveries: { id: number; order: string; items: number[] }[] = [];
  for (let d = 1; d <= DELIVERIES; d++) {
    const order = `E2E-200-${d}`;
    const id = await newDelivery(DeliveryType.INDIENST, order);
    const items = await portal.db
      .insertInto('items')
      .values(
        Array.from({ length: LINES }, (_, l) => ({
          product_id: laptop,
          client_id: customer.id,
          status_id: ItemStatus.INGEKLAARD,
          serial: serialOf(d, l + 1),
        })),
      )
      .returning('id')
      .execute()
      .then((rows) => rows.map((r) => r.id));
    await portal.db
      .insertInto('delivery_products')
      .values(items.map((item) => ({ delivery_id: id, product_id: laptop, item_id: item, is_pickup: 0 })))
      .execute();
    deliveries.push({ id, order, items });
  }
  const pickupItem = await portal.db
    .insertInto('items')
    .values({
      product_id: laptop,
      client_id: customer.end_user_id,
      status_id: ItemStatus.IN_GEBRUIK,
      serial: 'ZR00000001',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
  const refused = await newDelivery(DeliveryType.UITDIENST, 'E2E-200-REFUSED');
  await portal.db
    .insertInto('delivery_products')
    .values({ delivery_id: refused, product_id: laptop, item_id: pickupItem, is_pickup: 1 })
    .execute();

  const prenotifications: { id: number; reference: string }[] = [];
  for (let p = 1; p <= PRENOTIFICATIONS; p++) {
    const reference = `E2E-200-VM-${p}`;
    const asn = await portal.db
      .insertInto('asns')
      .values({ client_id: customer.id, reference, stock_owner: 'Eindklant' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await portal.db
      .insertInto('asn_products')
      .values({ asn_id: asn.id, product_id: laptop, expected: CHECKINS + 3 })
      .execute();
    prenotifications.push({ id: asn.id, reference });
  }
  return { customer, laptop, deliveries, refused, prenotifications };
}

/** The administrator, through the API (another device): cancels a delivery while the driver is offline. */
async function adminApi(request: APIRequestContext) {
  let token = ((await (await request.get('/api/auth/token')).json()) as { token: string }).token;
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { data, headers: { 'X-XSRF-TOKEN': token } });
    token = res.headers()['x-xsrf-token'] ?? token;
    return res;
  };
  expect((await post('/api/auth/login', { email: 'beheerder@demo.local', password: DEMO_PASSWORD })).status()).toBe(
    200,
  );
  const { secret } = (await (await request.get('/api/auth/google2fa/qrcode')).json()) as { secret: string };
  expect((await post('/api/auth/google2fa/enable', { otp_secret: otpCode(secret) })).status()).toBe(200);
  return { post };
}

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

test('200 actions offline through the screens, 3 offline reloads and 5 network flaps: each applied exactly once; a refused finish stays visible', async ({
  page,
  context,
  portal,
  playwright,
  signedInAs,
}) => {
  // About 90 s of CPU (browser, server and runner) on the machine it was written on: 4-5 min of wall
  // time there beside another worker. On a 2-core machine half as fast it took 4.2 min alone and
  // 10 min beside another worker (when serials were typed key by key): the limit leaves room for that.
  test.setTimeout(1_200_000);
  const started = Date.now();
  const s = await setUp(portal);

  /** Every action id seen on the device: all are made offline and looked at before anything can send them. */
  const seen = new Set<string>();
  const snapshot = async () => {
    const rows = await outboxOnDevice(page);
    for (const r of rows) seen.add(r.id);
    return rows;
  };
  const waitingCount = async () => (await outboxOnDevice(page)).filter((r) => r.status === 'waiting').length;
  const badge = page.getByTestId('outbox-badge');

  await signedInAs('magazijn@demo.local');
  // Online: the pre-notifications and today's deliveries are opened once, so they are kept on the device.
  const setUpMs =
    await test.step("online: the pre-notifications and today's deliveries opened once, kept on the device", async () => {
      for (const p of s.prenotifications) {
        await page.goto(`/voormelding/${p.id}`);
        await expect(page.getByRole('heading', { level: 1, name: `Voormelding ${p.reference}` })).toBeVisible();
      }
      await openTodayOnline(page, [...s.deliveries.map((d) => d.id), s.refused]);
      await expect
        .poll(async () => {
          const cache = await storedQueryCache(page);
          return s.prenotifications.every((p) => cache.includes(`["prenotifications","detail",${p.id}]`));
        })
        .toBe(true);
      return Date.now() - started;
    });

  await context.setOffline(true);
  const today = page.getByRole('list', { name: 'Mijn leveringen vandaag' });

  /**
   * One delivery at the door: every line scanned and saved on its own, then the signed finish (one line not handed
   * over).
   */
  const phases: Record<string, number> = {};
  const timed =
    <A extends unknown[]>(name: string, fn: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      const t = Date.now();
      await fn(...args);
      phases[`${name}${String(args[0] ?? '')}`] = Date.now() - t;
    };
  const workDelivery = timed('delivery', async (n: number) => {
    const d = s.deliveries[n - 1]!;
    await today.getByRole('link', { name: new RegExp(`^${d.order} `) }).click();
    await expect(page).toHaveURL(new RegExp(`/leveringen/${d.id}$`));
    const open = page.getByRole('button', { name: 'Artikelen uitklaren' });
    const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
    const field = modal.getByLabel('Serienummer', { exact: true });
    for (let l = 1; l <= LINES; l++) {
      await open.click();
      // Typing key by key like a scanner is in the other scan tests (fieldwork-steps.ts, prenotifications.spec.ts);
      // here the serial arrives whole, then Enter.
      await field.fill(serialOf(n, l));
      await field.press('Enter');
      await modal.getByRole('button', { name: 'Opslaan' }).click();
    }
    await expect(modal).toHaveCount(0);
    await expect(page.getByTestId('fw-waiting')).toContainText(`${LINES} items uitklaren`);

    await page.getByRole('button', { name: 'Afronden' }).click();
    const finish = page.getByRole('dialog', { name: 'Oproep afronden' });
    const boxes = finish.getByRole('checkbox');
    await expect(boxes).toHaveCount(LINES);
    // Everything checked out starts ticked: the last line is not handed over.
    for (let l = 0; l < LINES - 1; l++) await expect(boxes.nth(l)).toBeChecked();
    await boxes.nth(LINES - 1).uncheck();
    await finish.getByLabel('Naam ondertekenaar').fill(`Klant ${n}`);
    await drawSignature(page, 12);
    await finish.getByRole('button', { name: 'Afronden' }).click();
    await expect(finish).toHaveCount(0);
    await expect(page.getByTestId('fw-waiting')).toContainText(`getekend door Klant ${n}`);
    await page.goBack();
    await expect(today).toBeVisible();
  });

  /** Check-ins on a pre-notification, one scan per save. */
  const checkIns = timed('checkins', async (p: number) => {
    const pn = s.prenotifications[p - 1]!;
    await expect(page.getByRole('heading', { level: 1, name: `Voormelding ${pn.reference}` })).toBeVisible();
    const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
    const field = modal.getByLabel('Serienummer Laptop');
    for (let k = 1; k <= CHECKINS; k++) {
      await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
      await field.fill(checkInSerial(p, k));
      await field.press('Enter');
      await modal.getByRole('button', { name: 'Opslaan', exact: true }).click();
    }
    await expect(modal).toHaveCount(0);
  });

  /** A full page load without a network: nothing on the device is lost, /wachtrij's count says so. */
  const reloads: number[] = [];
  const offlineLoad = async (url: string) => {
    const before = await snapshot();
    const t = Date.now();
    await page.goto(url);
    await expect(badge).toHaveAttribute('aria-label', `Wachtrij: ${before.length} wachtend`);
    reloads.push(Date.now() - t);
    expect((await snapshot()).map((r) => r.id)).toEqual(before.map((r) => r.id));
  };

  /** The network comes back until some actions are sent, then goes away again in the middle of the replay. */
  const flaps: { before: number; sent: number; ms: number }[] = [];
  const flap = async (atLeast: number) => {
    const before = (await snapshot()).length;
    expect(before).toBeGreaterThan(atLeast);
    const t = Date.now();
    await context.setOffline(false);
    await expect
      .poll(async () => before - (await waitingCount()), { timeout: 30_000, intervals: [50] })
      .toBeGreaterThanOrEqual(atLeast);
    await context.setOffline(true);
    // A request already under way when the network went may still be answered: count once it has settled.
    await expect(badge).toHaveAttribute('aria-busy', 'false', { timeout: 70_000 });
    const left = await waitingCount();
    flaps.push({ before, sent: before - left, ms: Date.now() - t });
    expect(left).toBeGreaterThan(0); // cut off mid-replay
  };

  const offlineMs =
    await test.step('offline: 8 deliveries, 3 check-ins of 12, 6 offline loads, 5 flaps; a pickup finished while cancelled', async () => {
      const offlineStarted = Date.now();
      await workDelivery(1);
      await workDelivery(2);
      await flap(10);
      await workDelivery(3);
      await flap(15);
      await offlineLoad(`/voormelding/${s.prenotifications[0]!.id}`);
      await checkIns(1);
      await offlineLoad('/leveringen/vandaag');
      await workDelivery(4);
      await workDelivery(5);
      await flap(20);
      await offlineLoad(`/voormelding/${s.prenotifications[1]!.id}`);
      await checkIns(2);
      await offlineLoad('/leveringen/vandaag');
      await workDelivery(6);
      await flap(20);
      await workDelivery(7);
      await offlineLoad(`/voormelding/${s.prenotifications[2]!.id}`);
      await checkIns(3);
      await offlineLoad('/leveringen/vandaag');
      await workDelivery(8);

      // The pickup is finished at the door, while the office cancels it (another device, online).
      await today.getByRole('link', { name: /^E2E-200-REFUSED / }).click();
      await page.getByRole('button', { name: 'Afronden' }).click();
      const finish = page.getByRole('dialog', { name: 'Oproep afronden' });
      await finish.getByRole('checkbox', { name: 'Laptop (ZR00000001)' }).check();
      await finish.getByLabel('Naam ondertekenaar').fill('Kees de Vries');
      await drawSignature(page, 12);
      await finish.getByRole('button', { name: 'Afronden' }).click();
      await expect(finish).toHaveCount(0);
      const admin = await playwright.request.newContext({ baseURL: portal.url });
      expect((await (await adminApi(admin)).post('/api/delivery/cancel', { id: s.refused })).status()).toBe(200);
      await admin.dispose();
      await page.goBack();
      await flap(20);
      return Date.now() - offlineStarted;
    });

  const { last, drainMs } = await test.step('online again: the outbox drains', async () => {
    const last = await snapshot();
    expect(seen.size).toBe(ACTIONS);
    expect(ACTIONS).toBeGreaterThanOrEqual(200);
    const onlineAt = Date.now();
    await context.setOffline(false);
    await expect.poll(waitingCount, { timeout: 60_000, intervals: [100] }).toBe(0);
    return { last, drainMs: Date.now() - onlineAt };
  });

  // The refused finish stays, with the server's reason and the signer, until discarded explicitly.
  await test.step("the refused finish stays with the server's reason and the signer until discarded", async () => {
    await expect(badge).toHaveAttribute('aria-label', 'Wachtrij: 1 mislukt');
    await badge.click();
    const failed = page.locator('.outbox-item-failed');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('Levering E2E-200-REFUSED afronden');
    await expect(failed.getByRole('alert')).toContainText('Een geannuleerde levering kan niet worden afgerond.');
    await expect(failed.getByTestId('outbox-signer')).toHaveText('Getekend door Kees de Vries');
    await page.screenshot({ path: '.tmp/shots/fieldwork-200-refused.png' });
    await failed.getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Actie verwijderen' });
    await expect(confirm).toContainText('De handtekening van Kees de Vries gaat dan verloren.');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Er staan geen acties in de wachtrij.')).toBeVisible();
    expect(await outboxOnDevice(page)).toEqual([]);
  });

  // On the server: every accepted action once, under its own key; the refused one left nothing.
  await test.step('on the server: every accepted action once, under its own key; the refused one left nothing', async () => {
    const user = await portal.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'magazijn@demo.local')
      .executeTakeFirstOrThrow();
    const keys = await portal.db
      .selectFrom('idempotency_keys')
      .select(['key', 'status_code', 'path'])
      .where('user_id', '=', user.id)
      .execute();
    const refusedId = last.find((a) => a.label === 'Levering E2E-200-REFUSED afronden')!.id;
    expect(keys.map((k) => k.key).sort()).toEqual([...seen].filter((id) => id !== refusedId).sort());
    expect(keys.every((k) => k.status_code === 200)).toBe(true);
    expect(keys.filter((k) => k.path === '/api/delivery/checkout')).toHaveLength(DELIVERIES * LINES);
    expect(keys.filter((k) => k.path === '/api/finish/delivery')).toHaveLength(DELIVERIES);
    expect(keys.filter((k) => k.path === '/api/delivery/save')).toHaveLength(PRENOTIFICATIONS * CHECKINS);

    for (const [k, d] of s.deliveries.entries()) {
      const row = await portal.db.selectFrom('deliveries').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
      expect(row.completed_at, d.order).not.toBeNull();
      expect(row.signer_name).toBe(`Klant ${k + 1}`);
      expect(
        fs
          .readFileSync(path.join(portal.dataDir, 'files', row.signature_file!))
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
      expect(row.comment).toBe(`Niet geleverde artikelen: Laptop (${serialOf(k + 1, LINES)})`);
      const lines = await portal.db
        .selectFrom('delivery_products')
        .select(['item_id', 'is_backorder', 'checked_out_at'])
        .where('delivery_id', '=', d.id)
        .orderBy('id')
        .execute();
      expect(lines, d.order).toHaveLength(LINES);
      // The line not delivered no longer names the item (checked out, so back in stock); its backorder delivers the
      // article again.
      expect(
        lines.filter((l) => l.is_backorder).map((l) => l.item_id),
        d.order,
      ).toEqual([null]);
      const backorder = await portal.db
        .selectFrom('deliveries')
        .select('id')
        .where('backorder_of_id', '=', d.id)
        .executeTakeFirstOrThrow();
      const backorderLines = await portal.db
        .selectFrom('delivery_products')
        .select(['product_id', 'item_id', 'is_pickup'])
        .where('delivery_id', '=', backorder.id)
        .execute();
      expect(
        backorderLines.map((l) => [l.product_id, l.item_id, l.is_pickup]),
        d.order,
      ).toEqual([[s.laptop, null, 0]]);
      expect(lines.filter((l) => !l.is_backorder && l.checked_out_at !== null)).toHaveLength(LINES - 1);
      const items = await portal.db
        .selectFrom('items')
        .select(['id', 'status_id', 'client_id'])
        .where('id', 'in', d.items)
        .orderBy('id')
        .execute();
      expect(
        items.map((i) => i.status_id),
        d.order,
      ).toEqual([...Array(LINES - 1).fill(ItemStatus.IN_GEBRUIK), ItemStatus.INGEKLAARD]);
      expect(items.slice(0, -1).every((i) => i.client_id === s.customer.end_user_id)).toBe(true);
      const events = await portal.db
        .selectFrom('events')
        .select(['action', sql<number>`count(*)::int`.as('n')])
        .where('delivery_id', '=', d.id)
        .groupBy('action')
        .execute();
      expect(Object.fromEntries(events.map((e) => [e.action, e.n])), d.order).toEqual({
        'Item uitgeklaard': LINES,
        'Item geleverd': LINES - 1,
        'Item niet geleverd (backorder)': 1,
        [`Backorder ${d.order} aangemaakt (1 artikel)`]: 1,
        [`Indienst afgerond, getekend door Klant ${k + 1}`]: 1,
      });
    }
    const refused = await portal.db
      .selectFrom('deliveries')
      .select(['completed_at', 'is_cancelled', 'signature_file'])
      .where('id', '=', s.refused)
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({ completed_at: null, is_cancelled: true, signature_file: null });

    for (const [k, p] of s.prenotifications.entries()) {
      const serials = Array.from({ length: CHECKINS }, (_, i) => checkInSerial(k + 1, i + 1));
      const items = await portal.db
        .selectFrom('items')
        .select(['serial', 'asn_id'])
        .where('serial', 'in', serials)
        .execute();
      expect(items.map((i) => i.serial).sort(), p.reference).toEqual(serials);
      expect(items.every((i) => i.asn_id === p.id)).toBe(true);
      const line = await portal.db
        .selectFrom('asn_products')
        .select('arrived')
        .where('asn_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(line.arrived).toBe(CHECKINS);
    }
  });

  const figures = {
    actions: seen.size,
    setUpMs,
    offlineMs,
    phases,
    reloadsMs: reloads,
    flaps,
    lastBatch: last.length,
    onlineToEmptyMs: drainMs,
    totalMs: Date.now() - started,
  };
  console.log(`fieldwork-200: ${JSON.stringify(figures)}`);
  await test.info().attach('figures', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
});
