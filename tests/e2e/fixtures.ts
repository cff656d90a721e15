import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { PGlite } from '@electric-sql/pglite';
import * as OTPAuth from 'otpauth';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { kyselyOnPGlite, pgliteOptions } from '../../server/db/open';
import type { Db } from '../../server/db/database';
import { createMailer } from '../../server/lib/mail';
import { folderStorage } from '../../server/lib/storage';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { E2E_TEMPLATE } from './global-setup';

export interface Portal {
  url: string;
  db: Db;
  dataDir: string;
  /** The mails written so far (no SMTP_URL: .eml files in DATA_DIR/mail). */
  mails(): string[];
}

/**
 * Each test gets a portal of its own: the built web app and the API on a free port, with a fresh
 * copy of the seeded database. `page` is pointed at it through baseURL.
 */
export const test = base.extend<{ portal: Portal }>({
  portal: async ({}, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
    const opened = kyselyOnPGlite(new PGlite({ loadDataDir: new Blob([fs.readFileSync(E2E_TEMPLATE)]), ...pgliteOptions }));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', WEB_DIST_DIR: process.env.WEB_DIST_DIR });
    const app = await buildApp({ db: opened.db, config, mailer: createMailer(config, () => {}), storage: folderStorage(config.storageDir) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}`;
    config.publicUrl = url;
    const mailDir = path.join(dataDir, 'mail');
    await use({
      url,
      db: opened.db,
      dataDir,
      mails: () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8')) : []),
    });
    await app.close();
    await opened.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  baseURL: async ({ portal }, use) => use(portal.url),
});

export { expect };

export function otpCode(secret: string, offsetMs = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetMs });
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
