import path from 'node:path';
import { sql } from 'kysely';
import type { Locator, Page } from '@playwright/test';
import { DeliveryType } from '@domain/enums';
import { expect, test } from './fixtures';
import { settled } from './walk';

/**
 * Issue 46 point 4, columns that fit: at the width each user has, as the role that uses the page, a
 * list's key column (order number, serial, name) is never cut short, no heading breaks inside a word or
 * is cut, the list fits its panel at 1280 px, and the page itself scrolls rather than a box inside it.
 * On a phone the CRM tab bar wraps, and a delivery's article table stacks each line with its Dutch
 * headings. LAYOUT_SHOTS=<folder> also writes screenshots of the pages.
 */
const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 412, height: 915 };
const SHOTS = process.env.LAYOUT_SHOTS;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `columns-${name}.png`), fullPage: true });
};

/** Headings of the table with a word on two lines, or a word past its cell's edge (cut off). */
const brokenHeadings = (table: Locator) =>
  table.evaluate((el) => {
    const problems: string[] = [];
    for (const th of Array.from(el.querySelectorAll('thead th'))) {
      const cell = th.getBoundingClientRect();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only')) continue;
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          const r = range.getBoundingClientRect();
          if (lines.size > 1) problems.push(`'${word[0]}' breaks in '${th.textContent?.trim()}'`);
          if (r.right > cell.right + 0.5 || r.left < cell.left - 0.5)
            problems.push(`'${word[0]}' is cut in '${th.textContent?.trim()}'`);
        }
      }
    }
    return problems;
  });

/** The cells of the column headed `heading` whose text does not fit: cut short or past the edge. */
const cutCells = (table: Locator, heading: string) =>
  table.evaluate((el, heading) => {
    const ths = Array.from(el.querySelectorAll('thead th'));
    const index = ths.findIndex((th) => th.textContent?.replace(/[↕▲▼]/g, '').trim() === heading);
    if (index < 0) return [`no column '${heading}'`];
    const cells = Array.from(el.querySelectorAll(`tbody tr:not(.empty-row) > :nth-child(${index + 1})`));
    if (cells.length === 0) return ['no rows'];
    return cells
      .filter((td) => td.scrollWidth > td.clientWidth || td.querySelector('.cell-clip') !== null)
      .map((td) => td.textContent ?? '');
  }, heading);

/** The list's box: how far it scrolls sideways and downwards, and whether the page scrolls. */
const scrolling = (table: Locator) =>
  table.evaluate((el) => {
    const box = el.closest('.table-scroll')!;
    return {
      sideways: box.scrollWidth - box.clientWidth,
      inside: box.scrollHeight - box.clientHeight,
      page: document.documentElement.scrollHeight - window.innerHeight,
      pageWidth: document.documentElement.scrollWidth,
    };
  });

async function openList(page: Page, url: string, name: string) {
  await page.goto(url);
  const table = page.getByRole('table', { name, exact: true });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await settled(page);
  await expect(table.locator('tbody tr.empty-row')).toHaveCount(0);
  return table;
}

test.describe('at 1280 px a list fits its panel: key columns whole, headings whole', () => {
  test('/leveringen as the beheerder, and the page scrolls, not the list, at 1280 and 820 px', async ({
    page,
    signedInAs,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signedInAs('beheerder@demo.local');
    const table = await openList(page, '/leveringen', 'Leveringen');
    expect(await brokenHeadings(table)).toEqual([]);
    expect(await cutCells(table, 'Ordernummer')).toEqual([]);
    const laptop = await scrolling(table);
    expect(laptop.sideways, 'the list scrolls sideways').toBeLessThanOrEqual(0);
    expect(laptop.inside, 'the list scrolls inside its box').toBeLessThanOrEqual(0);
    expect(laptop.page, 'the page scrolls').toBeGreaterThan(0);
    await shot(page, 'leveringen-1280');

    await page.setViewportSize(TABLET);
    await expect.poll(async () => (await scrolling(table)).inside).toBeLessThanOrEqual(0);
    expect((await scrolling(table)).page, 'the page scrolls').toBeGreaterThan(0);
    expect(await brokenHeadings(table)).toEqual([]);
    expect(await cutCells(table, 'Ordernummer')).toEqual([]);
    // Scrolled to the end the page shows the list's last row and its 'Laad meer'.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(table.locator('tbody tr').last()).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Laad meer' })).toBeInViewport();

    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await scrolling(table)).pageWidth).toBeLessThanOrEqual(PHONE.width);
    expect(await brokenHeadings(table)).toEqual([]);
    expect(await cutCells(table, 'Ordernummer')).toEqual([]);
    await shot(page, 'leveringen-412');
  });

  for (const [email, who] of [
    ['klant@demo.local', 'eindklant'],
    ['reseller@demo.local', 'reseller'],
  ] as const) {
    test(`/voorraad as the ${who}: Eindklant and Reseller in view, product names whole`, async ({
      page,
      signedInAs,
    }) => {
      await page.setViewportSize(LAPTOP);
      await signedInAs(email);
      const table = await openList(page, '/voorraad', 'Artikelen');
      await expect(table.locator('thead .th-label')).toHaveText([
        'Productnaam',
        'Artikelnr',
        'Voorraad',
        'Op afroep',
        'Klantlocatie',
        'In gebruik',
        'Eindklant',
        'Reseller',
      ]);
      expect(await brokenHeadings(table)).toEqual([]);
      expect(await cutCells(table, 'Productnaam')).toEqual([]);
      const m = await scrolling(table);
      expect(m.sideways, 'the list scrolls sideways').toBeLessThanOrEqual(0);
      expect(m.inside, 'the list scrolls inside its box').toBeLessThanOrEqual(0);
      for (const heading of ['Eindklant', 'Reseller']) {
        await expect(table.getByRole('columnheader', { name: heading })).toBeInViewport({ ratio: 1 });
      }
      // A name the column gives way on is still there whole, in the cell's title.
      const reseller = table.locator('tbody tr').first().locator('td').nth(7);
      await expect(reseller).toHaveAttribute('title', /\S/);
      await shot(page, `voorraad-${who}-1280`);

      await page.setViewportSize(PHONE);
      await expect.poll(async () => (await scrolling(table)).pageWidth).toBeLessThanOrEqual(PHONE.width);
      expect(await brokenHeadings(table)).toEqual([]);
      expect(await cutCells(table, 'Productnaam')).toEqual([]);
      await shot(page, `voorraad-${who}-412`);
    });
  }

  test("a product's items as the magazijn: serials and order numbers whole at 1280, 820 and 412 px", async ({
    page,
    portal,
    signedInAs,
  }) => {
    const product = await portal.db
      .selectFrom('products as p')
      .select('p.id')
      .where('p.deleted_at', 'is', null)
      .orderBy(sql<number>`(select count(*) from items i where i.product_id = p.id)`, 'desc')
      .executeTakeFirstOrThrow();
    await page.setViewportSize(LAPTOP);
    await signedInAs('magazijn@demo.local');
    const table = await openList(page, `/voorraad/${product.id}`, 'Items');
    for (const size of [LAPTOP, TABLET, PHONE]) {
      await page.setViewportSize(size);
      await expect.poll(async () => (await scrolling(table)).pageWidth).toBeLessThanOrEqual(size.width);
      expect(await brokenHeadings(table), `at ${size.width} px`).toEqual([]);
      for (const key of ['Serienummer', 'Ordernummer'])
        expect(await cutCells(table, key), `${key} at ${size.width} px`).toEqual([]);
      expect(
        (await scrolling(table)).inside,
        `the list scrolls inside its box at ${size.width} px`,
      ).toBeLessThanOrEqual(0);
      if (size === LAPTOP) expect((await scrolling(table)).sideways).toBeLessThanOrEqual(0);
    }
    if (SHOTS)
      await page
        .locator('section.panel')
        .filter({ has: table })
        .screenshot({ path: path.join(SHOTS, 'columns-artikel-items-412.png') });
  });
});

test('the CRM tab bar wraps at 412 px: every tab in view', async ({ page, signedInAs }) => {
  await page.setViewportSize(PHONE);
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  const tabs = page.getByRole('tablist', { name: 'Klanttypen' }).getByRole('tab');
  await expect(tabs).toHaveText(['Resellers', 'Eindklanten', 'Eindgebruikers', 'Alle']);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  const bar = await page
    .getByRole('tablist', { name: 'Klanttypen' })
    .evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
  await tabs.filter({ hasText: 'Alle' }).click();
  await expect(tabs.filter({ hasText: 'Alle' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'crm-412');
});

test("a delivery's articles at 412 px as the magazijn driver: stacked lines with Serienummer and Status", async ({
  page,
  portal,
  signedInAs,
}) => {
  const line = await portal.db
    .selectFrom('delivery_products as dp')
    .innerJoin('deliveries as d', 'd.id', 'dp.delivery_id')
    .innerJoin('items as i', 'i.id', 'dp.item_id')
    .innerJoin('products as p', 'p.id', 'dp.product_id')
    .select(['d.id', 'i.serial', 'p.name', 'p.article_number'])
    .where('d.deleted_at', 'is', null)
    .where('d.delivery_type_id', 'not in', [DeliveryType.MUTATIE, DeliveryType.BULK_LEVERING])
    .where('i.serial', 'is not', null)
    .orderBy('d.id')
    .executeTakeFirstOrThrow();
  await page.setViewportSize(PHONE);
  await signedInAs('magazijn@demo.local');
  await page.goto(`/leveringen/${line.id}`);
  const row = page.getByRole('row').filter({ hasText: line.serial! });
  await expect(row).toBeVisible();
  const cells = await row.evaluate((tr) =>
    Array.from(tr.querySelectorAll('td')).map((td) => {
      const r = td.getBoundingClientRect();
      return {
        label: getComputedStyle(td, '::before').content,
        text: td.textContent,
        inView: r.left >= 0 && r.right <= window.innerWidth,
      };
    }),
  );
  expect(cells.map((c) => [c.label, c.text])).toEqual([
    ['none', line.name],
    ['"Artikelnummer: "', line.article_number],
    ['"Serienummer: "', line.serial],
    [expect.stringMatching(/^"Status: "$/), expect.stringMatching(/\S/)],
  ]);
  expect(cells.every((c) => c.inView)).toBe(true);
  const box = await row.evaluate((tr) => {
    const el = tr.closest('.table-scroll')!;
    return el.scrollWidth - el.clientWidth;
  });
  expect(box, 'the table scrolls sideways').toBeLessThanOrEqual(0);
  // The activities beneath stack too: no column past the edge.
  expect((await scrolling(page.getByRole('table', { name: 'Activiteiten' }))).sideways).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'levering-412');
});
