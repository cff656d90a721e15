import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import { ItemStatus } from '@domain/enums';
import { expect, test, type Portal } from './fixtures';

/** A product of the demo seed with items, not an accessory (its check-in takes a serial). */
async function serialProduct(db: Portal['db']) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.name'])
    .where('p.deleted_at', 'is', null)
    .where('p.product_group_id', '<>', ACCESSORY_GROUP_ID)
    .where((eb) => eb.exists(eb.selectFrom('items').select('items.id').whereRef('items.product_id', '=', 'p.id')))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
}

/** Issue 21 point 16: clicking beside a dialog with typed input asks first; a clean dialog just closes. */
test('a click beside a dialog with unsaved input asks before throwing it away', async ({
  page,
  portal,
  signedInAs,
}) => {
  const product = await serialProduct(portal.db);
  await signedInAs('magazijn@demo.local');
  await page.goto(`/voorraad/${product.id}`);
  const open = async () => {
    await page.locator('.panel-actions').getByRole('button', { name: 'Bewerken' }).click();
    await expect(page.getByRole('dialog', { name: 'Artikel bewerken' })).toBeVisible();
  };
  const outside = () =>
    page
      .getByTestId('modal-overlay')
      .first()
      .click({ position: { x: 5, y: 5 } });

  // Clean: closes at once.
  await open();
  await outside();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Typed input: the question; 'Verder bewerken' keeps the dialog and what was typed.
  await open();
  const dialog = page.getByRole('dialog', { name: 'Artikel bewerken' });
  await dialog.getByLabel('Artikelomschrijving').fill('Nieuwe omschrijving die nog niet is opgeslagen');
  await outside();
  const question = page.getByRole('dialog', { name: 'Weet je het zeker?' });
  await expect(question).toContainText('De ingevoerde gegevens zijn nog niet opgeslagen.');
  await question.getByRole('button', { name: 'Verder bewerken' }).click();
  await expect(question).toHaveCount(0);
  await expect(dialog.getByLabel('Artikelomschrijving')).toHaveValue('Nieuwe omschrijving die nog niet is opgeslagen');

  // Escape asks the same; 'Sluiten zonder opslaan' closes, and nothing was saved.
  await dialog.getByLabel('Artikelomschrijving').press('Escape');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Sluiten zonder opslaan' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const saved = await portal.db
    .selectFrom('products')
    .select('name')
    .where('id', '=', product.id)
    .executeTakeFirstOrThrow();
  expect(saved.name).toBe(product.name);

  // Typed back to what it was: nothing unsaved, closes at once.
  await open();
  const name = dialog.getByLabel('Artikelomschrijving');
  await name.fill('x');
  await name.fill(product.name);
  await outside();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** Issue 21 point 16, spec 2 §2.2: the article page's check-in button checks an item of this article in. */
test('the article page checks a scanned serial into stock', async ({ page, portal, signedInAs }) => {
  const product = await serialProduct(portal.db);
  const taken = await portal.db
    .selectFrom('items')
    .select('serial')
    .where('serial', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs('magazijn@demo.local');
  await page.goto(`/voorraad/${product.id}`);
  const count = Number(await page.getByTestId('items-count').textContent());

  await page.getByRole('button', { name: 'Inklaren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Artikel inklaren' });
  const serial = dialog.getByLabel('Serienummer');
  await expect(serial).toBeFocused();
  // A serial already in stock: refused under the field.
  await page.keyboard.type(taken.serial!);
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.field-error')).not.toBeEmpty();
  await expect(dialog).toBeVisible();

  // A new one, typed as a scanner does, Enter saves.
  await serial.fill('');
  await serial.focus();
  await page.keyboard.type('NARROW-SCAN-0001');
  await dialog.getByLabel('Ordernummer').fill('ORD-INKLAAR-1');
  await serial.press('Enter');
  await expect(page.getByText('1 item is ingeklaard')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('items-count')).toHaveText(String(count + 1));
  const item = await portal.db
    .selectFrom('items')
    .select(['product_id', 'status_id', 'order_number'])
    .where('serial', '=', 'NARROW-SCAN-0001')
    .executeTakeFirstOrThrow();
  expect(item).toEqual({ product_id: product.id, status_id: ItemStatus.INGEKLAARD, order_number: 'ORD-INKLAAR-1' });
  // The items table finds it.
  await page.getByRole('searchbox').fill('NARROW-SCAN-0001');
  await expect(
    page.getByRole('table', { name: 'Items' }).getByRole('link', { name: 'NARROW-SCAN-0001' }),
  ).toBeVisible();
});

/** Without the right 'Artikel aanmaken' (an end customer's user) there is no check-in button. */
test('the check-in button needs the right Artikel aanmaken', async ({ page, portal, signedInAs }) => {
  const own = await portal.db
    .selectFrom('users')
    .innerJoin('contacts', 'contacts.id', 'users.contact_id')
    .innerJoin('products', 'products.client_id', 'contacts.client_id')
    .select('products.id')
    .where('users.email', '=', 'klant@demo.local')
    .where('products.deleted_at', 'is', null)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  await signedInAs('klant@demo.local');
  await page.goto(`/voorraad/${own.id}`);
  await expect(page.getByTestId('items-count')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bewerken' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Inklaren' })).toHaveCount(0);
});
