import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { databaseSource, e2eTemplate, type DatabaseSource } from '../support/e2e-databases';
import { startTestServer, type TestServer } from '../support/e2e-server';
import { restoreSignedIn } from '../support/e2e-sign-in';
import { midnightWait } from '../support/midnight';

export interface Portal {
  url: string;
  db: Db;
  dataDir: string;
  /** The mails written so far (no SMTP_URL: .eml files in DATA_DIR/mail). */
  mails(): string[];
}

/** The web build the worker's server serves, read when the worker starts (a test may point WEB_DIST_DIR elsewhere). */
const WORKER_WEB_DIST = process.env.WEB_DIST_DIR;

/**
 * Each worker runs one server (the built web app and the API on a free port); each test gets a fresh
 * copy of the seeded database and a data folder of its own behind it. `page` is pointed at it through
 * baseURL.
 */
export const test = base.extend<
  {
    portal: Portal;
    /**
     * Signs a demo user in from the stored sign-in (cookies and session, 2FA set up), in `context`
     * (default: the test's own); the page is not opened. Returns the user's 2FA secret. For tests where
     * signing in is not what is tested; `signIn` goes through the screens.
     */
    signedInAs: (email: string, context?: BrowserContext) => Promise<string>;
  },
  { server: TestServer; databases: DatabaseSource }
>({
  databases: [
    async ({}, use, workerInfo) => {
      const databases = databaseSource(e2eTemplate(), String(workerInfo.workerIndex));
      await use(databases);
      await databases.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({}, use) => {
      const server = await startTestServer(WORKER_WEB_DIST);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  portal: async ({ server: shared, databases }, use, testInfo) => {
    const wait = midnightWait();
    if (wait) {
      testInfo.setTimeout(testInfo.timeout + wait);
      await sleep(wait);
    }
    // A test that set WEB_DIST_DIR to a web build of its own (pwa.spec.ts deploys a new version into
    // it) gets a server of its own on that build.
    const own = process.env.WEB_DIST_DIR !== WORKER_WEB_DIST ? await startTestServer(process.env.WEB_DIST_DIR) : null;
    const server = own ?? shared;
    const database = await databases.take();
    const dataDir = server.attach(database);
    const mailDir = path.join(dataDir, 'mail');
    try {
      await use({
        url: server.url,
        db: database.db,
        dataDir,
        mails: () =>
          fs.existsSync(mailDir)
            ? fs
                .readdirSync(mailDir)
                .sort()
                .map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'))
            : [],
      });
    } finally {
      await server.detach();
      await own?.close();
      await database.close();
    }
  },
  baseURL: async ({ portal }, use) => use(portal.url),
  signedInAs: async ({ portal, context }, use) => {
    await use((email, into = context) => restoreSignedIn(portal.db, into, email));
  },
});

export { expect };

export function otpCode(secret: string, offsetMs = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

/**
 * Signs in through the screens a user sees. A demo user signs in for the first time, so this also
 * sets up two-step verification by reading the secret the QR screen shows. Returns the secret.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  await page.goto('/inloggen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByRole('link', { name: 'Volgende stap' }).click();
  const secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Verificatiecode').fill(otpCode(secret));
  await page.getByRole('button', { name: 'Activeren' }).click();
  await expect(page.getByRole('heading', { name: /ingesteld|geactiveerd/i })).toBeVisible();
  return secret;
}
