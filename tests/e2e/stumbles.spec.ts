import { sql } from 'kysely';
import { Carrier, DeliveryType, ItemStatus } from '@domain/enums';
import { test, expect, type Portal } from './fixtures';
import { endCustomerAndOther, scan } from './fieldwork-steps';

/**
 * Issue 46: what a daily user stumbles on, each done as the role that does it, at the width its user
 * has, checking the exact Dutch text on screen.
 */
const TABLET = { width: 820, height: 1180 };
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 412, height: 915 };

/** An end customer of the demo data with a serial-tracked article and an accessory of its own. */
async function articles(portal: Portal) {
  const { endCustomer } = await endCustomerAndOther(portal);
  const product = (group: number, name: string) =>
    portal.db
      .insertInto('products')
      .values({
        client_id: endCustomer.id,
        product_group_id: group,
        name,
        article_number: `E2E-${name}`,
        unique_product_id: `E2E-${name}-46`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  return {
    client: endCustomer.id,
    endUser: endCustomer.end_user_id,
    laptop: await product(1, 'Laptop'),
    mouse: await product(3, 'Muis'),
  };
}

test.describe('5. counters and words', () => {
  test('the check-in dialog counts what is still to come', async ({ page, portal, signedInAs }) => {
    await page.setViewportSize(TABLET);
    const a = await articles(portal);
    const asn = await portal.db
      .insertInto('asns')
      .values({ client_id: a.client, reference: 'E2E-TELLER-1', stock_owner: 'Reseller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await portal.db
      .insertInto('asn_products')
      .values([
        { asn_id: asn.id, product_id: a.laptop, expected: 2 },
        { asn_id: asn.id, product_id: a.mouse, expected: 1 },
      ])
      .execute();

    await signedInAs('magazijn@demo.local');
    await page.goto(`/voormelding/${asn.id}`);
    await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
    const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
    const laptop = modal.getByRole('region', { name: 'Laptop' });
    const mouse = modal.getByRole('region', { name: 'Muis' });
    await expect(laptop.locator('.ci-line-count')).toHaveText('2 van 2 nog te ontvangen');
    await expect(mouse.locator('.ci-line-count')).toHaveText('1 van 1 nog te ontvangen');
    await modal.getByLabel('Serienummer Laptop').click();
    await scan(page, 'E2E46SN001');
    await expect(laptop.locator('.ci-line-count')).toHaveText('1 van 2 nog te ontvangen');
    await scan(page, 'E2E46SN002');
    await expect(laptop.locator('.ci-line-count')).toHaveText('0 van 2 nog te ontvangen');
    await mouse.getByLabel('Aantal').fill('1');
    await expect(mouse.locator('.ci-line-count')).toHaveText('0 van 1 nog te ontvangen');
  });

  test('a bulk delivery is finished without a signature; one accessory is counted in the singular', async ({
    page,
    portal,
    signedInAs,
  }) => {
    await page.setViewportSize(TABLET);
    const a = await articles(portal);
    await portal.db
      .insertInto('items')
      .values({ product_id: a.laptop, client_id: a.client, status_id: ItemStatus.INGEKLAARD, serial: 'E2E46BULK1' })
      .execute();
    const d = await portal.db
      .insertInto('deliveries')
      .values({
        delivery_type_id: DeliveryType.BULK_LEVERING,
        client_id: a.client,
        carrier_id: Carrier.REUZADO,
        order_number: 'E2E-BULK-46',
        date: sql<string>`current_date`,
        contact: 'Piet Pieters',
        address: 'Stationsstraat 1, Utrecht',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await portal.db
      .insertInto('delivery_products')
      .values([
        { delivery_id: d.id, product_id: a.laptop, is_pickup: 0 },
        { delivery_id: d.id, product_id: a.mouse, is_pickup: 0 },
      ])
      .execute();

    await signedInAs('magazijn@demo.local');
    await page.goto(`/leveringen/${d.id}`);
    await page.getByRole('button', { name: 'Artikelen uitklaren' }).click();
    const checkOut = page.getByRole('dialog', { name: 'Artikelen uitklaren' });
    await checkOut.getByLabel('Serienummer', { exact: true }).click();
    await scan(page, 'E2E46BULK1');
    await checkOut.getByLabel('Aantal Muis').fill('1');
    await checkOut.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('De items zijn uitgeklaard')).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Activiteiten' })
        .getByRole('cell', { name: '1 accessoire uitgeklaard', exact: true }),
    ).toBeVisible();

    const panel = page.getByRole('region', { name: 'Uitklaren en afronden' });
    await expect(panel.getByRole('heading', { name: 'Afronden' })).toBeVisible();
    await expect(panel.locator('p.muted')).toHaveText('Vink aan wat is geleverd.');
    await panel.getByRole('button', { name: 'Afronden' }).click();
    const finish = page.getByRole('dialog', { name: 'Oproep afronden' });
    await expect(finish.getByRole('checkbox', { name: 'Laptop (E2E46BULK1)' })).toBeChecked();
    await expect(finish.getByLabel('Naam ondertekenaar')).toHaveCount(0);
    await expect(finish.getByTestId('signature-pad')).toHaveCount(0);
    await finish.getByRole('button', { name: 'Afronden' }).click();
    await expect(page.getByText('De levering is afgerond')).toBeVisible();
  });

  test("'Bezorger wijzigen' offers each carrier once, the delivery's own chosen", async ({
    page,
    portal,
    signedInAs,
  }) => {
    await page.setViewportSize(LAPTOP);
    const d = await portal.db
      .selectFrom('deliveries')
      .select('id')
      .where('carrier_id', '=', Carrier.REUZADO)
      .where('is_cancelled', '=', false)
      .where('completed_at', 'is', null)
      .where('delivery_type_id', '!=', DeliveryType.BULK_LEVERING)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await signedInAs('beheerder@demo.local');
    await page.goto(`/leveringen/${d.id}`);
    await page.getByRole('button', { name: 'wijzigen' }).click();
    const carrier = page.getByRole('dialog', { name: 'Bezorger wijzigen' }).getByLabel('Bezorger', { exact: true });
    await expect(carrier.locator('option')).toHaveText(['Reuzado', 'PostNL', 'Overig']);
    await expect(carrier.locator('option:checked')).toHaveText('Reuzado');
  });

  test('the pre-notification export is named as every export is', async ({ page, signedInAs }) => {
    await page.setViewportSize(LAPTOP);
    await signedInAs('beheerder@demo.local');
    await page.goto('/voormeldingen');
    await expect(page.getByRole('table', { name: 'Voormeldingen' }).locator('tbody tr').first()).toBeVisible();
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Meer acties' }).click();
    await page.getByRole('menuitem', { name: 'Voormelding exporteren' }).click();
    expect((await csv).suggestedFilename()).toMatch(/^voormeldingen-\d{8}-\d{6}\.csv$/);
    const xlsx = page.waitForEvent('download');
    await page.goto('/leveringen');
    await page.getByRole('button', { name: 'Levering exporteren' }).click();
    expect((await xlsx).suggestedFilename()).toMatch(/^leveringen-\d{8}-\d{6}\.xlsx$/);
  });
});

test.describe("7. the driver's tab is for drivers", () => {
  test("the klant account does not see 'Mijn leveringen vandaag' and may not open it", async ({ page, signedInAs }) => {
    await page.setViewportSize(LAPTOP);
    await signedInAs('klant@demo.local');
    await page.goto('/leveringen');
    await expect(page.getByRole('tab', { name: 'Leveringen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mijn leveringen vandaag' })).toHaveCount(0);
    await page.goto('/leveringen/vandaag');
    await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
    await expect(page.getByText('Je hebt geen rechten om deze pagina te bekijken.')).toBeVisible();
  });

  test('the warehouse driver opens it from the deliveries list on a phone', async ({ page, signedInAs }) => {
    await page.setViewportSize(PHONE);
    await signedInAs('magazijn@demo.local');
    await page.goto('/leveringen');
    await page.getByRole('link', { name: 'Mijn leveringen vandaag' }).click();
    await expect(page).toHaveURL(/\/leveringen\/vandaag$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn leveringen vandaag' })).toBeVisible();
    await expect(page.getByTestId('fw-today-date')).toContainText(/ · \d+ leveringen?/);
  });
});

test.describe('6. a ticket opened from an item is about that item', () => {
  test('Reparatie and EOL Swap from /item/:id tick that item, first in the list, for the klant account', async ({
    page,
    portal,
    signedInAs,
  }) => {
    await page.setViewportSize(LAPTOP);
    const me = await portal.db
      .selectFrom('users as u')
      .innerJoin('contacts as c', 'c.id', 'u.contact_id')
      .select('c.client_id')
      .where('u.email', '=', 'klant@demo.local')
      .executeTakeFirstOrThrow();
    // The end customer's own stock: a long list, with this item last in the form's order (by article name).
    const item = await portal.db
      .selectFrom('items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.id', 'i.serial', 'p.name'])
      .where('i.client_id', '=', me.client_id)
      .where('i.deleted_at', 'is', null)
      .where('i.serial', 'is not', null)
      .orderBy('p.name', 'desc')
      .orderBy('i.id', 'desc')
      .executeTakeFirstOrThrow();
    const others = await portal.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', me.client_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(others.n)).toBeGreaterThan(20);

    await signedInAs('klant@demo.local');
    await page.goto(`/item/${item.id}`);
    for (const [ticket, legend] of [
      ['Reparatie', 'Defecte artikelen'],
      ['EOL Swap', 'EOL artikelen'],
    ] as const) {
      await page.getByRole('button', { name: 'Ticket aanmelden' }).click();
      await page.getByRole('menuitem', { name: ticket }).click();
      const dialog = page.getByRole('dialog', { name: ticket });
      const list = dialog.getByRole('group', { name: legend });
      const first = list.getByRole('checkbox').first();
      await expect(first).toBeChecked();
      await expect(list.locator('label').first()).toHaveText(`${item.name} · ${item.serial}`);
      await expect(first).toBeInViewport();
      await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(1);
      await dialog.getByRole('button', { name: 'Annuleren' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });
});

test.describe('8. no console errors in normal use', () => {
  /** Console errors and uncaught errors of the page from now on. */
  const consoleErrors = (page: import('@playwright/test').Page) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return errors;
  };

  test("a reseller sent to 'Geen toegang' and an address no customer has leave the console empty", async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signedInAs('reseller@demo.local');
    const errors = consoleErrors(page);
    for (const url of ['/gebruikersbeheer', '/rollen-en-rechten']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
      await expect(page.getByText('Je hebt geen rechten om deze pagina te bekijken.')).toBeVisible();
    }
    await page.goto('/klant/abc');
    await expect(page.getByRole('heading', { name: 'Pagina kan niet worden gevonden!' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('a deleted delivery and a deleted article are not asked for again', async ({ page, portal, signedInAs }) => {
    await page.setViewportSize(LAPTOP);
    const d = await portal.db
      .selectFrom('deliveries')
      .select(['id', 'order_number'])
      .where('is_cancelled', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const a = await articles(portal);
    await signedInAs('beheerder@demo.local');
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const errors = consoleErrors(page);

    await page.goto(`/leveringen/${d.id}`);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const deleted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/delivery/delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await deleted;
    const after = asked.length;
    await expect(page.getByText('De levering is verwijderd')).toBeVisible();
    await expect(page).toHaveURL(/\/leveringen$/);
    await page.waitForLoadState('networkidle');
    expect(asked.slice(after).filter((p) => p === `/api/deliveries/${d.id}`)).toEqual([]);

    await page.goto(`/voorraad/${a.mouse}`);
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const gone = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/products/${a.mouse}` && r.request().method() === 'DELETE',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await gone;
    const afterProduct = asked.length;
    await expect(page.getByText('Artikel is verwijderd')).toBeVisible();
    await expect(page).toHaveURL(/\/voorraad$/);
    await page.waitForLoadState('networkidle');
    expect(
      asked.slice(afterProduct).filter((p) => p === `/api/products/${a.mouse}` || p === `/api/getitems/${a.mouse}`),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('4. columns that fit', () => {
  test('/leveringen at 1280: order numbers and headings whole, the address gives way', async ({ page, signedInAs }) => {
    await page.setViewportSize(LAPTOP);
    await signedInAs('beheerder@demo.local');
    await page.goto('/leveringen');
    const table = page.getByRole('table', { name: 'Leveringen' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.locator('thead .th-label')).toHaveText([
      'Datum',
      'Ordernummer',
      'Eindklant',
      'Adres',
      'Type',
      'Voorraad',
      'Aanmelddatum',
      'Topdesknummer',
    ]);
    const cut = (selector: string) =>
      table
        .locator(selector)
        .evaluateAll((els) =>
          els
            .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getClientRects().length > 1)
            .map((el) => el.textContent),
        );
    expect(await cut('thead .th-label')).toEqual([]);
    expect(await cut('tbody td:nth-child(2)')).toEqual([]);
    await page.screenshot({ path: '.tmp/shots46/stumbles-leveringen-1280.png' });
  });
});
