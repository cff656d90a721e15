import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Migrations are the files in db/migrations, applied in name order (names start with a timestamp). */
const migrationFiles = async () => (await fs.readdir(migrationsDir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
const migrationName = (file: string) => file.replace(/\.(ts|js)$/, '');

class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of await migrationFiles()) {
      migrations[migrationName(file)] = await import(pathToFileURL(path.join(migrationsDir, file)).href);
    }
    return migrations;
  }
}

/**
 * True when every migration file is recorded as applied: one query, where Kysely's Migrator would
 * inspect the catalog, take its lock and load every migration file (seconds of a cold start on PGlite).
 */
async function isUpToDate(db: Db): Promise<boolean> {
  const names = (await migrationFiles()).map(migrationName);
  try {
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(applied.rows.map((r) => r.name));
    return names.every((n) => done.has(n));
  } catch {
    return false; // a new database: no migration table yet
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (await isUpToDate(db)) return;
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migratie ${failed?.migrationName ?? ''} is mislukt: ${(error as Error)?.message ?? error}`);
  }
}
