import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { ClientType, DeliveryType } from '@domain/enums';
import { expect, test, type Portal } from './fixtures';
import { openInApp, settled } from './walk';
import { appPagePaths } from '../support/route-table';

/**
 * Issue 21 point 3: every page and every dialog fits a 360 px phone (360 × 740) without the page
 * scrolling sideways; a table may scroll inside its own panel. Each role walks every page of the
 * route table it can open, and opens every dialog of the page's top bar and header actions: the
 * page stays 360 px wide, the dialog stays inside the screen, and each of its buttons can be
 * brought into view whole (inside the screen, not cut off by the dialog's edge).
 *
 * NARROW_SHOTS=<folder> writes a screenshot of every page and dialog.
 */
const PHONE = { width: 360, height: 740 };
const SHOTS = process.env.NARROW_SHOTS;

/** The top bar's actions and the header action areas of the detail pages (as in topbar.spec.ts). */
const ACTION_AREAS = [
  'header .topbar-actions',
  'main .panel-actions',
  'main .um-actions',
  'main .item-actions',
  'main .pn-actions',
  'main .delivery-actions',
  'main .rr-actions',
];

/** Records of the detail pages: the richest where width matters, inside the client's own tree for a customer role. */
async function detailIds(db: Portal['db'], clientIds: number[] | null) {
  type Table = 'clients' | 'products' | 'items' | 'asns' | 'bundles' | 'deliveries' | 'users' | 'roles';
  /**
   * The first id of `table` matching `where` (SQL of this file's own, no input), within the client tree on `column`.
   */
  const pick = async (table: Table, where: string, column: string | null) => {
    const scope = column && clientIds ? sql` and ${sql.ref(`${table}.${column}`)} in (${sql.join(clientIds)})` : sql``;
    const { rows } = await sql<{
      id: number;
    }>`select ${sql.ref(`${table}.id`)} as id from ${sql.table(table)} where ${sql.raw(where)}${scope} order by 1 limit 1`.execute(
      db,
    );
    return rows[0]?.id;
  };
  const live = 'deleted_at is null';
  const open = `${live} and is_cancelled = false`;
  const endCustomer = `${live} and client_type_id = ${ClientType.EINDKLANT}`;
  return {
    '/klant/$id': await pick('clients', endCustomer, 'id'),
    '/activiteiten/$id': await pick('clients', endCustomer, 'id'),
    '/voorraad/$id': await pick(
      'products',
      `${live} and exists (select 1 from items where items.product_id = products.id)`,
      'client_id',
    ),
    '/eol/$id': await pick('products', `${live} and eol is not null`, 'client_id'),
    '/item/$id': await pick('items', live, 'client_id'),
    '/bundle/$id': await pick('bundles', live, 'client_id'),
    '/voormeldingen/$id': await pick('asns', live, 'client_id'),
    '/voormelding/$id': await pick('asns', live, 'client_id'),
    '/leveringen/$id': await pick(
      'deliveries',
      `${open} and completed_at is null and delivery_type_id <> ${DeliveryType.REPARATIE}`,
      'client_id',
    ),
    '/reparaties/$id': await pick(
      'deliveries',
      `${open} and delivery_type_id = ${DeliveryType.REPARATIE}`,
      'client_id',
    ),
    '/activiteiten/leveringen/$id': await pick(
      'deliveries',
      `${open} and delivery_type_id = ${DeliveryType.REPARATIE}`,
      'client_id',
    ),
    '/gebruikers/$id': await pick('users', `${live} and email <> 'beheerder@demo.local'`, null),
    '/rollen-en-rechten/$id': await pick('roles', 'true', null),
  } as Record<string, number | undefined>;
}

/** The signed-in user's client and the clients below it (two levels), or null for the provider. */
async function clientTree(db: Portal['db'], email: string): Promise<number[] | null> {
  const user = await db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('clients', 'clients.id', 'contacts.client_id')
    .select(['clients.id', 'clients.client_type_id'])
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
  if (user.client_type_id === ClientType.PROVIDER) return null;
  const children = await db.selectFrom('clients').select('id').where('parent_client_id', '=', user.id).execute();
  const grandChildren = children.length
    ? await db
        .selectFrom('clients')
        .select('id')
        .where(
          'parent_client_id',
          'in',
          children.map((c) => c.id),
        )
        .execute()
    : [];
  return [user.id, ...children.map((c) => c.id), ...grandChildren.map((c) => c.id)];
}

/** What sticks out: the page's own width, and elements past the right edge (outside tables that scroll). */
const pageProblems = (page: Page) =>
  page.evaluate(() => {
    const vw = window.innerWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    if (document.documentElement.scrollWidth <= vw && document.body.scrollWidth <= vw) return [];
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter(
        (el) =>
          el.getBoundingClientRect().right > vw + 1 &&
          getComputedStyle(el).position !== 'fixed' &&
          !el.closest('.table-scroll'),
      )
      .slice(0, 5)
      .map(name);
    return [`page ${document.documentElement.scrollWidth}px wide (${wide.join(', ')})`];
  });

/**
 * The top dialog: inside the screen, nothing in it past its right edge (a table scrolls inside its
 * own box), and every button, brought into view as a user would scroll to it, whole on screen.
 */
const dialogProblems = (page: Page) =>
  page.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"]');
    const dialog = dialogs[dialogs.length - 1]!;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > vw) problems.push(`page ${document.documentElement.scrollWidth}px wide`);
    const box = dialog.getBoundingClientRect();
    if (box.left < -0.5 || box.right > vw + 0.5)
      problems.push(`dialog from ${Math.round(box.left)} to ${Math.round(box.right)}px`);
    const sticking = Array.from(dialog.querySelectorAll('*'))
      .filter(
        (el) =>
          !el.closest('.table-scroll') &&
          el.getBoundingClientRect().width > 0 &&
          el.getBoundingClientRect().right > box.right + 0.5,
      )
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className)}`);
    if (sticking.length) problems.push(`past the dialog's edge: ${sticking.join(', ')}`);
    for (const button of Array.from(dialog.querySelectorAll<HTMLElement>('button, .button'))) {
      if (button.getClientRects().length === 0 || button.closest('.table-scroll')) continue;
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = button.getBoundingClientRect();
      const label = button.getAttribute('aria-label') ?? button.textContent?.trim();
      if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5)
        problems.push(
          `button '${label}' at ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)}`,
        );
      if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
        problems.push(`button '${label}' past the dialog's edge`);
    }
    return problems;
  });

const DESTRUCTIVE = /verwijder|annuleren|inactief|resetten|uitloggen|heropenen|afronden/i;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`) });
}

/** Opens every dialog of the page's action areas (split buttons with their menu entries) and measures it. */
async function eachDialog(page: Page, url: string, failures: string[]): Promise<number> {
  let opened = 0;
  const measureOpen = async (label: string) => {
    const dialog = page.getByRole('dialog').last();
    if (
      !(await dialog.waitFor({ timeout: 2_500 }).then(
        () => true,
        () => false,
      ))
    )
      return;
    opened++;
    // The dialog's entry animation (the skeleton's endless shimmer aside), then its data.
    await dialog.evaluate((el) =>
      Promise.all(
        el
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await page.waitForLoadState('networkidle');
    await shot(page, `${url}-${label}`);
    for (const p of await dialogProblems(page)) failures.push(`${url} dialog '${label}': ${p}`);
    // A confirmation is cancelled; any other dialog closes with its ×.
    const cancel = dialog.locator('.modal-footer .button-secondary');
    const closer =
      DESTRUCTIVE.test(label) && (await cancel.count())
        ? cancel.first()
        : dialog.getByRole('button', { name: 'Sluiten' });
    // A close button off screen is already reported above; Escape still closes the dialog.
    // A first click may only close an open drop-down list inside the dialog.
    await expect(async () => {
      if (await page.getByRole('dialog').count())
        await closer.click({ timeout: 2_000 }).catch(() => page.keyboard.press('Escape'));
      await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  };
  const backTo = async () => {
    if (new URL(page.url()).pathname + new URL(page.url()).search !== url) {
      await openInApp(page, url);
      await settled(page);
    }
  };
  const areas = (
    await Promise.all(
      ACTION_AREAS.map(async (selector) => {
        const count = await page.locator(selector).count();
        return Array.from({ length: count }, (_, i) => page.locator(selector).nth(i));
      }),
    )
  ).flat();
  for (const area of areas) {
    if (!(await area.isVisible().catch(() => false))) continue;
    const labels = (
      await area
        .getByRole('button')
        .evaluateAll((els) =>
          els
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''),
        )
    ).filter((label) => label !== 'Meer acties' && label !== '');
    for (const label of labels) {
      await area.getByRole('button', { name: label, exact: true }).click();
      await measureOpen(label);
      if (await area.getByRole('menu').count()) await page.keyboard.press('Escape');
      await backTo();
    }
    const toggle = area.getByRole('button', { name: 'Meer acties' });
    if ((await toggle.count()) === 0) continue;
    await toggle.click();
    const entries = await area.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    for (const entry of entries) {
      await toggle.click();
      await area.getByRole('menuitem', { name: entry, exact: true }).click();
      await measureOpen(entry);
      await backTo();
    }
  }
  return opened;
}

const ROLES = ['beheerder@demo.local', 'magazijn@demo.local', 'reseller@demo.local', 'klant@demo.local'];

for (const email of ROLES) {
  test(`at 360 px every page and dialog fits the screen for ${email}`, async ({ page, portal, signedInAs }) => {
    test.setTimeout(600_000);
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
    const ids = await detailIds(portal.db, await clientTree(portal.db, email));
    await page.setViewportSize(PHONE);
    await signedInAs(email);

    const failures: string[] = [];
    let pagesShown = 0;
    let dialogsOpened = 0;
    for (const route of appPagePaths()) {
      const id = route.includes('$id') ? ids[route] : null;
      if (id === undefined) continue; // nothing of that kind in this role's tree
      const url = id === null ? route : route.replace('$id', String(id));
      await openInApp(page, url);
      await settled(page);
      // A page the role may not open shows the not-found notice; it must fit too, and has no actions.
      await shot(page, `${email}${url}`);
      for (const p of await pageProblems(page)) failures.push(`${url}: ${p}`);
      if (await page.getByText('Pagina kan niet worden gevonden!').count()) continue;
      pagesShown++;
      dialogsOpened += await eachDialog(page, url, failures);
    }
    expect(failures).toEqual([]);
    // The walk itself: pages were shown and dialogs opened, so the checks above did measure something.
    expect(pagesShown).toBeGreaterThan(email === 'beheerder@demo.local' ? 25 : 5);
    expect(dialogsOpened).toBeGreaterThan(email === 'klant@demo.local' ? 0 : 3);
  });
}
