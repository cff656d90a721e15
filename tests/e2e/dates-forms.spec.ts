import type { Locator, Page } from '@playwright/test';
import { test, expect, type Portal } from './fixtures';
import { addCalendarDays, todayInAmsterdam } from '@domain/dates';
import { Carrier, ClientType, DeliveryType } from '@domain/enums';

// A browser on a UTC machine: what it offers and shows must still be the Dutch day.
test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 240_000 });

const dmy = (iso: string) => iso.split('-').reverse().join('-');
const dayNames = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'];
const monthNames = [
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
/** The accessible name of a calendar day button: 'donderdag 26 november 2026'. */
const dayButtonName = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`);
  return `${dayNames[d.getUTCDay()]} ${d.getUTCDate()} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

/** An end user of the demo data that holds items, and its end customer. */
async function endUserWithItems(portal: Portal) {
  return portal.db
    .selectFrom('items')
    .innerJoin('clients', 'clients.id', 'items.client_id')
    .select(['clients.id', 'clients.name', 'clients.parent_client_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('clients.client_type_id', '=', ClientType.EINDGEBRUIKER)
    .where('clients.deleted_at', 'is', null)
    .groupBy(['clients.id', 'clients.name', 'clients.parent_client_id'])
    .orderBy('n', 'desc')
    .orderBy('clients.id')
    .executeTakeFirstOrThrow();
}

async function openTicket(page: Page, type: string): Promise<Locator> {
  await page.locator('.ticket-menu').getByRole('button', { name: 'Meer acties' }).click();
  await page.getByRole('menuitem', { name: type }).click();
  return page.getByRole('dialog', { name: type });
}

test("a repair request with a typed past date does not send; the calendar offers today, which the server takes; the timeline links to the repair's activities", async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const endUser = await endUserWithItems(portal);
  const today = todayInAmsterdam();
  const yesterday = addCalendarDays(today, -1);
  await page.goto(`/klant/${endUser.id}`);
  const dialog = await openTicket(page, 'Reparatie');
  await dialog
    .getByRole('group', { name: /Defecte artikelen/ })
    .getByRole('checkbox', { disabled: false })
    .first()
    .check();
  const order = `E2E-DATUM-${Date.now() % 100000}`;
  await dialog.getByLabel('Ordernummer').fill(order);
  await dialog.getByLabel('Uw referentie').fill(`ref ${order}`);
  await dialog.getByLabel('Contactpersoon').fill('Eva Jansen');
  await dialog.getByLabel('E-mailadres').fill('eva@example.nl');
  await dialog.getByLabel('Telefoonnummer').fill('0612345678');

  // 8: a typed past date is refused under the field, and the form does not send without it.
  const date = dialog.getByLabel('Ophaaldatum');
  await date.fill(dmy(yesterday));
  await date.press('Tab');
  await expect(dialog.getByText('Kies een datum vanaf vandaag.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(date).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Kies een datum vanaf vandaag.')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/dates-ticket-past-date.png' });
  expect(await portal.db.selectFrom('deliveries').select('id').where('order_number', '=', order).execute()).toEqual([]);

  // 12: the calendar offers today (the server's rule) and not yesterday.
  const field = dialog.locator('.field', { has: page.getByLabel('Ophaaldatum') });
  await field.getByRole('button', { name: 'Kalender openen' }).click();
  const calendar = page.getByRole('dialog', { name: 'Kies een datum' });
  const todayButton = calendar.getByRole('button', { name: dayButtonName(today), exact: true });
  await expect(todayButton).not.toHaveAttribute('aria-disabled', 'true');
  if (yesterday.slice(0, 7) === today.slice(0, 7)) {
    await expect(calendar.getByRole('button', { name: dayButtonName(yesterday), exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  }
  await page.screenshot({ path: '.tmp/shots/dates-ticket-calendar.png' });
  await todayButton.click();
  await expect(date).toHaveValue(dmy(today));
  await expect(dialog.getByText('Kies een datum vanaf vandaag.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Aanvragen' }).click();
  await expect(page.getByText('De levering is aangevraagd')).toBeVisible();
  await expect(dialog).toBeHidden();
  const repair = await portal.db
    .selectFrom('deliveries')
    .select(['id', 'date', 'carrier_id', 'delivery_type_id'])
    .where('order_number', '=', order)
    .executeTakeFirstOrThrow();
  expect(repair).toMatchObject({ date: today, carrier_id: Carrier.REUZADO, delivery_type_id: DeliveryType.REPARATIE });

  // 10: the end user's timeline leads from the repair to the repair's activities, not to an error page.
  await page.reload();
  const timeline = page.getByRole('region', { name: 'Activiteiten' });
  const entry = timeline.getByRole('link', { name: /^Reparatie aangevraagd/ }).first();
  await expect(entry).toHaveAttribute('href', `/activiteiten/leveringen/${repair.id}`);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/activiteiten/leveringen/${repair.id}$`));
  await expect(page.getByRole('table')).toContainText('Reparatie aangevraagd');
  await expect(page.getByText('Er kan geen data geladen worden')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/dates-repair-activities.png' });
});

test("a new end user's form shows every error in the first round; 'Vaste bedragen' takes '1.234,56'", async ({
  page,
  portal,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  const endUser = await endUserWithItems(portal);
  const customerId = endUser.parent_client_id!;
  await page.goto(`/klant/${customerId}`);
  await page.getByRole('button', { name: 'Nieuwe eindgebruiker' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
  await dialog.getByLabel('Ordernummer').fill('E2E-EU-1');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  // One round: the name, the delivery date, the reference and the stock together.
  const fieldOf = (label: string) =>
    dialog.locator('.field', { has: page.getByRole('textbox', { name: label, exact: true }) });
  await expect(fieldOf('Naam')).toContainText('Dit veld is verplicht.');
  await expect(fieldOf('Leverdatum')).toContainText('Dit veld is verplicht.');
  await expect(fieldOf('Uw referentie')).toContainText('Dit veld is verplicht.');
  await expect(dialog.getByText('Een gebruiker kan niet worden aangemaakt zonder voorraad.')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/dates-new-end-user-errors.png' });
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();

  // 'Vaste bedragen': the example is '12,50'; '1.234,56' is read as 1234 euro and 56 cents.
  await page.getByRole('button', { name: 'Vaste bedragen' }).click();
  const monthly = page.getByRole('dialog', { name: 'Vaste bedragen' });
  await monthly.getByRole('button', { name: 'Regel toevoegen' }).click();
  const row = monthly.locator('.monthly-row').last();
  await expect(row.getByLabel('Bedrag (€)')).toHaveAttribute('placeholder', '12,50');
  await row.getByLabel('Omschrijving').fill('Beheer E2E');
  await row.getByLabel('Bedrag (€)').fill('1,234.56');
  await monthly.getByRole('button', { name: 'Opslaan' }).click();
  await expect(row.getByText('Vul een geldig bedrag in, bijvoorbeeld 12,50.')).toBeVisible();
  await row.getByLabel('Bedrag (€)').fill('1.234,56');
  await monthly.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Vaste bedragen zijn opgeslagen')).toBeVisible();
  await expect(monthly).toBeHidden();
  const stored = await portal.db
    .selectFrom('monthly_payments')
    .select('price_cents')
    .where('client_id', '=', customerId)
    .where('description', '=', 'Beheer E2E')
    .executeTakeFirstOrThrow();
  expect(stored.price_cents).toBe(123456);
  await expect(page.getByText('Beheer E2E: € 1.234,56')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/dates-monthly-payments.png' });
});
