import { sql } from 'kysely';
import { test, expect, type Portal } from './fixtures';

// The service worker is part of what this file tests (check-ins offline); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

/** An end customer with at least one serial-tracked, active article. */
async function endCustomerWithArticle(portal: Portal) {
  const row = await portal.db
    .selectFrom('products as p')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .select(['c.id as client_id', 'c.name as client_name', 'p.id', 'p.name', 'p.article_number'])
    .where('p.product_group_id', '!=', 3)
    .where('p.is_active', '=', true)
    .where('p.deleted_at', 'is', null)
    .orderBy('c.id')
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return row;
}

async function itemsWithSerials(portal: Portal, serials: string[]) {
  return portal.db
    .selectFrom('items')
    .select(['id', 'serial', 'asn_id', 'status_id'])
    .where(sql<boolean>`upper(serial) in (${sql.join(serials.map((s) => s.toUpperCase()))})`)
    .execute();
}

test('create a pre-notification, check in its articles with a hardware scanner, and see it move to the archive', async ({
  page,
  portal,
  signedInAs,
}) => {
  const article = await endCustomerWithArticle(portal);
  const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
  const save = modal.getByRole('button', { name: 'Opslaan', exact: true });

  await test.step('the warehouse opens the open pre-notifications', async () => {
    await signedInAs('magazijn@demo.local');
    await page.goto('/voormeldingen');
    await expect(page.getByRole('tab', { name: 'Voormeldingen', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('table', { name: 'Voormeldingen' }).locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/prenotifications-list.png' });
  });

  await test.step("the new pre-notification's form names what is missing, then saves and opens it", async () => {
    await page.getByRole('button', { name: 'Voormelding aanmaken' }).click();
    const form = page.getByRole('dialog', { name: 'Voormelding aanmaken' });
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(form.getByText('Dit veld is verplicht.').first()).toBeVisible();
    // The first empty submit names the end customer too.
    await expect(form.locator('.field', { has: page.locator('#asn-client') }).locator('.field-error')).toHaveText(
      'Dit veld is verplicht.',
    );
    await form.getByLabel('Eindklant').fill(article.client_name);
    await form.getByRole('option', { name: article.client_name }).first().click();
    await form.getByLabel('Ordernummer').fill('E2E-ORD-1');
    await form.getByLabel('Topdesknummer').fill('W-E2E');
    await form.getByLabel('Voorraadeigenaar').selectOption('Eindklant');
    await form.getByLabel('Artikel 1', { exact: true }).selectOption(String(article.id));
    await form.getByLabel('Aantal').fill('2');
    await form.getByRole('button', { name: 'Opslaan' }).click();

    await expect(page).toHaveURL(/\/voormelding\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Voormelding E2E-ORD-1' })).toBeVisible();
    await expect(page.getByText('Deellevering')).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/prenotification-detail.png' });
  });

  await test.step("the scanner's serials: one in stock refused, a repeat and a wrong length named, two added", async () => {
    await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
    await expect(save).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Opslaan en afronden' })).toBeDisabled();
    // Every message the scan field shows, in order: a serial already in stock is refused once, never first added.
    await modal.evaluate((dialog) => {
      const seen: string[] = [];
      (window as unknown as { scanTexts: string[] }).scanTexts = seen;
      new MutationObserver(() => {
        for (const status of dialog.querySelectorAll('.scan-status')) {
          const text = status.textContent ?? '';
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        }
      }).observe(dialog, { subtree: true, childList: true, characterData: true });
    });
    const inStock = await portal.db
      .selectFrom('items')
      .select('serial')
      .where('serial', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await modal.getByLabel(`Serienummer ${article.name}`).click();
    await page.keyboard.type(inStock.serial!, { delay: 5 });
    await page.keyboard.press('Enter');
    // Already in stock is its own text, not the duplicate-scan one (issue 21).
    await expect(modal.getByText(`${inStock.serial}: Serienummer staat al in de voorraad.`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { scanTexts: string[] }).scanTexts)).toEqual([
      `${inStock.serial}: Serienummer staat al in de voorraad.`,
    ]);
    await expect(modal.getByRole('list', { name: `Gescande serienummers ${article.name}` })).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Opslaan en afronden' })).toBeDisabled();
    // A hardware scanner types fast and ends with Enter.
    await page.keyboard.type('E2ESN00001', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(modal.getByText('E2ESN00001 toegevoegd')).toBeVisible();
    await page.keyboard.type('e2esn00001', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(modal.getByText('Serienummer is al gescand.').first()).toBeVisible();
    await page.keyboard.type('E2ESN1', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(modal.getByText('Serienummer komt niet overeen').first()).toBeVisible();
    await page.keyboard.type('E2ESN00002', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(
      modal.getByRole('list', { name: `Gescande serienummers ${article.name}` }).getByRole('listitem'),
    ).toHaveCount(2);
  });

  await test.step('the paste field waits for serials; saving checks both articles in', async () => {
    // Bulk entry: the add button is disabled while the 12-row textarea is empty.
    await modal.getByRole('button', { name: 'Meerdere serienummers plakken' }).click();
    const bulk = modal.getByLabel("Serienummers, gescheiden door komma's");
    await expect(bulk).toHaveAttribute('rows', '12');
    await expect(modal.getByRole('button', { name: 'Toevoegen' }).last()).toBeDisabled();
    await page.screenshot({ path: '.tmp/shots/prenotification-checkin.png' });
    await expect(save).toBeEnabled();
    await save.click();

    await expect(page.getByText('De voormelding is ingeklaard')).toBeVisible();
    await expect(page.getByText(/Afgerond op/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Artikelen inklaren' })).toHaveCount(0);
    const items = await itemsWithSerials(portal, ['E2ESN00001', 'E2ESN00002']);
    expect(items).toHaveLength(2);
    expect(items.every((i) => i.status_id === 1)).toBe(true);
  });

  await test.step('the pre-notification left the open list for the archive', async () => {
    await page.goto('/voormeldingen');
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('E2E-ORD-1');
    await expect(
      page.getByRole('table', { name: 'Voormeldingen' }).getByText('Er zijn geen open voormeldingen'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Afgeronde voormeldingen' }).click();
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('E2E-ORD-1');
    await expect(
      page.getByRole('table', { name: 'Afgeronde voormeldingen' }).locator('tbody tr').filter({ hasText: 'E2E-ORD-1' }),
    ).toHaveCount(1);
  });
});

test('check in while offline, reload offline, and every item is created exactly once when back online', async ({
  page,
  context,
  portal,
  signedInAs,
}) => {
  const article = await endCustomerWithArticle(portal);
  const asn = await portal.db
    .insertInto('asns')
    .values({ client_id: article.client_id, reference: 'E2E-OFFLINE-1', stock_owner: 'Reseller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db.insertInto('asn_products').values({ asn_id: asn.id, product_id: article.id, expected: 3 }).execute();

  await signedInAs('magazijn@demo.local');
  await page.goto(`/voormelding/${asn.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Voormelding E2E-OFFLINE-1' })).toBeVisible();
  // The service worker must control the page before the network goes away.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Voormelding E2E-OFFLINE-1' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
  const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
  await modal.getByLabel(`Serienummer ${article.name}`).click();
  for (const serial of ['OFF0000001', 'OFF0000002']) {
    await page.keyboard.type(serial, { delay: 5 });
    await page.keyboard.press('Enter');
  }
  await modal.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Opgeslagen in de wachtrij')).toBeVisible();
  const badge = page.getByTestId('outbox-badge');
  await expect(badge).toContainText('1');
  expect(await itemsWithSerials(portal, ['OFF0000001', 'OFF0000002'])).toHaveLength(0);

  // Reload while offline: the shell comes from the service worker, the data from the persisted cache.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Voormelding E2E-OFFLINE-1' })).toBeVisible();
  await expect(badge).toContainText('1');
  await badge.click();
  await expect(page.getByText('Voormelding E2E-OFFLINE-1: 2 artikelen inklaren')).toBeVisible();
  await expect(page.getByText('Wacht op verzenden')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/outbox-page.png' });

  await context.setOffline(false);
  await expect(badge).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Er staan geen acties in de wachtrij.')).toBeVisible();
  const items = await itemsWithSerials(portal, ['OFF0000001', 'OFF0000002']);
  expect(items.map((i) => i.serial).sort()).toEqual(['OFF0000001', 'OFF0000002']);
  expect(items.every((i) => i.asn_id === asn.id)).toBe(true);
  const line = await portal.db
    .selectFrom('asn_products')
    .select('arrived')
    .where('asn_id', '=', asn.id)
    .executeTakeFirstOrThrow();
  expect(line.arrived).toBe(2);
});

test('a replay the server refuses (serial checked in meanwhile) stays visible as failed with the message, and can be discarded', async ({
  page,
  context,
  portal,
  signedInAs,
}) => {
  const article = await endCustomerWithArticle(portal);
  const asn = await portal.db
    .insertInto('asns')
    .values({ client_id: article.client_id, reference: 'E2E-CONFLICT-1', stock_owner: 'Eindklant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db.insertInto('asn_products').values({ asn_id: asn.id, product_id: article.id, expected: 1 }).execute();

  await signedInAs('magazijn@demo.local');
  await page.goto(`/voormelding/${asn.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Voormelding E2E-CONFLICT-1' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
  await page.getByRole('dialog', { name: 'Artikelen inklaren' }).getByLabel(`Serienummer ${article.name}`).click();
  await page.keyboard.type('CONFLICT001', { delay: 5 });
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: 'Artikelen inklaren' })
    .getByRole('button', { name: 'Opslaan', exact: true })
    .click();
  await expect(page.getByText('Opgeslagen in de wachtrij')).toBeVisible();

  // Someone else checks in the same serial while this tablet is offline.
  await portal.db
    .insertInto('items')
    .values({ product_id: article.id, client_id: article.client_id, status_id: 1, serial: 'CONFLICT001' })
    .execute();
  await context.setOffline(false);
  const badge = page.getByTestId('outbox-badge');
  await expect(badge).toHaveAttribute('aria-label', 'Wachtrij: 1 mislukt', { timeout: 15_000 });
  await badge.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Serienummer staat al in de voorraad. (CONFLICT001)' }),
  ).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/outbox-failed.png' });
  expect(await itemsWithSerials(portal, ['CONFLICT001'])).toHaveLength(1);

  await page.getByRole('button', { name: 'Verwijderen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Er staan geen acties in de wachtrij.')).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test("offline before the outbox badge's code arrived: the page goes on, the check-in waits in the outbox, and the badge comes once the connection returns", async ({
  page,
  context,
  portal,
  signedInAs,
}) => {
  const article = await endCustomerWithArticle(portal);
  const asn = await portal.db
    .insertInto('asns')
    .values({ client_id: article.client_id, reference: 'E2E-EARLY-OFFLINE', stock_owner: 'Eindklant' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db.insertInto('asn_products').values({ asn_id: asn.id, product_id: article.id, expected: 1 }).execute();

  // The badge's code is asked for after the first paint; here the network is gone by then.
  let connected = false;
  await page.route(/\/assets\/OutboxBadge-[\w-]+\.js$/, (route) =>
    connected ? route.continue() : route.abort('internetdisconnected'),
  );
  await signedInAs('magazijn@demo.local');
  const asked = page.waitForRequest(/\/assets\/OutboxBadge-[\w-]+\.js$/);
  await page.goto(`/voormelding/${asn.id}`);
  await asked;
  await context.setOffline(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Voormelding E2E-EARLY-OFFLINE' })).toBeVisible();

  await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
  const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
  await modal.getByLabel(`Serienummer ${article.name}`).click();
  await page.keyboard.type('EARLY00001', { delay: 5 });
  await page.keyboard.press('Enter');
  await modal.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Opgeslagen in de wachtrij')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Foutmelding' })).toHaveCount(0);
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);

  // Someone else checks in the same serial meanwhile: the replay is refused and stays, so the badge has something to
  // show.
  await portal.db
    .insertInto('items')
    .values({ product_id: article.id, client_id: article.client_id, status_id: 1, serial: 'EARLY00001' })
    .execute();
  connected = true;
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-badge')).toHaveAttribute('aria-label', 'Wachtrij: 1 mislukt', {
    timeout: 15_000,
  });
});
