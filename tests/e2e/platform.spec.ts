import { sql } from 'kysely';
import { test, expect, signIn } from './fixtures';

test("a signed-in provider lands on the dashboard and sees a customer's counters and charts", async ({
  page,
  portal,
}) => {
  await signIn(page, 'beheerder@demo.local');
  await page
    .getByRole('link', { name: /direct|dashboard|verder/i })
    .first()
    .click()
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard | Reuzado Portaal');
  // The required customer says so only once the user leaves the field empty, not on arrival (issue 46).
  await expect(page.getByText('Dit veld is verplicht.')).toBeHidden();

  const customer = await portal.db
    .selectFrom('clients')
    .select('name')
    .where('client_type_id', '=', 3)
    .orderBy('name')
    .executeTakeFirstOrThrow();
  await page.getByLabel('Klant').fill(customer.name.slice(0, 6));
  await page.getByRole('option', { name: customer.name }).click();
  await expect(page.getByText('Dit veld is verplicht.')).toBeHidden();
  const inUse = page.getByTestId('counter-In gebruik');
  await expect(inUse).toHaveText(/^\d+$/);
  // The charts draw as SVG (their labels are text).
  await expect(page.getByRole('region', { name: 'Asset Management' }).locator('.chart-box svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reparaties' }).locator('.chart-box svg')).toHaveCount(2);
  await page.screenshot({ path: '.tmp/shots/dashboard.png', fullPage: true });

  // Clearing the customer leaves no counters or charts of the customer that was shown.
  await page.getByLabel('Klant').fill('');
  await page.getByLabel('Jaar').focus();
  await expect(page.getByText('Dit veld is verplicht.')).toBeVisible();
  await expect(inUse).toHaveText('–');
  await expect(page.getByTestId('counter-Op voorraad')).toHaveText('–');
  await expect(page.locator('.chart-box')).toHaveCount(0);
  await expect(page.getByText('Kies een klant om de statistieken te zien.')).toBeVisible();
});

test('an expired anti-forgery token is refreshed and the request retried', async ({ page, portal, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/crm');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
  // The server's token changes behind the page's back: the next mutating call gets 419 once.
  await sql`update sessions set xsrf_token = 'vervangen-token' where user_id is not null`.execute(portal.db);
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByRole('dialog', { name: 'Uitloggen' }).getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/inloggen/);
  const left = await portal.db.selectFrom('sessions').select('id').where('user_id', 'is not', null).execute();
  expect(left).toHaveLength(0);
});

test('a session that ended on the server sends the user to the login page', async ({ page, portal, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  await page.goto('/instellingen');
  await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
  await portal.db.deleteFrom('sessions').execute();
  await page.getByRole('link', { name: 'CRM' }).click();
  await expect(page).toHaveURL(/\/inloggen/);
  await expect(page.getByLabel('E-mailadres')).toBeVisible();
});

test("every file a page's Link header names is there to load", async ({ page, signedInAs }) => {
  await signedInAs('beheerder@demo.local');
  const named = new Set<string>();
  const pages = [
    '/',
    '/voorraad',
    '/voorraad/1',
    '/item/1',
    '/leveringen',
    '/leveringen/vandaag',
    '/leveringen/1',
    '/crm',
    '/klant/1',
    '/reparaties',
    '/voormeldingen',
    '/voormelding/1',
    '/wachtrij',
    '/eol',
    '/gebruikersbeheer',
    '/rollen-en-rechten',
    '/profiel',
  ];
  for (const path of pages) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    const files = [...(answer.headers().link ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]!);
    expect(files.length, `${path} names its code`).toBeGreaterThan(2);
    for (const file of files) named.add(file);
  }
  const statuses = await Promise.all(
    [...named].map(async (file) => `${file} ${(await page.request.get(file)).status()}`),
  );
  expect(statuses.filter((line) => !line.endsWith(' 200'))).toEqual([]);
  // A file of the build that is not there is not answered with the app's page.
  expect((await page.request.get('/assets/ConfirmHost-gone1234.js')).status()).toBe(404);
});

test("the delivery page's panels load beside its code, not once its data has come; the outbox's code is not part of it", async ({
  page,
  signedInAs,
}) => {
  await signedInAs('beheerder@demo.local');
  const answer = await page.goto('/leveringen/1');
  expect(answer?.headers().link).toMatch(/<\/assets\/FieldworkPanel-[\w-]+\.js>; rel=modulepreload/);
  // The outbox's code (Dexie) is not among it: the waiting check-outs are read after the first paint.
  expect(answer?.headers().link).not.toMatch(/\/assets\/outbox-/);
  await expect(page.locator('dl.facts')).toBeVisible();
  const timings = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
  );
  const panel = timings.find((t) => /\/assets\/FieldworkPanel-[\w-]+\.js$/.test(t.name));
  const record = timings.find((t) => t.name.endsWith('/api/deliveries/1'));
  // The slot renders its panels only with the page, after the record: without the preload its code is asked for then.
  expect(panel!.start).toBeLessThan(record!.end);
});

test("a page's code loads beside the app's start code, not after it has run; a visitor without a session gets the login page's", async ({
  page,
  signedInAs,
  browser,
  portal,
}) => {
  await signedInAs('beheerder@demo.local');
  const answer = await page.goto('/crm');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
  expect(answer?.headers().link).toMatch(/<\/assets\/CustomerListPage-[\w-]+\.js>; rel=modulepreload/);
  // The pages' small shared modules come as one chunk (build/chunks.ts): each request costs a phone's main thread
  // before the first paint.
  expect(answer?.headers().link?.split(', <').length).toBeLessThanOrEqual(12);
  const timing = (file: RegExp) =>
    page.evaluate((source) => {
      const entry = performance.getEntriesByType('resource').find((e) => new RegExp(source).test(e.name)) as
        PerformanceResourceTiming | undefined;
      return entry && { start: entry.startTime, end: entry.responseEnd };
    }, file.source);
  const start = await timing(/\/assets\/index-[\w-]+\.js$/);
  const pageCode = await timing(/\/assets\/CustomerListPage-[\w-]+\.js$/);
  // Without the preload the page's chunk is asked for only once index.js has arrived and run.
  expect(pageCode!.start).toBeLessThan(start!.end);

  const visitor = await browser.newPage({ baseURL: portal.url });
  const atDoor = await visitor.goto('/crm');
  await expect(visitor).toHaveURL(/\/inloggen/);
  expect(atDoor?.headers().link).toMatch(/<\/assets\/LoginPage-[\w-]+\.js>; rel=modulepreload/);
  await visitor.close();
});
