import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { kyselyOnPGlite, pgliteParsers } from './open';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe('migrations', () => {
  it('lists every file of server/db/migrations in its index, in name order', () => {
    const dir = path.join(import.meta.dirname, 'migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });

  it('applies a pending migration to a database that has the others', async () => {
    const { db, close } = kyselyOnPGlite(new PGlite({ parsers: pgliteParsers }));
    const names = Object.keys(migrations);
    const last = names.at(-1)!;
    await migrateToLatest(db, Object.fromEntries(names.slice(0, -1).map((n) => [n, migrations[n]!])));
    const before = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(before.rows.map((r) => r.name)).not.toContain(last);

    await migrateToLatest(db);
    const after = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(after.rows.map((r) => r.name)).toEqual(names);
    await close();
  }, 120_000);
});
