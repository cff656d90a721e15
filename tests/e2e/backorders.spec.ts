import { sql } from 'kysely';
import { devices, type Page } from '@playwright/test';
import { test, expect, type Portal } from './fixtures';
import { drawSignature, scan } from './fieldwork-steps';
import { Carrier, ClientType, DeliveryType, ItemStatus } from '@domain/enums';
import { downloadedPdfText } from './downloads';

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use({ ...pixel7 });
// Two check-outs, two signed finishes and two PDFs on a shared, slow machine.
test.describe.configure({ timeout: 240_000 });

/**
 * An in-service delivery of two laptops for an end user, today, by the provider's own carrier, and two laptops in
 * stock.
 */
async function setUp(portal: Portal) {
  const endUser = await portal.db
    .selectFrom('clients as u')
    .innerJoin('clients as c', 'c.id', 'u.parent_client_id')
    .select(['u.id', 'c.id as customer'])
    .where('u.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .where('c.client_type_id', '=', ClientType.EINDKLANT)
    .orderBy('u.id')
    .executeTakeFirstOrThrow();
  const laptop = await portal.db
    .insertInto('products')
    .values({
      client_id: endUser.customer,
      product_group_id: 1,
      name: 'Laptop',
      article_number: 'E2E-BO-Laptop',
      unique_product_id: `E2E-BO-Laptop-${endUser.customer}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
  const serials = ['BOE0000001', 'BOE0000002'];
  const items = [];
  for (const serial of serials) {
    items.push(
      await portal.db
        .insertInto('items')
        .values({ product_id: laptop, client_id: endUser.customer, status_id: ItemStatus.INGEKLAARD, serial })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id),
    );
  }
  const d = await portal.db
    .insertInto('deliveries')
    .values({
      delivery_type_id: DeliveryType.INDIENST,
      client_id: endUser.id,
      carrier_id: Carrier.REUZADO,
      order_number: 'E2E-BO-1',
      date: sql<string>`current_date`,
      contact: 'Yara Smit',
      address: 'Stationsstraat 1, Utrecht',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db
    .insertInto('delivery_products')
    .values([
      { delivery_id: d.id, product_id: laptop },
      { delivery_id: d.id, product_id: laptop },
    ])
    .execute();
  return { id: d.id, serials, items };
}

async function checkOut(page: Page, serials: string[]) {
  await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
  const modal = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
  await modal.getByLabel('Serienummer', { exact: true }).click();
  for (const serial of serials) {
    await scan(page, serial);
    await expect(modal.getByText(`${serial} toegevoegd`)).toBeVisible();
  }
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De items zijn uitgeklaard')).toBeVisible();
  await expect(modal).toHaveCount(0);
}

/** The signature image is shown (loaded from the server), with the signer's name. */
async function expectSignature(page: Page, signer: string) {
  const panel = page.getByRole('region', { name: 'Afronding' });
  const image = panel.getByRole('img', { name: `Handtekening van ${signer}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(
    panel.getByText(new RegExp(`^Getekend door ${signer} op \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2} uur$`)),
  ).toBeVisible();
}

test('a line left unticked at the finish becomes a backorder that the driver checks out and finishes again, signed', async ({
  page,
  portal,
  signedInAs,
}) => {
  const s = await setUp(portal);
  const panel = page.getByRole('region', { name: 'Afronding' });
  const backorderTab = async () => {
    await page.goto('/leveringen');
    await page.getByRole('tab', { name: 'Backorders' }).click();
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('E2E-BO-1');
    return page.getByRole('table', { name: 'Backorders' }).locator('tbody tr');
  };

  await test.step('the warehouse opens the delivery and checks out both laptops', async () => {
    await signedInAs('magazijn@demo.local');
    await page.goto(`/leveringen/${s.id}`);
    await expect(page.getByTestId('delivery-status')).toHaveText('Open');
    await checkOut(page, s.serials);
  });

  await test.step('the driver finishes with one laptop unticked, signed', async () => {
    // The finish dialog starts with what was checked out ticked: one laptop did not go.
    await page.getByRole('button', { name: 'Afronden' }).click();
    const finish = page.getByRole('dialog', { name: 'Oproep afronden' });
    for (const serial of s.serials)
      await expect(finish.getByRole('checkbox', { name: `Laptop (${serial})` })).toBeChecked();
    await finish.getByRole('checkbox', { name: `Laptop (${s.serials[1]})` }).uncheck();
    await finish.getByLabel('Naam ondertekenaar').fill('Yara Smit');
    await drawSignature(page);
    await page.screenshot({ path: '.tmp/shots/backorders-finish-phone.png' });
    await finish.getByRole('button', { name: 'Afronden' }).click();
    await expect(page.getByText('De levering is afgerond')).toBeVisible();
    await expect(finish).toHaveCount(0);
  });

  await test.step('the finished delivery shows what was not delivered, the signature and the backorder', async () => {
    // The finished page: status, when, what was not delivered, the signature with the signer's name, the backorder.
    await expect(page.getByTestId('delivery-status')).toHaveText('Afgerond');
    await expect(panel.getByText(/^Afgerond op \d{2}-\d{2}-\d{4} \d{2}:\d{2} uur$/)).toBeVisible();
    await expect(panel.getByTestId('finish-comment')).toHaveText(`Niet geleverde artikelen: Laptop (${s.serials[1]})`);
    await expectSignature(page, 'Yara Smit');
    // The laptop not delivered is back in stock and no longer on this delivery.
    const articles = page.getByRole('table', { name: 'Artikelen' });
    await expect(articles.getByRole('row').filter({ hasText: s.serials[0]! })).toContainText('In gebruik');
    await expect(articles.getByRole('row').filter({ hasText: s.serials[1]! })).toHaveCount(0);
    await expect(articles.getByRole('row').filter({ hasText: 'Backorder' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Artikelen uitklaren' })).toHaveCount(0);
    await page.screenshot({ path: '.tmp/shots/backorders-finished-phone.png', fullPage: true });
  });

  await test.step('the packing slip lists only the delivered laptop under Posities', async () => {
    // The packing slip lists under Posities only the laptop delivered; the other is under Backorder, without its serial.
    const slipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print pakbon' }).click();
    const slip = await downloadedPdfText(await slipDownload);
    const posities = slip.slice(slip.indexOf('Posities'), slip.indexOf('Backorder'));
    expect(posities).toContain(s.serials[0]);
    expect(slip).not.toContain(s.serials[1]);
    expect(slip).toContain('Naam: Yara Smit');
  });

  await test.step('the backorder is under Backorders and opens from the finished delivery', async () => {
    // The backorder: under Backorders, and reachable from the finished delivery.
    const listed = await backorderTab();
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('E2E-BO-1');
    await expect(listed).toContainText('Backorder');
    await page.goto(`/leveringen/${s.id}`);
    await panel.getByRole('link', { name: 'E2E-BO-1' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/leveringen/${s.id}$`));
    await expect(page.getByTestId('delivery-status')).toHaveText('Backorder');
    await expect(page.locator('.facts')).toContainText('Backorder van');
    await expect(
      page.getByRole('table', { name: 'Te leveren' }).getByRole('row').filter({ hasText: 'Laptop' }),
    ).toContainText('Te leveren');
    await page.screenshot({ path: '.tmp/shots/backorders-open-phone.png', fullPage: true });
  });

  await test.step('the driver checks out the backorder and finishes it, signed', async () => {
    // Delivered like a delivery: checked out (the laptop that stayed behind), finished with a signature.
    await checkOut(page, [s.serials[1]!]);
    await page.getByRole('button', { name: 'Afronden' }).click();
    const again = page.getByRole('dialog', { name: 'Oproep afronden' });
    await expect(again.getByRole('checkbox', { name: `Laptop (${s.serials[1]})` })).toBeChecked();
    await again.getByRole('button', { name: 'Afronden' }).click();
    await expect(again.getByText('Een handtekening is verplicht.')).toBeVisible();
    await again.getByLabel('Naam ondertekenaar').fill('Piet Pieters');
    await drawSignature(page);
    await again.getByRole('button', { name: 'Afronden' }).click();
    await expect(page.getByText('De levering is afgerond')).toBeVisible();
    await expect(page.getByTestId('delivery-status')).toHaveText('Afgerond');
    await expect(page.getByRole('region', { name: 'Afronding' }).getByTestId('finish-comment')).toHaveCount(0);
    await expectSignature(page, 'Piet Pieters');
    await page.screenshot({ path: '.tmp/shots/backorders-backorder-finished-phone.png', fullPage: true });
  });

  await test.step('both laptops are in use and no backorder is left', async () => {
    const statuses = await portal.db
      .selectFrom('items')
      .select(['id', 'status_id'])
      .where('id', 'in', s.items)
      .orderBy('id')
      .execute();
    expect(statuses.map((x) => x.status_id)).toEqual([ItemStatus.IN_GEBRUIK, ItemStatus.IN_GEBRUIK]);
    await expect(await backorderTab()).toHaveText(['Er zijn geen leveringen gevonden']);
  });
});
