/**
 * Issue 45 point 2: `npm run db:backup` and `npm run db:restore` as an operator runs them, on the
 * engine of the project (PGlite in a DATA_DIR, or PostgreSQL through DATABASE_URL). A portal with
 * uploads is backed up; the backup restores into a new target where the same users sign in and the
 * same files download byte for byte; a cut-off or changed file and a non-empty target are refused
 * with nothing restored; a backup of an older schema restores and migrates.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { openEmbedded, openPostgres, type OpenedDatabase } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { openStorage } from '../../server/lib/storage';
import { loadConfig } from '../../server/config';
import { currentOtp } from '../../server/lib/totp';
import { latestMigration } from '../../server/backup/schema';
import { startPortalProcess, type PortalProcess } from '../support/portal-process';
import { dropDatabases, withDatabase, withDbName } from '../support/postgres';
import { restoreEmbedded } from '../support/templates';
import { signaturePng } from '../support/png';
import { multipartBody } from '../support/multipart';
import { HttpBrowser } from './support-scale/http-client';
import { startLocalBucket, type LocalBucket } from './support-scale/bucket';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const ADMIN = 'beheerder@demo.local';
const CUSTOMER = 'klant@demo.local';
const DAMAGED = 'Het back-upbestand is beschadigd of onvolledig';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup -- FILE` / `npm run db:restore -- FILE [--force]`. */
function runCli(env: NodeJS.ProcessEnv, args: string[]): Promise<Ran> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
const createdDatabases: string[] = [];
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (onPostgres) await dropDatabases(serverUrl, createdDatabases);
});

/** A portal's place: a DATA_DIR (its files, and on PGlite its database) and on PostgreSQL a database of its own. */
interface Target {
  name: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  databaseUrl: string | null;
}

async function newTarget(name: string): Promise<Target> {
  const dataDir = path.join(tmp, name);
  let databaseUrl: string | null = null;
  if (onPostgres) {
    const dbName = `${new URL(serverUrl).pathname.slice(1)}_${name}_${crypto.randomBytes(4).toString('hex')}`;
    await withDatabase(serverUrl, (admin) => admin.query(`create database ${dbName}`));
    createdDatabases.push(dbName);
    databaseUrl = withDbName(serverUrl, dbName);
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    SMTP_URL: '',
    STORAGE_URL: '',
    WEB_DIST_DIR: path.join(tmp, 'no-web'),
    LOG_LEVEL: 'warn',
  };
  return { name, env, dataDir, databaseUrl };
}

/** A new target holding a copy of the test run's migrated demo database (no stored files yet). */
async function seededTarget(name: string): Promise<Target> {
  const target = await newTarget(name);
  const template = inject('templateDatabase');
  if (target.databaseUrl) {
    const dbName = new URL(target.databaseUrl).pathname.slice(1);
    await withDatabase(serverUrl, async (admin) => {
      await admin.query(`drop database ${dbName}`);
      await admin.query(`create database ${dbName} template ${template}`);
    });
  } else {
    fs.mkdirSync(target.dataDir);
    await restoreEmbedded(target.dataDir, template);
  }
  return target;
}

const openTarget = (t: Target): Promise<OpenedDatabase> =>
  t.databaseUrl
    ? Promise.resolve(openPostgres(t.databaseUrl, 1, () => {}, { listen: false }))
    : openEmbedded(t.dataDir, async () => {});

async function query<T>(t: Target, run: (db: OpenedDatabase['db']) => Promise<T>): Promise<T> {
  const opened = await openTarget(t);
  try {
    return await run(opened.db);
  } finally {
    await opened.close();
  }
}

/** Nothing restored: no database (no pgdata; no table in PostgreSQL) and no stored file. */
async function isEmpty(t: Target): Promise<boolean> {
  const files = path.join(t.dataDir, 'files');
  const noFiles = !fs.existsSync(files) || fs.readdirSync(files).length === 0;
  if (!t.databaseUrl) return noFiles && !fs.existsSync(path.join(t.dataDir, 'pgdata'));
  const { rows } = await withDatabase(t.databaseUrl, (c) =>
    c.query<{ n: string }>(
      "select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'",
    ),
  );
  return noFiles && Number(rows[0]?.n) === 0;
}

async function upload(
  browser: HttpBrowser,
  base: string,
  url: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const form = multipartBody(fields, { image: { ...file, type: 'image/png' } });
  return browser.request<{ data: { id: number; image: string } }>(base, 'POST', url, form.payload, form.headers);
}

/** The password step, then the code of the next 30-second step (the current one may be used already). */
async function signInAgain(browser: HttpBrowser, base: string, email: string, secret: string): Promise<number> {
  const login = await browser.login(base, email);
  expect(login.status).toBe(200);
  expect((login.body as { otp_enabled: boolean }).otp_enabled).toBe(true);
  return (
    await browser.post(base, '/api/auth/google2fa/verify', { otp_secret: currentOtp(secret, Date.now() + 30_000) })
  ).status;
}

const LOGO = signaturePng(240, 120);
const PHOTO = signaturePng(640, 480);

describe(`back-up and restore of a portal on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  let source: Target;
  const backupFile = path.join(tmp, 'portaal.backup');
  let clientId = 0;
  let productImage = '';
  let adminSecret = '';
  let customerSecret = '';
  const signedIn = new HttpBrowser();

  beforeAll(async () => {
    source = await seededTarget('source');
  }, 120_000);

  it('backs up a portal with uploads; the embedded one only while no portal runs on it, which is named', async () => {
    const portal = await startPortalProcess(source.env);
    try {
      const base = portal.url();
      expect((await signedIn.login(base, ADMIN)).status).toBe(200);
      expect((await signedIn.enableOtp(base)).status).toBe(200);
      adminSecret = signedIn.otpSecret ?? '';
      const customer = new HttpBrowser();
      expect((await customer.login(base, CUSTOMER)).status).toBe(200);
      expect((await customer.enableOtp(base)).status).toBe(200);
      customerSecret = customer.otpSecret ?? '';

      clientId = (await customer.get<{ contact: { client_id: number } }>(base, '/api/auth/me')).body.contact.client_id;
      const logo = await upload(signedIn, base, `/api/clients/${clientId}/image`, {}, { name: 'logo.png', data: LOGO });
      expect(logo.status, JSON.stringify(logo.body)).toBe(200);
      const product = await upload(
        signedIn,
        base,
        '/api/products',
        {
          name: 'Back-up laptop',
          description: 'Met foto',
          product_group_id: '1',
          article_number: 'BCK-1',
          unique_product_id: 'BCK-1',
          eol: '36',
          client_id: String(clientId),
        },
        { name: 'foto.png', data: PHOTO },
      );
      expect(product.status, JSON.stringify(product.body)).toBe(201);
      productImage = product.body.data.image;

      if (!onPostgres) {
        const refused = await runCli(source.env, ['backup', backupFile]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`is in gebruik door proces ${portal.child.pid}. Stop dat proces`);
        expect(fs.existsSync(backupFile)).toBe(false);
      } else {
        // pg_dump takes a consistent snapshot: PostgreSQL is backed up while the portal runs.
        const ran = await runCli(source.env, ['backup', backupFile]);
        expect(ran.code, ran.stderr).toBe(0);
      }
    } finally {
      await portal.stop();
    }
    if (!onPostgres) {
      const ran = await runCli(source.env, ['backup', backupFile]);
      expect(ran.code, ran.stderr).toBe(0);
    }
    expect(fs.readFileSync(backupFile).subarray(0, 13).toString()).toBe('manifest.json');
    // It holds password hashes and two-step secrets: its owner alone may read it.
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const again = await runCli(source.env, ['backup', backupFile]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Het bestand ${backupFile} bestaat al; kies een andere naam.`);
  }, 240_000);

  it('refuses a cut-off backup and one with a byte changed, and restores nothing', async () => {
    const whole = fs.readFileSync(backupFile);
    const cut = path.join(tmp, 'afgebroken.backup');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const changed = path.join(tmp, 'gewijzigd.backup');
    const tampered = Buffer.from(whole);
    const at = Math.floor(whole.length / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    fs.writeFileSync(changed, tampered);
    for (const [file, reason] of [
      [cut, 'het bestand houdt op in'],
      [changed, 'de controlesom van'],
    ] as const) {
      const target = await newTarget(`damaged${path.basename(file, '.backup')}`);
      const ran = await runCli(target.env, ['restore', file]);
      expect(ran.code, file).toBe(1);
      expect(ran.stderr).toContain(`${DAMAGED}: ${reason}`);
      expect(ran.stderr).toContain('Er is niets hersteld.');
      expect(await isEmpty(target), file).toBe(true);
    }
  }, 120_000);

  it('restores into a new target: sessions ended, the same users sign in, the same files download byte for byte', async () => {
    const target = await newTarget('restored');
    const ran = await runCli(target.env, ['restore', backupFile]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(
      `hersteld in ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : `de ingebouwde database in ${target.dataDir}`}`,
    );
    expect(ran.stdout).toContain('iedereen is uitgelogd');
    expect(await query(target, (db) => db.selectFrom('sessions').select('id').execute())).toEqual([]);

    const portal = await startPortalProcess(target.env);
    try {
      const base = portal.url();
      // The session of before the backup is no longer valid.
      expect((await signedIn.get(base, '/api/auth/me')).status).toBe(401);
      const admin = new HttpBrowser();
      expect(await signInAgain(admin, base, ADMIN, adminSecret)).toBe(200);
      expect(await signInAgain(new HttpBrowser(), base, CUSTOMER, customerSecret)).toBe(200);
      const logo = await admin.get(base, `/api/clients/${clientId}/image`);
      expect(logo.status).toBe(200);
      expect(logo.bytes.equals(LOGO)).toBe(true);
      const photo = await admin.get(base, productImage);
      expect(photo.status).toBe(200);
      expect(photo.bytes.equals(PHOTO)).toBe(true);
    } finally {
      await portal.stop();
    }
  }, 240_000);

  it('refuses a target that is not empty unless --force, which replaces what it holds', async () => {
    const target = await newTarget('forced');
    expect((await runCli(target.env, ['restore', backupFile])).code).toBe(0);
    let portal: PortalProcess = await startPortalProcess(target.env);
    const admin = new HttpBrowser();
    try {
      expect(await signInAgain(admin, portal.url(), ADMIN, adminSecret)).toBe(200);
      const other = await upload(
        admin,
        portal.url(),
        `/api/clients/${clientId}/image`,
        {},
        { name: 'nieuw.png', data: PHOTO },
      );
      expect(other.status).toBe(200);
      if (!onPostgres) {
        const beside = await runCli(target.env, ['restore', backupFile, '--force']);
        expect(beside.code).toBe(1);
        expect(beside.stderr).toContain(`De datamap ${target.dataDir} is in gebruik door proces ${portal.child.pid}.`);
      }
    } finally {
      await portal.stop();
    }
    const refused = await runCli(target.env, ['restore', backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      onPostgres
        ? 'De database van DATABASE_URL bevat al tabellen.'
        : `De datamap ${target.dataDir} bevat al een database.`,
    );
    expect(refused.stderr).toContain('er is niets gewijzigd. Herstel in een lege datamap of database, of geef --force');

    const forced = await runCli(target.env, ['restore', backupFile, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    portal = await startPortalProcess(target.env);
    try {
      // Its session ended with the restore: the browser's page token is refused, and it signs in anew.
      expect((await admin.get(portal.url(), '/api/auth/me')).status).toBe(401);
      const again = new HttpBrowser();
      expect(await signInAgain(again, portal.url(), ADMIN, adminSecret)).toBe(200);
      const logo = await again.get(portal.url(), `/api/clients/${clientId}/image`);
      expect(logo.bytes.equals(LOGO)).toBe(true);
    } finally {
      await portal.stop();
    }
  }, 300_000);

  it(
    onPostgres
      ? 'names the missing pg_dump and pg_restore and how to install them'
      : 'needs no PostgreSQL client tools',
    async () => {
      const noTools = { PG_BIN_DIR: path.join(tmp, 'no-tools') };
      fs.mkdirSync(noTools.PG_BIN_DIR, { recursive: true });
      const file = path.join(tmp, 'zonder-tools.backup');
      const made = await runCli({ ...source.env, ...noTools }, ['backup', file]);
      const target = await newTarget('notools');
      const restored = await runCli({ ...target.env, ...noTools }, ['restore', backupFile]);
      if (!onPostgres) {
        expect(made.code, made.stderr).toBe(0);
        expect(restored.code, restored.stderr).toBe(0);
        return;
      }
      expect(made.code).toBe(1);
      expect(made.stderr).toContain(
        `pg_dump is niet gevonden in PG_BIN_DIR (${noTools.PG_BIN_DIR}). Installeer de PostgreSQL-clientprogramma's van versie`,
      );
      expect(made.stderr).toMatch(/apt install postgresql-client-\d+/);
      expect(fs.existsSync(file)).toBe(false);
      expect(restored.code).toBe(1);
      expect(restored.stderr).toContain(`pg_restore is niet gevonden in PG_BIN_DIR (${noTools.PG_BIN_DIR}).`);
      expect(await isEmpty(target)).toBe(true);
    },
    120_000,
  );

  it('a backup of an older schema restores and is migrated to the current one', async () => {
    const old = await newTarget('oldschema');
    const names = Object.keys(migrations).sort();
    const older = Object.fromEntries(names.slice(0, -1).map((n) => [n, migrations[n]!]));
    await query(old, (db) => migrateToLatest(db, older));
    const oldBackup = path.join(tmp, 'oud.backup');
    const made = await runCli(old.env, ['backup', oldBackup]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`schema ${names.at(-2)}`);

    const target = await newTarget('migrated');
    const ran = await runCli(target.env, ['restore', oldBackup]);
    expect(ran.code, ran.stderr).toBe(0);
    const applied = await query(target, async (db) =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
        (r) => r.name,
      ),
    );
    expect(applied).toEqual(names);
    expect(applied.at(-1)).toBe(latestMigration());
  }, 180_000);
});

describe('back-up and restore of files in a bucket', () => {
  let bucket: LocalBucket;
  beforeAll(async () => {
    bucket = await startLocalBucket();
  });
  afterAll(() => bucket.close());

  it('takes every object under the prefix along and puts it back under another; a bucket with files is not empty', async () => {
    const source = await seededTarget('bucketsource');
    const sourceEnv = { ...source.env, ...bucket.env };
    const sourceStorage = await openStorage(loadConfig(sourceEnv));
    const stored = new Map<string, Buffer>();
    for (const [folder, data] of [
      ['signatures', LOGO],
      ['repairs', crypto.randomBytes(200_000)],
    ] as const) {
      stored.set(await sourceStorage.put(folder, 'x.png', data), data);
    }
    const file = path.join(tmp, 'bucket.backup');
    const made = await runCli(sourceEnv, ['backup', file]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('2 bestanden');

    const target = await newTarget('buckettarget');
    const targetEnv = { ...target.env, ...bucket.env, STORAGE_URL: 's3://portaal/hersteld' };
    const ran = await runCli(targetEnv, ['restore', file]);
    expect(ran.code, ran.stderr).toBe(0);
    const targetStorage = await openStorage(loadConfig(targetEnv));
    for (const [key, data] of stored) expect((await targetStorage.readBuffer(key)).equals(data), key).toBe(true);

    const emptyDatabase = await newTarget('bucketfull');
    const refused = await runCli({ ...emptyDatabase.env, ...bucket.env, STORAGE_URL: 's3://portaal/hersteld' }, [
      'restore',
      file,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('De bucket portaal/hersteld/ bevat al bestanden.');
    expect(await isEmpty(emptyDatabase)).toBe(true);
  }, 180_000);
});
