import { sql } from 'kysely';
import { expect, type Page } from '@playwright/test';
import { Carrier, ClientType, DeliveryType } from '@domain/enums';
import type { Portal } from './fixtures';

/** Types like a hardware scanner: fast, ending with Enter. */
export async function scan(page: Page, serial: string) {
  await page.keyboard.type(serial, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** Draws a signature on the pad with touch events (a finger): one stroke of `moves` moves, 240 px wide. */
export async function drawSignature(page: Page, moves = 40) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd' ? [] : [{ x: box.x + x, y: box.y + y, radiusX: 2, radiusY: 2, force: 0.6, id: 1 }],
    });
  await touch('touchStart', 30, 180);
  for (let i = 1; i <= moves; i++)
    await touch('touchMove', 30 + (i * 240) / moves, 180 - Math.sin((i * 10) / moves) * 60);
  await touch('touchEnd', 0, 0);
  await cdp.detach();
  await expect(page.getByText('Handtekening gezet.')).toBeVisible();
}

/** With the device offline, checks out one serial on the open delivery page: it waits in the outbox. */
export async function checkOutOffline(page: Page, serial: string) {
  await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
  const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
  await modal.getByLabel('Serienummer', { exact: true }).click();
  await scan(page, serial);
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen in de wachtrij')).toBeVisible();
}

/** Opens today's deliveries online, waits until the service worker controls the page and the cache is stored. */
export async function openTodayOnline(page: Page, ids: number[]) {
  await page.goto('/leveringen/vandaag');
  const list = page.getByRole('list', { name: 'Mijn leveringen vandaag' });
  await expect(list).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(list).toBeVisible();
  await expect
    .poll(async () => {
      const cache = await storedQueryCache(page);
      return ids.every((id) => cache.includes(`["deliveries","detail",${id}]`));
    })
    .toBe(true);
}

/** The query cache the device keeps (src/api/persister.ts: one entry per user, portal-query-cache:user-<id>). */
export const storedQueryCache = (page: Page): Promise<string> =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('portal-query-cache:'))
      .map((k) => localStorage.getItem(k) ?? '')
      .join(''),
  );

export interface StoredAction {
  id: string;
  status: 'waiting' | 'failed';
  kind: string;
  label: string;
  error: string | null;
}

/** The outbox as stored on the device (IndexedDB 'portal-offline'), in order. */
export function outboxOnDevice(page: Page): Promise<StoredAction[]> {
  return page.evaluate(
    () =>
      new Promise<StoredAction[]>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('actions').objectStore('actions').getAll();
          get.onsuccess = () => {
            const rows = (get.result as (StoredAction & { order: number })[]).sort((a, b) => a.order - b.order);
            open.result.close();
            resolve(rows.map(({ id, status, kind, label, error }) => ({ id, status, kind, label, error })));
          };
        };
      }),
  );
}

/** The first end customer with an end user (its id and the end user's), and another end customer. */
export async function endCustomerAndOther(portal: Portal) {
  const endCustomer = await portal.db
    .selectFrom('clients as c')
    .innerJoin('clients as u', 'u.parent_client_id', 'c.id')
    .select(['c.id', 'u.id as end_user_id'])
    .where('c.client_type_id', '=', ClientType.EINDKLANT)
    .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const other = await portal.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .where('id', '!=', endCustomer.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { endCustomer, other };
}

/** A service delivery for today with one line per product id (the same id twice: two lines), by Reuzado. */
export async function todaysDelivery(portal: Portal, clientId: number, order: string, productIds: number[]) {
  const d = await portal.db
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.INDIENST,
      client_id: clientId,
      carrier_id: Carrier.REUZADO,
      order_number: order,
      date: sql<string>`current_date`,
      contact: 'Piet Pieters',
      address: 'Stationsstraat 1, Utrecht',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db
    .insertInto('delivery_products')
    .values(productIds.map((product_id) => ({ delivery_id: d.id, product_id, is_pickup: 0 })))
    .execute();
  return d.id;
}
