import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { kyselyOnPGlite, openEmbedded, DataDirInUseError, pgliteParsers } from './open';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

// Each test builds new embedded databases (PGlite's initdb): seconds each, minutes on a busy 2-core machine.
const EMBEDDED_START_MS = 180_000;

describe('PGlite driver', { timeout: EMBEDDED_START_MS }, () => {
  it("keeps a concurrent request out of another request's transaction", async () => {
    const opened = kyselyOnPGlite(new PGlite({ parsers: pgliteParsers }));
    const db = opened.db.withTables<{ t: { name: string } }>();
    await sql`create table t (name text)`.execute(db);
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ name: 'in transaction' }).execute();
        await paused;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    // This insert is issued while the transaction is open; it must not become part of it.
    const outside = db.insertInto('t').values({ name: 'outside' }).execute();
    release();
    expect(await rolledBack).toBe('roll back');
    await outside;
    const rows = await db.selectFrom('t').select('name').execute();
    expect(rows).toEqual([{ name: 'outside' }]);
    await opened.close();
  });
});

describe('embedded data folder', { timeout: EMBEDDED_START_MS }, () => {
  it('builds a new database in a temporary folder and leaves nothing when the first start fails', async () => {
    const dir = tmp();
    await expect(
      openEmbedded(dir, async () => {
        throw new Error('stopped during first start');
      }),
    ).rejects.toThrow('stopped during first start');
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'pgdata.lock'))).toBe(false);

    const opened = await openEmbedded(dir, async (db) => {
      await sql`create table marker (id int)`.execute(db);
    });
    expect(opened.created).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('pgdata.tmp-'))).toEqual([]);
    await opened.close();

    const again = await openEmbedded(dir, async () => {
      throw new Error('must not initialize twice');
    });
    expect(again.created).toBe(false);
    expect((await sql<{ n: number }>`select count(*)::int as n from marker`.execute(again.db)).rows[0]!.n).toBe(0);
    await again.close();
  });

  it('refuses a data folder that another live process holds, and takes over a stale lock', async () => {
    const dir = tmp();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'pgdata.lock'), String(other.pid));
      await expect(openEmbedded(dir, async () => {})).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(openEmbedded(dir, async () => {})).rejects.toThrow(/in gebruik door proces/);
    } finally {
      other.kill();
    }
    await new Promise((r) => other.on('exit', r));
    const opened = await openEmbedded(dir, async () => {});
    expect(fs.readFileSync(path.join(dir, 'pgdata.lock'), 'utf8')).toBe(String(process.pid));
    await expect(openEmbedded(dir, async () => {})).rejects.toBeInstanceOf(DataDirInUseError);
    await opened.close();
  });
});
