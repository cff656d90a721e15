import { sql } from 'kysely';
import { test, expect, type Portal } from './fixtures';
import { formatEuro } from '@domain/format';

/** An end customer with an inactive product, active ones and an open pre-notification (seeded data). */
async function endCustomerWithStock(portal: Portal) {
  const client = await portal.db
    .selectFrom('clients as c')
    .select(['c.id', 'c.name'])
    .where('c.client_type_id', '=', 3)
    .where('c.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('products as p')
          .select('p.id')
          .whereRef('p.client_id', '=', 'c.id')
          .where('p.is_active', '=', false)
          .where('p.deleted_at', 'is', null),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('products as p')
          .select('p.id')
          .whereRef('p.client_id', '=', 'c.id')
          .where('p.is_active', '=', true)
          .where('p.deleted_at', 'is', null),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('asns as a')
          .select('a.id')
          .whereRef('a.client_id', '=', 'c.id')
          .where('a.completed_at', 'is', null)
          .where('a.deleted_at', 'is', null),
      ),
    )
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const products = (active: boolean) =>
    portal.db
      .selectFrom('products')
      .select(['id', 'name', 'article_number', 'price_cents'])
      .where('client_id', '=', client.id)
      .where('is_active', '=', active)
      .where('deleted_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  const newestAsn = await portal.db
    .selectFrom('asns')
    .select(['reference'])
    .where('client_id', '=', client.id)
    .where('completed_at', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { client, active: await products(true), inactive: await products(false), newestAsn };
}

test("customer page: stock, prices and pre-notification panels; activate a product, change a price; an end user's items", async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { client, active, inactive, newestAsn } = await endCustomerWithStock(portal);
  await signedInAs('beheerder@demo.local');
  await page.goto(`/klant/${client.id}`);
  await expect(page.getByRole('heading', { name: client.name, level: 2 })).toBeVisible();

  const activePanel = page.getByRole('region', { name: 'Actieve voorraad', exact: true });
  const inactivePanel = page.getByRole('region', { name: 'Inactieve voorraad' });
  const pricePanel = page.getByRole('region', { name: 'Tarieven' });
  const asnPanel = page.getByRole('region', { name: 'Voormeldingen' });

  // Actieve voorraad: the client's active products, in name order, with the counts and a view button.
  const activeTable = activePanel.getByRole('table', { name: 'Actieve voorraad', exact: true });
  await expect(activeTable.locator('thead')).toContainText('Productnaam');
  await expect(activeTable.locator('thead')).toContainText('Klantlocatie');
  await expect(activeTable.locator('tbody tr')).toHaveCount(active.length);
  await expect(activeTable.locator('tbody tr').first()).toContainText(active[0]!.article_number);
  await expect(activeTable.locator('tbody tr').first().getByRole('link', { name: 'Bekijken' })).toHaveAttribute(
    'href',
    `/voorraad/${active[0]!.id}`,
  );
  await expect(inactivePanel.getByRole('table').locator('tbody tr')).toHaveCount(inactive.length);

  // Tarieven: the price in euro; Voormeldingen: the open ones of this client, newest first.
  const priced = active[0]!;
  const priceRow = pricePanel.locator('tbody tr', { hasText: priced.article_number });
  await expect(priceRow).toContainText(formatEuro(priced.price_cents));
  await expect(asnPanel.locator('tbody tr').first()).toContainText(newestAsn.reference);
  await expect(asnPanel.locator('thead')).toContainText('Topdesknummer');
  // No search box in any of these panels (the page's 'Eindgebruikers' list keeps its own).
  for (const panel of [activePanel, inactivePanel, pricePanel, asnPanel])
    await expect(panel.getByRole('searchbox')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/customer-panels.png', fullPage: true });

  // Activeren: after the confirmation the product leaves the inactive panel and shows in the active one.
  const target = inactive[0]!;
  await inactivePanel
    .locator('tbody tr', { hasText: target.article_number })
    .getByRole('button', { name: 'Activeren' })
    .click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Weet je zeker dat je dit product wil activeren?');
  await confirm.getByRole('button', { name: 'Activeren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product is geactiveerd' })).toContainText('Activeren');
  await expect(inactivePanel.locator('tbody tr', { hasText: target.article_number })).toHaveCount(0);
  await expect(activeTable.locator('tbody tr', { hasText: target.article_number })).toHaveCount(1);
  await expect(activeTable.locator('tbody tr')).toHaveCount(active.length + 1);
  expect(
    (await portal.db.selectFrom('products').select('is_active').where('id', '=', target.id).executeTakeFirstOrThrow())
      .is_active,
  ).toBe(true);

  // Tarief bewerken: '123,45' is sent as 123.45 and shown as euro.
  await priceRow.getByRole('button', { name: 'Tarief bewerken' }).click();
  const priceDialog = page.getByRole('dialog', { name: 'Tarief bewerken' });
  await priceDialog.getByLabel('Tarief (€)').fill('123,45');
  await priceDialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(priceDialog).toHaveCount(0);
  await expect(priceRow).toContainText(formatEuro(12345));
  expect(
    (await portal.db.selectFrom('products').select('price_cents').where('id', '=', priced.id).executeTakeFirstOrThrow())
      .price_cents,
  ).toBe(12345);

  // An end user: 'Voorraad in gebruik' with its items; none of the end-customer panels.
  const item = await portal.db
    .selectFrom('items as i')
    .innerJoin('clients as c', 'c.id', 'i.client_id')
    .select(['i.id', 'i.serial', 'c.id as client_id'])
    .where('c.client_type_id', '=', 4)
    .where('c.deleted_at', 'is', null)
    .where('i.deleted_at', 'is', null)
    .where('i.serial', 'is not', null)
    .orderBy('i.id')
    .executeTakeFirstOrThrow();
  await page.goto(`/klant/${item.client_id}`);
  const inUse = page.getByRole('region', { name: 'Voorraad in gebruik' });
  await expect(inUse.locator('tbody tr').first()).toContainText(item.serial!);
  await expect(inUse.locator('tbody tr').first().getByRole('link', { name: 'Bekijken' })).toHaveAttribute(
    'href',
    `/item/${item.id}`,
  );
  await expect(inUse.getByRole('searchbox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Actieve voorraad', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Voormeldingen' })).toHaveCount(0);
});

test('an end-customer user sees no stock or pre-notification panels on its own company page', async ({
  page,
  portal,
  signedInAs,
}) => {
  const own = await portal.db
    .selectFrom('users as u')
    .innerJoin('contacts as ct', 'ct.id', 'u.contact_id')
    .innerJoin('clients as c', 'c.id', 'ct.client_id')
    .select(['c.id', 'c.name'])
    .where('u.email', '=', 'klant@demo.local')
    .executeTakeFirstOrThrow();
  // The company has stock, so an empty page is the rule at work, not missing data.
  const stock = await portal.db
    .selectFrom('products')
    .select('id')
    .where('client_id', '=', own.id)
    .where('deleted_at', 'is', null)
    .execute();
  expect(stock.length).toBeGreaterThan(0);
  const stockCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(getproductsbyclientid|inactive-products|getitemsbyclientid|asns)\b/.test(r.url()))
      stockCalls.push(r.url());
  });

  await signedInAs('klant@demo.local');
  await page.goto(`/klant/${own.id}`);
  await expect(page.getByRole('heading', { name: own.name, level: 2 })).toBeVisible();
  // The panels are lazy: wait until their code has loaded and had its say.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('CustomerStockPanels'))),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  for (const name of ['Actieve voorraad', 'Inactieve voorraad', 'Tarieven', 'Voorraad in gebruik', 'Voormeldingen']) {
    await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
  }
  expect(stockCalls).toEqual([]);
});
