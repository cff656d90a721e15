import { test, expect } from './fixtures';

test('hovering a menu entry loads the list before the click', async ({ page, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  await expect(page.getByRole('table', { name: 'Resellers' }).locator('tbody tr')).toHaveCount(3);

  const firstPage = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/products');
  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Voorraad', exact: true })
    .hover();
  await firstPage;
  await expect(page).toHaveURL(/\/crm$/);

  await page
    .getByRole('navigation', { name: 'Hoofdmenu' })
    .getByRole('link', { name: 'Voorraad', exact: true })
    .click();
  await expect(page.getByRole('table', { name: 'Artikelen' }).locator('tbody tr').first()).toBeVisible();
});

test('a list keeps its defaults out of the address bar and opens from a hand-edited link', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/voorraad');
  await page.getByRole('tab', { name: 'Bundels' }).click();
  await expect(page).toHaveURL(/\/voorraad\?tab=bundels$/);
  await expect(page.getByRole('table', { name: 'Bundels' })).toBeVisible();
  await page.getByRole('tab', { name: 'Artikelen' }).click();
  await expect(page).toHaveURL(/\/voorraad$/);

  await page.goto('/voorraad?tab=elders&page=x&order=zijwaarts');
  await expect(page.getByRole('tab', { name: 'Artikelen' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Artikelen' }).locator('tbody tr').first()).toBeVisible();
  await page.goto('/voormeldingen?tab=archive');
  await expect(page.getByRole('tab', { name: 'Afgeronde voormeldingen' })).toHaveAttribute('aria-selected', 'true');
});

test('a detail address with an id that is no number shows the not-found page', async ({ page, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/klant/abc');
  await expect(page.getByRole('heading', { name: 'Pagina kan niet worden gevonden!' })).toBeVisible();
  await expect(page.locator('.notice[role=alert]')).toHaveCount(0);
  await page.goto('/voorraad/0');
  await expect(page.getByRole('heading', { name: 'Pagina kan niet worden gevonden!' })).toBeVisible();
  await expect(page.locator('.notice[role=alert]')).toHaveCount(0);
  await page.goto('/voormeldingen/12abc');
  await expect(page.getByRole('heading', { name: 'Pagina kan niet worden gevonden!' })).toBeVisible();
});
