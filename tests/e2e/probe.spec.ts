import { test } from './fixtures';
test('probe', async ({ page }) => {
  page.on('response', (r) => { if (r.status() >= 400) console.log('RESP', r.status(), r.url()); });
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 100)));
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) console.log('NAV', f.url()); });
  await page.goto('/inloggen');
  await page.waitForTimeout(2000);
});
