import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/** Y-m-d of a day relative to today, in the browser's time zone (playwright.config: Europe/Amsterdam). */
function isoDay(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}
const dmy = (iso: string) => iso.split('-').reverse().join('-');

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });
const menuLabels = (page: Page) => sidebar(page).getByRole('list').getByRole('link').allTextContents();

test.describe('shell', () => {
  test("the sidebar shows the entries of the user's rights, marks the active one and names the page", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/voorraad');
    await expect(page.getByRole('heading', { level: 1, name: 'Voorraad' })).toBeVisible();
    expect(await menuLabels(page)).toEqual([
      'Dashboard',
      'CRM',
      'Voorraad',
      'Voormeldingen',
      'Leveringen',
      'Reparatie overzicht',
      'EOL overzicht',
      'Gebruikersbeheer',
      'Rollen en rechten',
      'Instellingen',
    ]);
    await expect(sidebar(page).getByRole('link', { name: 'Voorraad', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar(page).getByRole('link', { name: 'CRM' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Voorraad | Reuzado Portaal');
    await expect(sidebar(page).getByRole('link', { name: /naar het dashboard/ })).toHaveAttribute('href', '/');
    await expect(sidebar(page).getByText('BB', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByText('Bea Beheerder')).toBeVisible();

    // A detail route lights up its menu entry and shows the breadcrumb from the route metadata.
    await page.goto('/voorraad/1');
    await expect(sidebar(page).getByRole('link', { name: 'Voorraad', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
    await crumbs.getByRole('link', { name: 'Voorraad' }).click();
    await expect(page).toHaveURL(/\/voorraad$/);
    await expect(crumbs).toHaveCount(0);
  });

  test('a user without some rights does not see those entries', async ({ page, signedInAs }) => {
    await signedInAs('magazijn@demo.local');
    await page.goto('/voorraad');
    await expect(page.getByRole('heading', { level: 1, name: 'Voorraad' })).toBeVisible();
    expect(await menuLabels(page)).toEqual([
      'CRM',
      'Voorraad',
      'Voormeldingen',
      'Leveringen',
      'Reparatie overzicht',
      'EOL overzicht',
      'Instellingen',
    ]);
  });

  test('logout asks first: Annuleren keeps the session, Uitloggen ends it', async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/instellingen');
    const logout = sidebar(page).getByRole('button', { name: 'Uitloggen' });
    await logout.click();
    const dialog = page.getByRole('dialog', { name: 'Uitloggen' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Weet je zeker dat je wil uitloggen?');
    await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(logout).toBeFocused(); // focus returns to where it was
    await page.reload();
    await expect(page).toHaveURL(/\/instellingen$/);

    await logout.click();
    await page.getByRole('dialog', { name: 'Uitloggen' }).getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL(/\/inloggen/);
    await page.goto('/voorraad');
    await expect(page).toHaveURL(/\/inloggen/);
  });

  test('clicking the overlay or pressing Escape closes a modal', async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/instellingen');
    await sidebar(page).getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByTestId('modal-overlay').click({ position: { x: 10, y: 10 } });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await sidebar(page).getByRole('button', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/instellingen$/);
  });

  test('top-bar buttons: two or more form a split button, one is a plain button', async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/voorraad');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('button', { name: 'Voorraad aanmaken' })).toBeVisible();
    const more = bar.getByRole('button', { name: 'Meer acties' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    const menu = bar.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Voorraad importeren',
      'Voorraad exporteren',
      'Voorraad afroepen',
    ]);
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Voorraad exporteren' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await more.click();
    await page.getByRole('heading', { level: 1 }).click(); // a click elsewhere closes it
    await expect(bar.getByRole('menu')).toHaveCount(0);

    await page.goto('/rollen-en-rechten');
    await expect(bar.getByRole('button', { name: 'Nieuwe rol' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Meer acties' })).toHaveCount(0);

    // /leveringen has its one export button, which downloads the list as a workbook.
    await page.goto('/leveringen');
    const exported = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Levering exporteren' }).click();
    expect((await exported).suggestedFilename()).toMatch(/^leveringen-\d{8}-\d{6}\.xlsx$/);

    // Repairs and EOL: their one export button downloads the list as a workbook.
    for (const [path, label, name] of [
      ['/reparaties', 'Reparaties exporteren', /^reparaties-\d{8}-\d{6}\.xlsx$/],
      ['/eol', 'EOL exporteren', /^eol-products-\d{8}-\d{6}\.xlsx$/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText('Dit onderdeel is nog niet beschikbaar.')).toHaveCount(0);
      const download = page.waitForEvent('download');
      await bar.getByRole('button', { name: label }).click();
      expect((await download).suggestedFilename()).toMatch(name);
    }
  });

  test('the warehouse user gets only the stock buttons of his rights', async ({ page, signedInAs }) => {
    await signedInAs('magazijn@demo.local');
    await page.goto('/voorraad');
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Meer acties' }).click();
    await expect(bar.getByRole('menuitem')).toHaveText(['Voorraad importeren', 'Voorraad exporteren']);
  });

  test('on a tablet the sidebar is a drawer behind the menu button', async ({ page, signedInAs }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await signedInAs('beheerder@demo.local');
    await page.goto('/instellingen');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(sidebar(page)).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'EOL overzicht' }).click();
    await expect(page).toHaveURL(/\/eol$/);
    await expect(sidebar(page)).toBeHidden();
    await toggle.click();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('UI kit', () => {
  const table = (page: Page, name: string) => page.getByRole('table', { name });
  const bodyRows = (page: Page, name: string) => table(page, name).locator('tbody tr');

  test('data table: sort, page, filter and search live in the URL, and back/forward restore them', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    await expect(page).toHaveTitle('UI-kit | Reuzado Portaal');
    const rows = bodyRows(page, 'Klanten');
    await expect(rows).toHaveCount(10);
    await expect(page.getByText(/^1–10 van \d+$/)).toBeVisible();

    const nameHeader = table(page, 'Klanten').getByRole('columnheader', { name: 'Naam' });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const firstAsc = await rows.first().locator('td').nth(1).textContent();
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=name/);
    await expect(page).toHaveURL(/order=desc/);
    await expect(rows.first().locator('td').nth(1)).not.toHaveText(firstAsc!);

    await page.getByRole('button', { name: 'Pagina 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^11–20 van \d+$/)).toBeVisible();

    // Only filters with more than 2 options (the 'all' entry included) are shown.
    await expect(page.getByRole('combobox', { name: 'Alle resellers' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Alle typen' }).selectOption({ label: 'Eindklant' });
    await expect(page).toHaveURL(/f_client_type_id=3/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows.locator('td:nth-child(3)')).toHaveText(Array(10).fill('Eindklant'));

    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('zzzz-bestaat-niet');
    await expect(table(page, 'Klanten')).toContainText('Er is geen data gevonden');
    await expect(page).toHaveURL(/q=/);

    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('');
    await expect(rows).toHaveCount(10);
    await expect(page.getByRole('combobox', { name: 'Alle typen' })).toHaveValue('3');
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Alle typen' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Alle typen' })).toHaveValue('3');
  });

  test('data table: a page beyond the end (from the URL) moves to the last page', async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit?page=999');
    await expect(page.getByRole('button', { name: 'Volgende pagina' })).toBeDisabled();
    await expect(page).not.toHaveURL(/page=999/);
    await expect(bodyRows(page, 'Klanten').first().getByRole('link', { name: 'Bekijken' })).toBeVisible();
  });

  test('data table: view button, select-all and column resize', async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    const rows = bodyRows(page, 'Klanten');
    await expect(rows).toHaveCount(10);
    await expect(rows.first().getByRole('link', { name: 'Bekijken' })).toHaveAttribute('href', /^\/klant\/\d+$/);

    await table(page, 'Klanten').getByRole('checkbox', { name: 'Alles selecteren' }).check();
    await expect(page.getByText('10 geselecteerd')).toBeVisible();
    await rows.nth(2).getByRole('checkbox', { name: 'Selecteren' }).uncheck();
    await expect(page.getByText('9 geselecteerd')).toBeVisible();

    const header = table(page, 'Klanten').getByRole('columnheader', { name: 'Plaats' });
    const before = (await header.boundingBox())!;
    const handle = header.locator('.col-resize');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const after = (await header.boundingBox())!;
    expect(after.width).toBeGreaterThan(before.width + 100);
    await expect(header).toHaveAttribute('aria-sort', 'none'); // dragging did not sort
  });

  test('data table: a failed load shows the error toast and empties the table; a click closes the toast', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    await expect(bodyRows(page, 'Klanten')).toHaveCount(10);
    await page.route('**/api/client-list**', (route) => route.fulfill({ status: 500, json: { message: 'kapot' } }));
    await table(page, 'Klanten').getByRole('columnheader', { name: 'Plaats' }).getByRole('button').click();
    const toast = page.getByRole('alert').filter({ hasText: 'Foutmelding' });
    await expect(toast).toContainText('Er kan geen data geladen worden');
    await expect(table(page, 'Klanten')).toContainText('Er is geen data gevonden');
    await toast.click();
    await expect(toast).toHaveCount(0);
  });

  test('a toast closes by itself after 5 seconds', async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    await page.route('**/api/client-list**', (route) => route.fulfill({ status: 500, json: { message: 'kapot' } }));
    await table(page, 'Klanten').getByRole('columnheader', { name: 'Plaats' }).getByRole('button').click();
    const toast = page.getByRole('alert').filter({ hasText: 'Er kan geen data geladen worden' });
    await expect(toast).toBeVisible();
    const shown = Date.now();
    await expect(toast).toHaveCount(0, { timeout: 8_000 });
    // Gone by itself, neither early nor late (the polls of toBeVisible and toHaveCount take a moment each).
    expect(Date.now() - shown).toBeGreaterThanOrEqual(4_500);
    expect(Date.now() - shown).toBeLessThan(6_500);
  });

  test("data table: 'Laad meer' appends the next page", async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    const rows = bodyRows(page, 'Eindgebruikers');
    await expect(rows).toHaveCount(5);
    // The five rows are skeletons until the page arrives.
    await expect(table(page, 'Eindgebruikers')).toHaveAttribute('aria-busy', 'false');
    await expect(rows.first()).not.toHaveText('');
    await expect(page.getByRole('region', { name: 'Eindgebruikers (laad meer)' }).getByRole('searchbox')).toHaveCount(
      0,
    );
    const first = await rows.first().textContent();
    await page.getByRole('button', { name: 'Laad meer' }).click();
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toHaveText(first!);
    await expect(rows.nth(5)).not.toHaveText(first!);
    await expect(rows.first().locator('td').nth(1)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  test("edit-price modal 'Tarief bewerken': focus, Tab trap, validation and save", async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    const prices = table(page, 'Tarieven');
    const row = prices.locator('tbody tr').first();
    await expect(row).toContainText('€ 42,50');
    const edit = row.getByRole('button', { name: 'Tarief bewerken' });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Tarief bewerken' });
    const input = dialog.getByLabel('Tarief (€)');
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('42,50');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(input).toBeFocused(); // close, input, Annuleren, Opslaan, and round again
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Opslaan' })).toBeFocused();

    await input.fill('twaalf');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toContainText('Vul een geldig bedrag in');
    await input.fill('1.234,5');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('€ 1.234,50');
    await expect(edit).toBeFocused();
  });

  test("activate-product confirmation: 'Weet je het zeker?', then the 'Activeren' toast", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    const prices = table(page, 'Tarieven');
    await expect(prices.getByRole('button', { name: 'Activeren' })).toHaveCount(1);
    await prices.getByRole('button', { name: 'Activeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weet je het zeker?' });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(prices.getByRole('button', { name: 'Activeren' })).toHaveCount(1);
    await prices.getByRole('button', { name: 'Activeren' }).click();
    await dialog.getByRole('button', { name: 'Activeren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Product is geactiveerd' })).toContainText('Activeren');
    await expect(prices.getByRole('button', { name: 'Activeren' })).toHaveCount(0);
  });

  test('search-select: substring filter, Geen resultaten, keyboard, and blur keeps only a valid option', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    const box = page.getByRole('combobox', { name: 'Eindklant' });
    const value = page.getByTestId('kit-customer-value');
    await box.click();
    const list = page.getByRole('listbox');
    await expect(list).toBeInViewport({ ratio: 1 });
    const all = await list.getByRole('option').count();
    expect(all).toBeGreaterThan(3);
    const firstName = (await list.getByRole('option').first().textContent())!;
    const part = firstName.slice(2, 6).toUpperCase();
    await box.fill(part);
    const shown = await list.getByRole('option').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(name.toLowerCase()).toContain(part.toLowerCase());
    await box.fill('qqqxxx');
    await expect(list).toContainText('Geen resultaten');

    await box.fill('');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = (await list.getByRole('option').nth(1).textContent())!;
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue(second);
    await expect(list).toHaveCount(0);
    await expect(value).not.toHaveText('geen');
    const chosen = await value.textContent();

    // Half-typed text reverts to the last valid option on blur.
    await box.fill(second.slice(0, 3));
    await page.getByRole('heading', { name: 'Velden' }).click();
    await expect(box).toHaveValue(second);
    await expect(value).toHaveText(chosen!);

    // Escape closes the list and restores the text; an emptied field clears the choice.
    await box.fill('zz');
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(box).toHaveValue(second);
    await box.fill('');
    await page.getByRole('heading', { name: 'Velden' }).click();
    await expect(value).toHaveText('geen');
  });

  test("date picker: d-m-Y text, 'future' and 'history' ranges, and the calendar", async ({ page, signedInAs }) => {
    await signedInAs('beheerder@demo.local');
    await page.goto('/ui-kit');
    const future = page.getByLabel('Leverdatum');
    const futureValue = page.getByTestId('kit-future-value');
    await future.fill(dmy(isoDay(-1)));
    await future.press('Tab');
    await expect(page.getByText('Kies een datum vanaf vandaag.')).toBeVisible();
    await expect(futureValue).toHaveText('leeg');
    await future.fill(dmy(isoDay(0)));
    await future.press('Tab');
    await expect(futureValue).toHaveText(isoDay(0));
    await expect(page.getByText('Kies een datum vanaf vandaag.')).toHaveCount(0);
    await future.fill('31-02-2030');
    await future.press('Tab');
    await expect(page.getByText('Vul een geldige datum in (dd-mm-jjjj).')).toBeVisible();

    const history = page.getByLabel('Uitdienstdatum');
    await history.fill(dmy(isoDay(0)));
    await history.press('Enter');
    await expect(page.getByText('Kies een datum voor vandaag.')).toBeVisible();
    await expect(page.getByTestId('kit-history-value')).toHaveText('leeg');

    // Calendar of the 'history' field: today and later cannot be picked, yesterday can.
    const field = page.locator('.field', { has: history });
    await field.getByRole('button', { name: 'Kalender openen' }).click();
    const calendar = page.getByRole('dialog', { name: 'Kies een datum' });
    await expect(calendar).toBeInViewport({ ratio: 1 });
    expect((await calendar.boundingBox())!.height).toBeLessThan(360);
    await expect(calendar.getByRole('columnheader')).toHaveText(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    const days = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'];
    const months = [
      'januari',
      'februari',
      'maart',
      'april',
      'mei',
      'juni',
      'juli',
      'augustus',
      'september',
      'oktober',
      'november',
      'december',
    ];
    const dayName = (iso: string) => {
      const d = new Date(`${iso}T12:00:00Z`);
      return `${days[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    };
    await expect(calendar.getByRole('button', { name: dayName(isoDay(0)), exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const title = await calendar.locator('.calendar-title').textContent();
    await calendar.getByRole('button', { name: 'Vorige maand' }).click();
    await expect(calendar.locator('.calendar-title')).not.toHaveText(title!);
    await calendar.getByRole('button', { name: 'Volgende maand' }).click();
    await expect(calendar.locator('.calendar-title')).toHaveText(title!);
    const yesterday = isoDay(-1);
    if (yesterday.slice(0, 7) !== isoDay(0).slice(0, 7))
      await calendar.getByRole('button', { name: 'Vorige maand' }).click();
    await calendar.getByRole('button', { name: dayName(yesterday), exact: true }).click();
    await expect(calendar).toHaveCount(0);
    await expect(history).toHaveValue(dmy(yesterday));
    await expect(page.getByTestId('kit-history-value')).toHaveText(yesterday);
    await expect(page.getByText('Kies een datum voor vandaag.')).toHaveCount(0);
  });
});
