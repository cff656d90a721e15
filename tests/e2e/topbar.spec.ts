import type { Locator, Page, Request } from '@playwright/test';
import { Carrier, ClientType, DeliveryType, SUPERUSER_ROLE } from '@domain/enums';
import { expect, test, type Portal } from './fixtures';
import { openInApp } from './walk';
import { appPagePaths } from '../support/route-table';

/**
 * No button without a handler (issue 8): for the Superuser, every top-bar button of every page of the
 * router, and the header action buttons of the detail pages, does something a user can see: a write
 * to the API, a dialog, or a download. Split buttons count with each of their menu entries.
 */

type Outcome = 'write' | 'dialog' | 'download' | 'menu';

/** The top bar's actions per page (main button first, then the split button's entries). */
const TOP_BAR: Record<string, string[]> = {
  '/crm': ['Nieuwe klant', 'Exporteren'],
  '/voorraad': ['Voorraad aanmaken', 'Voorraad importeren', 'Voorraad exporteren', 'Voorraad afroepen'],
  '/voormeldingen': ['Voormelding aanmaken', 'Voormelding exporteren'],
  '/leveringen': ['Levering exporteren'],
  '/reparaties': ['Reparaties exporteren'],
  '/reparaties/$id': ['Status wijzigen', 'Reparatie wijzigen'],
  '/eol': ['EOL exporteren'],
  '/gebruikersbeheer': ['Exporteren'],
  '/rollen-en-rechten': ['Nieuwe rol'],
};

/** The header action area of the pages that have one besides the top bar. */
const HEADER: Record<string, string> = {
  '/klant/$id': '.customer-page .panel-actions >> nth=0',
  '/profiel': '.um-actions',
  '/voorraad/$id': '.panel-header .panel-actions >> nth=0',
  '/item/$id': '.item-actions',
  '/voormelding/$id': '.pn-head .pn-actions >> nth=0',
  '/leveringen/$id': '.delivery-actions',
  '/gebruikers/$id': '.um-actions',
  '/rollen-en-rechten/$id': '.rr-actions',
};

/** These change or remove data: they must ask first, and the test cancels. */
const DESTRUCTIVE = /verwijder|annuleren|inactief|resetten/i;

async function detailIds(db: Portal['db']) {
  const first = async <T>(q: Promise<T | undefined>) => (await q) ?? fail('the seed lacks a record this test visits');
  const client = (typeId: number) =>
    first(
      db
        .selectFrom('clients')
        .select('id')
        .where('client_type_id', '=', typeId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirst(),
    );
  // An end user has the ticket menu, an end customer 'Vaste bedragen'.
  const endUser = await client(ClientType.EINDGEBRUIKER);
  const endCustomer = await client(ClientType.EINDKLANT);
  // A new article without items, so 'Verwijderen' shows beside 'Inactief maken'.
  const template = await first(
    db.selectFrom('products').select(['client_id', 'product_group_id']).orderBy('id').executeTakeFirst(),
  );
  const product = await db
    .insertInto('products')
    .values({ ...template, name: 'Topbar testartikel', article_number: 'TB-1', unique_product_id: 'TB-1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await first(
    db.selectFrom('items').select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirst(),
  );
  const bundle = await first(
    db.selectFrom('bundles').select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirst(),
  );
  const asn = await first(
    db.selectFrom('asns').select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirst(),
  );
  // Open deliveries: the first (its split button cancels) and one by the parcel carrier ('Print label').
  const openDeliveries = db
    .selectFrom('deliveries')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('is_cancelled', '=', false)
    .where('completed_at', 'is', null)
    .where('delivery_type_id', '<>', DeliveryType.REPARATIE)
    .orderBy('id');
  const delivery = await first(openDeliveries.executeTakeFirst());
  const parcel = await first(openDeliveries.where('carrier_id', '=', Carrier.POSTNL).executeTakeFirst());
  const repair = await first(
    db
      .selectFrom('deliveries')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('delivery_type_id', '=', DeliveryType.REPARATIE)
      .orderBy('id')
      .executeTakeFirst(),
  );
  const user = await first(
    db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('email', '<>', 'beheerder@demo.local')
      .orderBy('id')
      .executeTakeFirst(),
  );
  // Two-step verification on, so '2FA resetten' shows.
  await db.updateTable('users').set({ otp_enabled: true }).where('id', '=', user.id).execute();
  const role = await first(
    db.selectFrom('roles').select('id').where('name', '<>', SUPERUSER_ROLE).orderBy('id').executeTakeFirst(),
  );
  return {
    '/klant/$id': [endUser.id, endCustomer.id],
    '/activiteiten/$id': [endUser.id],
    '/voorraad/$id': [product.id],
    '/eol/$id': [product.id],
    '/item/$id': [item.id],
    '/bundle/$id': [bundle.id],
    '/voormeldingen/$id': [asn.id],
    '/voormelding/$id': [asn.id],
    '/leveringen/$id': [...new Set([delivery.id, parcel.id])],
    '/reparaties/$id': [repair.id],
    '/activiteiten/leveringen/$id': [repair.id],
    '/gebruikers/$id': [user.id],
    '/rollen-en-rechten/$id': [role.id],
  } as Record<string, number[]>;
}

/** Clicks and waits for the first thing a user would see happen; null when nothing does. */
async function press(
  page: Page,
  area: Locator,
  button: Locator,
  isSplitMain: boolean,
  writes: Request[],
): Promise<Outcome | null> {
  const timeout = 10_000;
  const before = writes.length;
  const outcomes: Promise<Outcome>[] = [
    page.waitForEvent('download', { timeout }).then(() => 'download'),
    page
      .getByRole('dialog')
      .first()
      .waitFor({ timeout })
      .then(() => 'dialog'),
    // A write; reads alone do not count (a page refetches on its own), an export shows as its download.
    page
      .waitForRequest((r) => r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/'), { timeout })
      .then(() => 'write'),
  ];
  // The main part of a ticket split button opens its own menu of tickets.
  if (isSplitMain)
    outcomes.push(
      area
        .getByRole('menu')
        .waitFor({ timeout })
        .then(() => 'menu'),
    );
  await button.click();
  const outcome = await Promise.any(outcomes).catch(() => null);
  if (outcome === 'menu') {
    await page.keyboard.press('Escape');
    await expect(area.getByRole('menu')).toHaveCount(0);
  }
  return outcome === 'write' || writes.length === before ? outcome : 'write';
}

test('every top-bar and header button of every page does something for the Superuser', async ({
  page,
  portal,
  signedInAs,
}) => {
  test.setTimeout(480_000); // about 70 s alone; several times that on a busy CI machine
  const ids = await detailIds(portal.db);
  const writes: Request[] = [];
  page.on('request', (r) => r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/') && writes.push(r));
  await signedInAs('beheerder@demo.local');

  const dead: string[] = [];
  const seen: Record<string, string[]> = {};
  const paths = appPagePaths();
  expect(paths.length).toBeGreaterThan(20);

  const tryButton = async (where: string, area: Locator, label: string, button: Locator, isMain: boolean) => {
    const writesBefore = writes.length;
    const outcome = await press(page, area, button, isMain, writes);
    (seen[where] ??= []).push(label);
    const destructive = DESTRUCTIVE.test(label);
    if (outcome === 'dialog') {
      // A confirmation is cancelled with its cancel button; any other dialog closes with its ×.
      const dialog = page.getByRole('dialog');
      await (
        destructive
          ? dialog.locator('.modal-footer .button-secondary')
          : dialog.getByRole('button', { name: 'Sluiten' })
      ).click();
      await expect(dialog).toHaveCount(0);
    }
    if (destructive) {
      // Asks first; cancelled, nothing was written.
      if (outcome !== 'dialog' || writes.length !== writesBefore)
        dead.push(`${where}: '${label}' does not ask for confirmation first (${outcome})`);
    } else if (outcome === null) {
      dead.push(`${where}: '${label}' does nothing`);
    }
  };

  /** Clicks every button of an area, and every entry of its split button's menu. */
  const clickAll = async (where: string, area: Locator) => {
    // By accessible name, so a button with only an icon is clicked too; the split toggle is opened below.
    const labels = (
      await area
        .getByRole('button')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''))
    ).filter((label) => label !== 'Meer acties');
    for (const label of labels) {
      const button = area.getByRole('button', { name: label, exact: true });
      const isMain = await button.evaluate((el) => el.classList.contains('split-main'));
      await tryButton(where, area, label, button, isMain);
    }
    const toggle = area.getByRole('button', { name: 'Meer acties' });
    if ((await toggle.count()) === 0) return;
    await toggle.click();
    const entries = await area.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    for (const entry of entries) {
      await toggle.click();
      await tryButton(where, area, entry, area.getByRole('menuitem', { name: entry, exact: true }), false);
    }
  };

  const visits = paths.flatMap((route) =>
    route.includes('$id')
      ? (ids[route] ?? fail(`no id for ${route}`)).map((id) => ({ route, url: route.replace('$id', String(id)) }))
      : [{ route, url: route }],
  );
  for (const { route, url } of visits) {
    await openInApp(page, url);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByText('Laden…')).toHaveCount(0);
    const bar = page.getByRole('banner').locator('.topbar-actions');
    const expected = TOP_BAR[route] ?? [];
    if (expected.length > 0) await expect(bar.getByRole('button').first()).toHaveText(expected[0]!);
    seen[route] = [];
    await clickAll(route, bar);
    expect(seen[route], `the top-bar actions of ${route}`).toEqual(expected);

    const header = HEADER[route];
    if (header) {
      const area = page.locator(header);
      await expect(area.getByRole('button').first()).toBeVisible();
      await clickAll(`${url} (header)`, area);
    }
  }
  expect(dead, 'buttons without a visible effect').toEqual([]);
});

function fail(message: string): never {
  throw new Error(message);
}
