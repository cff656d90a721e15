/**
 * Issue 45 point 4: a database made by the previous release starts under this code. The portal runs
 * its migrations at start; every row the old release wrote is still there, unchanged, and its users
 * sign in. The fixture is the previous release's schema and demo data (commit b45a5bb), made with
 *   npx tsx server/db/cli.ts seed   (DATABASE_URL of an empty PostgreSQL database, at that commit)
 *   pg_dump --inserts --no-owner --no-privileges <db> | grep -v "^\\\\" | gzip -9 >
 * tests/api/fixtures/release-b45a5bb.sql.gz
 * INSERT statements, not COPY, and without psql's \\restrict lines, so PGlite loads the same file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../../server/db/open';
import { startPortalProcess } from '../support/portal-process';
import { withDatabase, withDbName } from '../support/postgres';
import { HttpBrowser } from './support-scale/http-client';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const dump = () =>
  zlib
    .gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'release-b45a5bb.sql.gz')))
    .toString('utf8');
const LAST_OLD_MIGRATION = '20261129T0100-addresses-visiting-first';

/** Runs statements and returns rows, on whichever engine the database is. */
type Query = <T>(text: string) => Promise<T[]>;

/** Each old table's rows, over the old columns only, as one digest per table; and the row counts. */
async function fingerprint(query: Query, tables?: Map<string, string[]>) {
  const columns = tables ?? new Map<string, string[]>();
  if (!tables) {
    const rows = await query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    );
    for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  const digests = new Map<string, { rows: number; md5: string }>();
  for (const [table, names] of columns) {
    const list = names.map((n) => `"${n}"`).join(', ');
    const [result] = await query<{ rows: string | number; md5: string | null }>(
      `select count(*) as rows, md5(string_agg(r::text, '|' order by r::text)) as md5 from (select ${list} from "${table}") r`,
    );
    digests.set(table, { rows: Number(result?.rows), md5: result?.md5 ?? '' });
  }
  return { columns, digests };
}

describe(`the previous release's ${onPostgres ? 'PostgreSQL database' : 'embedded database'} under this code`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upgrade-'));
  const dbName = `portal_upgrade_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = onPostgres ? withDbName(process.env.TEST_DATABASE_URL ?? '', dbName) : '';
  const pgdata = path.join(dataDir, 'pgdata');

  /** A query on the database while no portal runs. */
  async function withQuery<T>(fn: (query: Query) => Promise<T>): Promise<T> {
    if (onPostgres) return withDatabase(databaseUrl, (client) => fn(async (text) => (await client.query(text)).rows));
    const pglite = new PGlite(pgdata, pgliteOptions);
    try {
      return await fn(async <R>(text: string) => (await pglite.query<R>(text)).rows);
    } finally {
      await pglite.close();
    }
  }

  let before: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    if (onPostgres) {
      await withDatabase(process.env.TEST_DATABASE_URL ?? '', (admin) => admin.query(`create database ${dbName}`));
      await withDatabase(databaseUrl, (client) => client.query(dump()));
    } else {
      // The release built no trigram indexes where pg_trgm is missing (PGlite): its migration skips them.
      const withoutTrigrams = dump()
        .split('\n')
        .filter((line) => !line.includes('pg_trgm') && !line.includes('gin_trgm_ops'))
        .join('\n');
      const pglite = new PGlite(pgdata, pgliteOptions);
      await pglite.exec(withoutTrigrams);
      await pglite.close();
    }
    before = await withQuery((query) => fingerprint(query));
  }, 180_000);

  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (onPostgres)
      await withDatabase(process.env.TEST_DATABASE_URL ?? '', (admin) =>
        admin.query(`drop database if exists ${dbName} with (force)`),
      );
  });

  it('starts, migrates, keeps every old row as it was, and its users sign in', async () => {
    expect(before.digests.get('users')?.rows).toBeGreaterThan(3);
    expect(before.digests.has('mail_outbox')).toBe(false);
    const applied = await withQuery((q) =>
      q<{ name: string }>(`select name from kysely_migration order by name desc limit 1`),
    );
    expect(applied[0]?.name).toBe(LAST_OLD_MIGRATION);

    const portal = await startPortalProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SMTP_URL: '',
    });
    try {
      const browser = new HttpBrowser();
      const login = await browser.login(portal.url(), 'beheerder@demo.local');
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const enabled = await browser.enableOtp(portal.url());
      expect(enabled.status).toBe(200);
      const products = await browser.get<{ data: unknown[] }>(portal.url(), '/api/products');
      expect(products.status).toBe(200);
      expect(products.body.data.length).toBeGreaterThan(0);
    } finally {
      await portal.stop();
    }

    await withQuery(async (query) => {
      const migrations = await query<{ name: string }>(`select name from kysely_migration order by name`);
      expect(migrations.map((m) => m.name)).toContain('20261203T2200-mail-outbox');
      const after = await fingerprint(query, before.columns);
      for (const [table, digest] of before.digests) {
        // The new migrations are recorded, the sign-in above adds a session and its traces; every other
        // old row is untouched.
        if (['kysely_migration', 'sessions', 'rate_limits', 'users'].includes(table)) continue;
        expect(after.digests.get(table), table).toEqual(digest);
      }
      expect(after.digests.get('users')?.rows).toBe(before.digests.get('users')?.rows);
    });
  }, 240_000);
});
