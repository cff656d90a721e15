import type { Page } from '@playwright/test';
import { test, expect, otpCode } from './fixtures';

// The service worker is part of what this file tests (the worker's own headers); playwright.config.ts blocks it
// elsewhere.
test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every Content-Security-Policy violation the page reports, in the page and on the console. */
function watchPolicy(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  void page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return problems;
}

const violationsIn = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('the app runs under its Content-Security-Policy without a single violation', async ({ page, portal }) => {
  const problems = watchPolicy(page);
  const seen: string[] = [];
  const visit = async (url: string, heading: string | RegExp) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    seen.push(...(await violationsIn(page)).map((v) => `${url}: ${v}`));
  };

  // Sign-in and two-step set-up through the screens; the QR code is a data: image.
  await page.goto('/inloggen');
  const response = await page.request.get('/inloggen');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByLabel('E-mailadres').fill('beheerder@demo.local');
  await page.getByLabel('Wachtwoord').fill('Demo1234!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('link', { name: 'Volgende stap' }).click();
  const qr = page.getByRole('img', { name: 'QR-code voor je authenticator-app' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s+/g, '');
  seen.push(...(await violationsIn(page)).map((v) => `2FA: ${v}`));
  await page.getByLabel('Verificatiecode').fill(otpCode(secret));
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(page.getByRole('heading', { name: /ingesteld|geactiveerd/i })).toBeVisible();

  // The dashboard with its charts, their tooltip included.
  await visit('/', 'Dashboard');
  const customer = await portal.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('client_type_id', '=', 3)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  await page.getByLabel('Klant').fill(customer.name.slice(0, 6));
  await page.getByRole('option', { name: customer.name }).click();
  const region = page.getByRole('region', { name: 'Asset Management' });
  const chart = region.locator('.chart-box svg').first();
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  for (const x of [0.3, 0.5, 0.7]) await page.mouse.move(box.x + box.width * x, box.y + box.height * 0.6, { steps: 5 });
  // The chart library's tooltip is HTML with style attributes (hence style-src-attr in the policy).
  await expect(region.locator('div[style*="z-index: 9999999"]')).toBeVisible();
  seen.push(...(await violationsIn(page)).map((v) => `/: ${v}`));

  await visit('/crm', 'CRM');
  await visit(`/klant/${customer.id}`, customer.name);
  await visit('/voorraad', 'Voorraad');
  await visit('/voormeldingen', 'Voormeldingen');
  await visit('/gebruikersbeheer', 'Gebruikersbeheer');
  await visit('/rollen-en-rechten', 'Rollen en rechten');
  await visit('/ui-kit', /ui-kit/i);

  // The service worker registers and takes control under the policy. Polled as the registration's whole
  // state, so that a timeout says where it stopped (not registered, installing, waiting): it took over
  // 20 s once in CI and under 0.1 s in every run on a quiet or a CPU-loaded machine since.
  const workerState = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        registered: Boolean(registration),
        installing: registration?.installing?.state ?? null,
        waiting: registration?.waiting?.state ?? null,
        active: registration?.active?.state ?? null,
        controller: navigator.serviceWorker.controller?.state ?? null,
      };
    });
  await expect.poll(workerState, { timeout: 30_000 }).toMatchObject({ active: 'activated', controller: 'activated' });

  // The static terms page (its own stylesheet, no inline style).
  await page.goto('/gebruiksvoorwaarden.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruiksvoorwaarden' })).toBeVisible();
  expect(await page.locator('main').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  seen.push(...(await violationsIn(page)).map((v) => `terms: ${v}`));

  expect([...seen, ...problems]).toEqual([]);
});
