import { test, expect } from './fixtures';
import { ClientType } from '@domain/enums';

// The whole header cell sorts, not only its label (issue 46 point 9): clicked near the cell's right edge, the
// Naam column sorts the end users by surname without the tussenvoegsel, and the second click mirrors it.
test('the Superuser sorts the end users by clicking the Naam header cell outside its label', async ({
  page,
  portal,
  signedInAs,
}) => {
  const reseller = await portal.db
    .selectFrom('clients')
    .select('id')
    .where('client_type_id', '=', ClientType.RESELLER)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const endCustomer = await portal.db
    .insertInto('clients')
    .values({ name: 'Sorteerhuis Zorg', client_type_id: ClientType.EINDKLANT, parent_client_id: reseller.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await portal.db
    .insertInto('clients')
    .values(
      ['Jan de Vries', 'anna Bakker', 'Piet van den Berg', 'Émile Zola', "Joop in 't Veld", 'Karel Vriesema'].map(
        (name) => ({ name, client_type_id: ClientType.EINDGEBRUIKER, parent_client_id: endCustomer.id }),
      ),
    )
    .execute();
  const ascending = [
    'anna Bakker',
    'Piet van den Berg',
    "Joop in 't Veld",
    'Jan de Vries',
    'Karel Vriesema',
    'Émile Zola',
  ];

  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  await page.getByRole('tab', { name: 'Eindgebruikers' }).click();
  const table = page.getByRole('table', { name: 'Eindgebruikers' });
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('Sorteerhuis');
  const names = table.locator('tbody tr td:first-child');
  await expect(names).toHaveCount(ascending.length);

  const header = table.getByRole('columnheader', { name: 'Naam' });
  const label = header.locator('.th-label');
  const cell = (await header.boundingBox())!;
  const text = (await label.boundingBox())!;
  // Right of the label and left of the resize handle (the cell's last 8 px).
  const x = cell.x + cell.width - 16;
  expect(x).toBeGreaterThan(text.x + text.width + 20);
  const y = cell.y + cell.height / 2;

  await expect(header).toHaveAttribute('aria-sort', 'none');
  await page.mouse.click(x, y);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(names).toHaveText(ascending);
  await page.screenshot({ path: '.tmp/shots/name-sort-ascending.png' });

  await page.mouse.click(x, y);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(names).toHaveText([...ascending].reverse());
  await page.screenshot({ path: '.tmp/shots/name-sort-descending.png' });

  // The keyboard reaches the same button: Enter sorts ascending again.
  await header.getByRole('button').press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(names).toHaveText(ascending);
  await page.screenshot({
    path: '.tmp/shots/name-sort-keyboard.png',
    clip: { x: 270, y: 200, width: 700, height: 120 },
  });
});
