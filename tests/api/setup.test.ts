/**
 * Issue 45 point 1: a new installation without demo data. The server names the command that makes the
 * first administrator; `npm run setup` makes the provider, the standard roles and the first Superuser
 * once, and refuses a second time with nothing changed. On PGlite in a new DATA_DIR, on PostgreSQL in a
 * new empty database (each project runs its own engine).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardRoles } from '../../server/modules/roles/standard';
import { openEmbedded, openPostgres, type OpenedDatabase } from '../../server/db/open';
import { startPortalProcess } from '../support/portal-process';
import { withDatabase, withDbName } from '../support/postgres';
import { adminArgs, runSetup } from '../support/setup-cli';
import { HttpBrowser } from './support-scale/http-client';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const ADMIN = { company: 'Transport De Vries B.V.', name: 'Anna de Vries', email: 'anna@devries-transport.nl' };

describe(`npm run setup on a new ${onPostgres ? 'PostgreSQL database' : 'embedded database'}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-setup-'));
  const dbName = `portal_setup_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = onPostgres ? withDbName(process.env.TEST_DATABASE_URL ?? '', dbName) : undefined;
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'https://portaal.devries-transport.nl',
    SMTP_URL: '',
    DATABASE_URL: databaseUrl ?? '',
  };
  let activationToken = '';

  const open = async (): Promise<OpenedDatabase> =>
    databaseUrl ? openPostgres(databaseUrl, 1, () => {}, { listen: false }) : openEmbedded(dataDir, async () => {});
  async function counts() {
    const opened = await open();
    try {
      const count = async (
        table:
          'clients' | 'users' | 'roles' | 'product_groups' | 'products' | 'items' | 'deliveries' | 'asns' | 'contacts',
      ) =>
        Number(
          (
            await opened.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        clients: await count('clients'),
        contacts: await count('contacts'),
        users: await count('users'),
        roles: await count('roles'),
        product_groups: await count('product_groups'),
        products: await count('products'),
        items: await count('items'),
        deliveries: await count('deliveries'),
        asns: await count('asns'),
      };
    } finally {
      await opened.close();
    }
  }

  beforeAll(async () => {
    if (onPostgres)
      await withDatabase(process.env.TEST_DATABASE_URL ?? '', (admin) => admin.query(`create database ${dbName}`));
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres)
      await withDatabase(process.env.TEST_DATABASE_URL ?? '', (admin) =>
        admin.query(`drop database if exists ${dbName} with (force)`),
      );
  });

  it('the server started without demo data says which command makes the first administrator', async () => {
    const portal = await startPortalProcess(env);
    try {
      await portal.waitFor('Er is nog geen gebruiker: niemand kan inloggen. Maak de eerste beheerder aan met');
      expect(portal.output()).toContain(
        'npm run setup -- --company "Bedrijfsnaam" --name "Voornaam Achternaam" --email beheerder@bedrijf.nl',
      );
      expect(portal.output()).not.toContain('Demo-logins');
    } finally {
      await portal.stop();
    }
  }, 120_000);

  it('makes the provider, the four standard roles and the first Superuser, and prints the activation link', async () => {
    const ran = await runSetup(env, adminArgs(ADMIN));
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`De eerste beheerder (${ADMIN.email}) is aangemaakt met de rol Superuser.`);
    const link =
      /Activeer het account via deze link \(72 uur geldig\): (https:\/\/portaal\.devries-transport\.nl\/activeren\/(\S+))/.exec(
        ran.stdout,
      );
    expect(link, ran.stdout).not.toBeNull();
    activationToken = link?.[2] ?? '';
    // Without SMTP_URL the mail is kept as a file, with the same link.
    const mails = fs
      .readdirSync(path.join(dataDir, 'mail'))
      .map((f) => fs.readFileSync(path.join(dataDir, 'mail', f), 'utf8'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.replace(/=\r?\n/g, '')).toContain(activationToken.slice(0, 20));

    expect(await counts()).toEqual({
      clients: 1,
      contacts: 1,
      users: 1,
      roles: 4,
      product_groups: 5,
      products: 0,
      items: 0,
      deliveries: 0,
      asns: 0,
    });
    const opened = await open();
    try {
      const provider = await opened.db
        .selectFrom('clients')
        .select(['name', 'client_type_id', 'parent_client_id'])
        .executeTakeFirstOrThrow();
      expect(provider).toEqual({ name: ADMIN.company, client_type_id: 1, parent_client_id: null });
      const rights = await opened.db
        .selectFrom('roles')
        .innerJoin('permission_role', 'permission_role.role_id', 'roles.id')
        .innerJoin('permissions', 'permissions.id', 'permission_role.permission_id')
        .select(['roles.name as role', 'permissions.name as right'])
        .execute();
      for (const [role, { rights: expected }] of Object.entries(standardRoles)) {
        expect(
          rights
            .filter((r) => r.role === role)
            .map((r) => r.right)
            .sort(),
          role,
        ).toEqual([...expected].sort());
      }
      const user = await opened.db
        .selectFrom('users')
        .innerJoin('role_user', 'role_user.user_id', 'users.id')
        .innerJoin('roles', 'roles.id', 'role_user.role_id')
        .select(['users.email', 'users.name', 'roles.name as role', 'users.password_hash'])
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ email: ADMIN.email, name: ADMIN.name, role: 'Superuser', password_hash: null });
    } finally {
      await opened.close();
    }
  }, 120_000);

  it('refuses a second run with a clear message and changes nothing', async () => {
    const before = await counts();
    const ran = await runSetup(
      env,
      adminArgs({ company: 'Ander Bedrijf', name: 'Piet Jansen', email: 'piet@ander.nl' }),
    );
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(`Deze database heeft al een Superuser (${ADMIN.email}); er is niets gewijzigd.`);
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('refuses arguments that are missing or wrong, naming the option', async () => {
    const ran = await runSetup(env, ['--company', 'X', '--name', 'Y', '--email', 'geen-adres']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/--email: .+/);
    expect(ran.stderr).toContain('Gebruik: npm run setup -- --company "Bedrijfsnaam"');
  }, 60_000);

  it('the first Superuser activates the account through the link and signs in; the hint is gone', async () => {
    const portal = await startPortalProcess(env);
    try {
      if (!onPostgres) {
        // The embedded database is one process's: setup beside a running portal names that process.
        const beside = await runSetup(env, adminArgs(ADMIN));
        expect(beside.code).toBe(1);
        expect(beside.stderr).toMatch(
          /De datamap .+ is in gebruik door proces \d+\. Stop dat proces of kies een andere DATA_DIR\./,
        );
      }
      const browser = new HttpBrowser();
      await browser.fetchToken(portal.url());
      const activated = await browser.post(portal.url(), '/api/auth/activate', {
        token: activationToken,
        password: 'Eerste-dag-2026!',
        password_confirmation: 'Eerste-dag-2026!',
        accepted_terms: true,
      });
      expect(activated.status, JSON.stringify(activated.body)).toBe(200);
      const again = new HttpBrowser();
      expect((await again.login(portal.url(), ADMIN.email, 'Eerste-dag-2026!')).status).toBe(200);
      expect(portal.output()).not.toContain('Er is nog geen gebruiker');
    } finally {
      await portal.stop();
    }
  }, 120_000);
});
