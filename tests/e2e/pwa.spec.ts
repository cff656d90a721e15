import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';

// The service worker is part of what this file tests (the installed app and its updates); playwright.config.ts blocks
// it elsewhere.
test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __marker?: string;
  }
}

/** Opens a page and waits until the service worker controls it (the first version claims it). */
async function openControlled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/**
 * The update tests get a copy of the web build of their own, so a test can deploy a new worker
 * without touching the build other tests use. (Request interception does not see the browser's
 * fetch of the worker script, so the server has to answer with the changed file.) The fixtures
 * read WEB_DIST_DIR when the portal starts; `ownWebBuild` is set up before the portal.
 */
const updateTest = test.extend<{ ownWebBuild: string }>({
  ownWebBuild: async ({}, use) => {
    const shared = process.env.WEB_DIST_DIR;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pwa-dist-'));
    fs.cpSync(shared ?? 'dist', dir, { recursive: true });
    process.env.WEB_DIST_DIR = dir;
    try {
      await use(dir);
    } finally {
      if (shared === undefined) delete process.env.WEB_DIST_DIR;
      else process.env.WEB_DIST_DIR = shared;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
  portal: async ({ ownWebBuild, portal }, use) => {
    void ownWebBuild; // listed first so the copy exists before the portal starts
    await use(portal);
  },
});

/** The server now answers /sw.js with a changed worker: a new version is deployed. */
function deployNewWorker(webBuild: string) {
  const file = path.join(webBuild, 'sw.js');
  fs.appendFileSync(file, `\n// new version ${Date.now()}\n`);
  // A deploy brings fresh precompressed copies too (build/precompress.ts); the server prefers them.
  const source = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source));
}

/** Marks the current document; a reload drops the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    window.__marker = 'before-update';
  });
}

const marker = (page: Page) => page.evaluate(() => window.__marker ?? null);
const checkForUpdate = (page: Page) => page.evaluate(() => window.__checkForUpdate!());

// Chromium refuses to install from an incognito profile, and Playwright's contexts are incognito;
// this test therefore opens a profile on disk.
test("the portal is installable: manifest and worker pass Chromium's check", async ({
  playwright,
  portal,
}, testInfo) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: portal.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, '/inloggen');
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data!) as {
      name: string;
      theme_color: string;
      icons: Array<{ sizes: string; purpose?: string }>;
    };
    expect(parsed.name).toBe('Reuzado Portaal');
    expect(parsed.theme_color).toBe('#1f4e79');
    expect(parsed.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    for (const icon of [
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/icons/icon-512-maskable.png',
      '/icons/apple-touch-icon.png',
    ]) {
      const response = await page.request.get(icon);
      expect(response.headers()['content-type'], icon).toBe('image/png');
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a reload and deep links still get the app shell', async ({ page, context }) => {
  await openControlled(page, '/inloggen');
  const askSession = () =>
    page.evaluate(() =>
      fetch('/api/auth/me').then(
        (r) => `status ${r.status}`,
        () => 'network error',
      ),
    );
  expect(await askSession()).toBe('status 401');
  await context.setOffline(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(page.getByLabel('E-mailadres')).toBeVisible();

  await page.goto('/bestaat/niet/12');
  await expect(page.getByRole('heading', { name: 'Pagina kan niet worden gevonden!' })).toBeVisible();

  // A private deep link: the shell loads and the app decides (here: no session, so the login page).
  await page.goto('/voorraad/12');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page).toHaveTitle(/Reuzado Portaal/);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(page).toHaveURL(/\/inloggen\?redirect=/);

  // The API is never answered from a cache: offline it fails, although it answered online.
  expect(await askSession()).toBe('network error');
});

test('offline, a page load keeps the signed-in user from the device; a session the server rejected is never used again', async ({
  page,
  context,
  portal,
}) => {
  await signIn(page, 'magazijn@demo.local');
  await openControlled(page, '/profiel');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();

  // A page loaded with no network: the guard cannot ask the server and uses the user kept on the device.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mark Magazijn' })).toBeVisible();

  // Back online the server no longer knows the session (ended elsewhere): the login page.
  await portal.db.deleteFrom('sessions').execute();
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  // Offline again: the rejected session is not taken from the device.
  await context.setOffline(true);
  await page.goto('/profiel');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect(page).toHaveURL(/\/inloggen\?redirect=/);
});

test.describe('a new version', () => {
  updateTest('a new version reloads the page when nothing is unsaved', async ({ page, ownWebBuild }) => {
    await openControlled(page, '/inloggen');
    await markDocument(page);
    deployNewWorker(ownWebBuild);

    const reloaded = page.waitForEvent('load');
    await checkForUpdate(page);
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await marker(page)).toBeNull();
    await expect(page.getByText('Er is een nieuwe versie beschikbaar')).toHaveCount(0);
    // The new worker took over; nothing is left waiting.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
  });

  updateTest('with unsaved input a new version waits and offers the reload', async ({ page, ownWebBuild }) => {
    await openControlled(page, '/inloggen');
    await page.getByLabel('E-mailadres').fill('half@getypt.nl');
    await markDocument(page);
    deployNewWorker(ownWebBuild);
    await checkForUpdate(page);

    const notice = page.getByRole('status').filter({ hasText: 'Er is een nieuwe versie beschikbaar' });
    await expect(notice).toBeVisible();
    await page.screenshot({ path: '.tmp/shots/pwa-update-notice.png' });
    await page.setViewportSize({ width: 390, height: 760 });
    await page.screenshot({ path: '.tmp/shots/pwa-update-notice-phone.png' });
    // The new worker waits; the page kept the input.
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)))
      .toBe(true);
    // With the worker waiting, the update guard still holds it back (its notice stands): no reload.
    await expect(notice).toBeVisible();
    expect(await marker(page)).toBe('before-update');
    await expect(page.getByLabel('E-mailadres')).toHaveValue('half@getypt.nl');

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Nu vernieuwen' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await marker(page)).toBeNull();
    await expect(page.getByLabel('E-mailadres')).toHaveValue('');
    await expect(notice).toHaveCount(0);
  });

  updateTest('a held-back update reloads by itself once the input is cleared', async ({ page, ownWebBuild }) => {
    await openControlled(page, '/inloggen');
    await page.getByLabel('E-mailadres').fill('x@y.nl');
    await markDocument(page);
    deployNewWorker(ownWebBuild);
    await checkForUpdate(page);
    await expect(page.getByText('Er is een nieuwe versie beschikbaar')).toBeVisible();
    expect(await marker(page)).toBe('before-update');

    const reloaded = page.waitForEvent('load');
    await page.getByLabel('E-mailadres').fill('');
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await marker(page)).toBeNull();
  });

  updateTest(
    'another tab with unsaved input is not reloaded when one tab lets the new version in',
    async ({ page, context, ownWebBuild }) => {
      await openControlled(page, '/inloggen');
      const other = await context.newPage();
      await openControlled(other, '/inloggen');
      await other.getByLabel('E-mailadres').fill('bezig@typen.nl');
      await markDocument(page);
      await markDocument(other);
      deployNewWorker(ownWebBuild);

      // The clean tab lets the new worker take over and reloads; the busy tab keeps its input.
      const reloaded = page.waitForEvent('load');
      await checkForUpdate(other);
      await reloaded;
      expect(await marker(page)).toBeNull();
      await expect(other.getByText('Er is een nieuwe versie beschikbaar')).toBeVisible();
      expect(await marker(other)).toBe('before-update');
      await expect(other.getByLabel('E-mailadres')).toHaveValue('bezig@typen.nl');

      const otherReloaded = other.waitForEvent('load');
      await other.getByRole('button', { name: 'Nu vernieuwen' }).click();
      await otherReloaded;
      expect(await marker(other)).toBeNull();
    },
  );
});
