/**
 * Issue 45: a company's first real day. A new database without demo data (PostgreSQL when
 * TEST_DATABASE_URL is set, as in CI; else the embedded one), `npm run setup` as the README says, and
 * then everything in Chromium: the first Superuser activates the account, sets up two-step sign-in,
 * makes a reseller and an end customer, an article, and checks in its first serial by scanning.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { startPortalProcess, type PortalProcess } from '../support/portal-process';
import { withDatabase, withDbName } from '../support/postgres';
import { adminArgs, runSetup } from '../support/setup-cli';
import { otpCode } from './fixtures';

const ADMIN = { company: 'Transport De Vries B.V.', name: 'Anna de Vries', email: 'anna@devries-transport.nl' };
const PASSWORD = 'Eerste-Dag2026';
const adminUrl = process.env.TEST_DATABASE_URL;

test.describe('going live on an empty database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-go-live-'));
  const dbName = `portal_golive_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = adminUrl ? withDbName(adminUrl, dbName) : '';
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    SMTP_URL: '',
    WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR ?? 'dist'),
    PUBLIC_URL: 'https://portaal.devries-transport.nl',
  };
  let portal: PortalProcess | undefined;

  test.beforeAll(async () => {
    if (adminUrl) await withDatabase(adminUrl, (admin) => admin.query(`create database ${dbName}`));
  });

  test.afterAll(async () => {
    await portal?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl)
      await withDatabase(adminUrl, (admin) => admin.query(`drop database if exists ${dbName} with (force)`));
  });

  test('setup, activation, two-step sign-in, the first customers, an article and its first serial', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });

    const link = await test.step('npm run setup makes the first Superuser and prints the activation link', async () => {
      const setup = await runSetup(env, adminArgs(ADMIN));
      const output = setup.stdout + setup.stderr;
      expect(setup.code, output).toBe(0);
      expect(output).toContain(`De eerste beheerder (${ADMIN.email}) is aangemaakt met de rol Superuser.`);
      const printed =
        /Activeer het account via deze link \(72 uur geldig\): (https:\/\/portaal\.devries-transport\.nl\/activeren\/\S+)/.exec(
          output,
        )?.[1];
      expect(printed, output).toBeTruthy();
      portal = await startPortalProcess(env);
      // The portal behind its proxy answers at PUBLIC_URL; here the link's path is opened on the process itself.
      return `${portal.url()}${new URL(printed!).pathname}`;
    });

    await test.step('the Superuser activates the account and sets up two-step verification', async () => {
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Account aanmaken' })).toBeVisible();
      await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
      await page.getByLabel(/Ik ga akkoord met de gebruiksvoorwaarden/).check();
      await page.getByRole('button', { name: 'Account aanmaken' }).click();
      await expect(page).toHaveURL(/\/tweestapsverificatie$/);
      await page.getByRole('link', { name: 'Volgende stap' }).click();
      const secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s+/g, '');
      await page.getByLabel('Verificatiecode').fill(otpCode(secret));
      await page.getByRole('button', { name: 'Activeren' }).click();
      await expect(page.getByRole('heading', { name: 'Tweestapsverificatie is ingesteld' })).toBeVisible();
      await expect(page.locator('.topbar').getByRole('heading', { level: 1 })).toHaveText('Dashboard', {
        timeout: 8_000,
      });
    });

    await test.step('a reseller and an end customer under it', async () => {
      await page.goto(`${portal!.url()}/crm`);
      await page.getByRole('button', { name: 'Nieuwe klant' }).click();
      let dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
      await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Noord IT Partners');
      await dialog.getByLabel('Rol').selectOption({ label: 'Reseller' });
      await dialog.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.getByText('De klant is aangemaakt')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Noord IT Partners');

      await page.goto(`${portal!.url()}/crm?tab=endcustomers`);
      await page.getByRole('button', { name: 'Nieuwe klant' }).click();
      dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
      await dialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Gemeente Zuidhaven');
      await dialog.getByLabel('Rol').selectOption({ label: 'Eindklant' });
      await dialog.getByLabel('Reseller').fill('Noord IT');
      await page.getByTestId('modal-overlay').getByRole('option', { name: 'Noord IT Partners' }).click();
      await dialog.getByLabel('Factuurreferentie').fill('ZH-001');
      await dialog.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.getByText('De klant is aangemaakt')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gemeente Zuidhaven');
    });

    await test.step('an article for the end customer', async () => {
      await page.goto(`${portal!.url()}/voorraad`);
      await page.getByRole('button', { name: 'Voorraad aanmaken' }).click();
      const create = page.getByRole('dialog', { name: 'Voorraad aanmaken' });
      await create.getByLabel('Eindklant').selectOption({ label: 'Gemeente Zuidhaven' });
      await create.getByLabel('Artikelomschrijving').fill('Dell Latitude 7450');
      await create.getByLabel('Productgroep').selectOption({ label: 'Laptops' });
      await create.getByLabel('Artikelnummer').fill('DL-7450');
      await create.getByLabel('Uniek product ID').fill('ZH-DL7450');
      await create.getByRole('button', { name: 'Opslaan' }).click();
      await expect(create).toHaveCount(0);
      await page.goto(`${portal!.url()}/voorraad`);
      await expect(page.getByRole('table', { name: 'Artikelen' }).getByText('Dell Latitude 7450')).toBeVisible();
    });

    await test.step('a pre-notification, and its serial checked in with a hardware scanner', async () => {
      await page.goto(`${portal!.url()}/voormeldingen`);
      await page.getByRole('button', { name: 'Voormelding aanmaken' }).click();
      const form = page.getByRole('dialog', { name: 'Voormelding aanmaken' });
      await form.getByLabel('Eindklant').fill('Gemeente Zuid');
      await form.getByRole('option', { name: 'Gemeente Zuidhaven' }).first().click();
      await form.getByLabel('Ordernummer').fill('ZH-ORD-1');
      await form.getByLabel('Topdesknummer').fill('W-1');
      await form.getByLabel('Voorraadeigenaar').selectOption('Eindklant');
      await form.getByLabel('Artikel 1', { exact: true }).selectOption({ label: 'Dell Latitude 7450 (DL-7450)' });
      await form.getByLabel('Aantal').fill('1');
      await form.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Voormelding ZH-ORD-1' })).toBeVisible();

      await page.getByRole('button', { name: 'Artikelen inklaren' }).click();
      const modal = page.getByRole('dialog', { name: 'Artikelen inklaren' });
      await modal.getByLabel('Serienummer Dell Latitude 7450').click();
      await page.keyboard.type('ZHSN000001', { delay: 5 });
      await page.keyboard.press('Enter');
      await expect(modal.getByText('ZHSN000001 toegevoegd')).toBeVisible();
      await modal.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await expect(page.getByText('De voormelding is ingeklaard')).toBeVisible();

      await page.goto(`${portal!.url()}/voorraad`);
      await page.getByRole('table', { name: 'Artikelen' }).getByText('Dell Latitude 7450').click();
      await expect(page.getByText('ZHSN000001')).toBeVisible();
      await page.screenshot({ path: '.tmp/shots/go-live-article.png' });
    });
  });
});
