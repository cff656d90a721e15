import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

const staticProvider = (list: Record<string, Migration>): MigrationProvider => ({ getMigrations: async () => list });

/**
 * True when every migration is recorded as applied: one query, where Kysely's Migrator would
 * inspect the catalog and take its lock (seconds of a cold start on PGlite).
 */
async function isUpToDate(db: Db, names: string[]): Promise<boolean> {
  try {
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(applied.rows.map((r) => r.name));
    return names.every((n) => done.has(n));
  } catch {
    return false; // a new database: no migration table yet
  }
}

export async function migrateToLatest(db: Db, list: Record<string, Migration> = migrations): Promise<void> {
  if (await isUpToDate(db, Object.keys(list))) return;
  const migrator = new Migrator({ db, provider: staticProvider(list) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migratie ${failed?.migrationName ?? ''} is mislukt: ${(error as Error)?.message ?? error}`);
  }
}
