import { sql } from 'kysely';
import type { Db } from '../db/database';
import { migrations } from '../db/migrations';
import { BackupRefused } from './refused';

/** The backup's schema version: the name of the last migration applied (names sort by time). */
export async function schemaVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`
    .execute(db)
    .catch(() => ({ rows: [] }));
  const name = rows[0]?.name;
  if (!name) throw new BackupRefused('De database heeft geen migraties: er is niets om te back-uppen.');
  return name;
}

/** The last migration this version of the portal knows. */
export const latestMigration = (): string => Object.keys(migrations).sort().at(-1) ?? '';

/** A backup made by a newer portal cannot be migrated back: refused before anything is restored. */
export function checkRestorable(version: string): void {
  if (version > latestMigration()) {
    throw new BackupRefused(
      `Deze back-up komt van een nieuwere versie van het portaal (schema ${version}; deze versie kent tot ` +
        `${latestMigration()}). Werk het portaal eerst bij. Er is niets hersteld.`,
    );
  }
}

/** After a restore nobody is still signed in: every session is ended. */
export async function endAllSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').execute();
}
