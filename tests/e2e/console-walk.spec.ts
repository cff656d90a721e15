import type { Page } from '@playwright/test';
import { DeliveryType } from '@domain/enums';
import type { Db } from '../../server/db/database';
import { expect, test } from './fixtures';
import { settled } from './walk';
import { appPagePaths } from '../support/route-table';

/**
 * Issue 46 (8): normal use writes nothing to the console. Every route of src/routes/, opened by
 * each demo account as its links do, and the login page before anyone signs in: any console error,
 * any uncaught error or rejected promise fails the walk.
 *
 * The one line an app cannot keep out of the console is Chromium's own 'Failed to load resource' for
 * a request the server answered 403 or 404: a detail page of a record outside the account's
 * customers. Such a line only passes when the page then says so ('Pagina kan niet worden gevonden!',
 * 'Geen toegang' or the page's own load notice, spec 2 §8); any other failed answer fails the walk.
 */
const DESKTOP = { width: 1280, height: 800 };
const ROLES = ['beheerder@demo.local', 'magazijn@demo.local', 'reseller@demo.local', 'klant@demo.local'];

async function firstId(query: Promise<{ id: number } | undefined>, what: string) {
  const row = await query;
  if (!row) throw new Error(`The demo seed has no ${what}`);
  return row.id;
}

/** Every route but the dashboard once, with a seeded record for each detail page. */
async function routes(db: Db): Promise<string[]> {
  const client = await firstId(
    db
      .selectFrom('clients')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('client_type_id', '=', 4)
      .orderBy('id')
      .executeTakeFirst(),
    'end user',
  );
  const item = await firstId(
    db.selectFrom('items').select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirst(),
    'item',
  );
  const product = await firstId(
    db
      .selectFrom('products')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirst(),
    'product',
  );
  const eol = await firstId(
    db
      .selectFrom('products')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('eol', 'is not', null)
      .orderBy('id')
      .executeTakeFirst(),
    'EOL product',
  );
  const bundle = await firstId(db.selectFrom('bundles').select('id').orderBy('id').executeTakeFirst(), 'bundle');
  const asn = await firstId(
    db.selectFrom('asns').select('id').where('deleted_at', 'is', null).orderBy('id').executeTakeFirst(),
    'pre-notification',
  );
  const delivery = await firstId(
    db
      .selectFrom('deliveries')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('delivery_type_id', '!=', DeliveryType.REPARATIE)
      .orderBy('id')
      .executeTakeFirst(),
    'delivery',
  );
  // The browser tests' demo data has no image files (seeded without a storage): a repair without images.
  const repair = await firstId(
    db
      .selectFrom('deliveries as d')
      .select('d.id')
      .where('d.deleted_at', 'is', null)
      .where('d.delivery_type_id', '=', DeliveryType.REPARATIE)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('repair_media as m')
              .select('m.id')
              .whereRef('m.delivery_id', '=', 'd.id')
              .where('m.disk', '=', 'images'),
          ),
        ),
      )
      .orderBy('d.id')
      .executeTakeFirst(),
    'repair',
  );
  const user = await firstId(db.selectFrom('users').select('id').orderBy('id').executeTakeFirst(), 'user');
  const role = await firstId(db.selectFrom('roles').select('id').orderBy('id').executeTakeFirst(), 'role');
  return [
    '/crm',
    `/klant/${client}`,
    '/klant/abc',
    `/activiteiten/${client}`,
    `/activiteiten/leveringen/${repair}`,
    '/voorraad',
    '/voorraad?tab=bundels',
    `/voorraad/${product}`,
    `/bundle/${bundle}`,
    `/item/${item}`,
    '/voormeldingen',
    `/voormeldingen/${asn}`,
    `/voormelding/${asn}`,
    '/leveringen',
    '/leveringen/vandaag',
    `/leveringen/${delivery}`,
    '/reparaties',
    `/reparaties/${repair}`,
    '/eol',
    `/eol/${eol}`,
    '/gebruikersbeheer',
    `/gebruikers/${user}`,
    '/rollen-en-rechten',
    `/rollen-en-rechten/${role}`,
    '/instellingen',
    '/mailwachtrij',
    '/profiel',
    '/wachtrij',
    '/ui-kit',
  ];
}

/**
 * Opens `url` as the app's links do (the router, no page load); a route may send the user on (the
 * dashboard without its right goes to the CRM), so any page the router finishes on will do.
 */
async function visit(page: Page, url: string) {
  await page.evaluate((href) => {
    const index = Number((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ __TSR_index: index, __TSR_key: key, key }, '', href);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.querySelector('main.content');
          return `${decodeURI(location.pathname)} ${main?.getAttribute('data-path')} ${main?.getAttribute('aria-busy') ?? ''}`;
        }),
      { message: `${url} did not finish opening` },
    )
    .toMatch(/^(\S+) \1 $/);
}

interface Heard {
  url: string;
  text: string;
}
const refused = new WeakMap<Page, string[]>();

/** What the page writes to the console as errors, and its uncaught errors, from now on. */
function listen(page: Page) {
  const heard: Heard[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium's line names no address: the answer it stands for is added below.
    const failed = refused.get(page)?.shift();
    heard.push({ url: page.url(), text: failed ? `${m.text()} ${failed}` : m.text() });
  });
  const answers: string[] = [];
  refused.set(page, answers);
  page.on('response', (r) => {
    if (r.status() >= 400) answers.push(new URL(r.url()).pathname);
  });
  page.on('pageerror', (e) => heard.push({ url: page.url(), text: `Uncaught: ${e.message}` }));
  return heard;
}

const NETWORK_REFUSAL = /^Failed to load resource: the server responded with a status of (403|404) /;

/** The page says that it cannot show this record: the one case a 403/404 line in the console may stand for. */
async function saysNotShown(page: Page): Promise<boolean> {
  const text = await page.locator('main').innerText();
  return /Pagina kan niet worden gevonden!|Geen toegang|kunnen niet worden ingeladen|kan niet worden ingeladen|Er kan geen data geladen worden/.test(
    text,
  );
}

test('the walk opens every page of the route table', async ({ portal }) => {
  const walked = (await routes(portal.db)).map((url) => url.split('?')[0]!);
  const opens = (route: string) => new RegExp(`^${route.replace(/\$\w+/g, '[^/]+')}$`);
  // The dashboard ('/') is where each account's walk starts.
  const missing = appPagePaths().filter((route) => route !== '/' && !walked.some((url) => opens(route).test(url)));
  expect(missing).toEqual([]);
});

test('the login page writes nothing to the console', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const heard = listen(page);
  await page.goto('/inloggen');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/wachtwoord-vergeten');
  await expect(page.getByLabel('E-mailadres')).toBeVisible();
  await page.goto('/bestaat-niet');
  await expect(page.getByText('Pagina kan niet worden gevonden!')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(heard).toEqual([]);
});

for (const email of ROLES) {
  test(`every route as ${email} writes no error to the console`, async ({ page, portal, signedInAs }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    const urls = await routes(portal.db);
    await signedInAs(email);
    const heard = listen(page);
    const faults: string[] = [];
    // The dashboard first, loaded as the app starts (without its right it sends the user to the CRM).
    await page.goto('/');
    await settled(page);
    if (heard.length) faults.push(...heard.map((l) => `/: ${l.text.split('\n')[0]}`));
    for (const url of urls) {
      const before = heard.length;
      await visit(page, url);
      await settled(page);
      const lines = heard.slice(before);
      const excused =
        lines.length > 0 && lines.every((l) => NETWORK_REFUSAL.test(l.text)) && (await saysNotShown(page));
      if (excused) continue;
      const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 60);
      faults.push(...lines.map((l) => `${url}: ${l.text.split('\n')[0]} (page: ${shown})`));
    }
    expect(faults).toEqual([]);
  });
}
