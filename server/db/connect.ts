import type { Config } from '../config';
import type { Db } from './database';
import { migrateToLatest } from './migrate';
import { seedDemo } from './seed';
import { openEmbedded, openPostgres, type OpenedDatabase } from './open';

/**
 * Opens the configured database and brings it up to date: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite in DATA_DIR. A new database gets the demo data (SEED_DEMO).
 */
export async function connectDatabase(config: Config, log: (line: string) => void): Promise<OpenedDatabase> {
  const prepare = async (db: Db, isNew: boolean) => {
    await migrateToLatest(db);
    if (isNew && config.seedDemo) {
      log('Nieuwe database: demogegevens worden aangemaakt…');
      await seedDemo(db);
    }
  };
  if (config.databaseUrl) {
    const opened = openPostgres(config.databaseUrl);
    const hasClients = await opened.db.introspection.getTables().then((t) => t.some((x) => x.name === 'clients'));
    await prepare(opened.db, !hasClients);
    return opened;
  }
  const opened = await openEmbedded(config.dataDir, (db) => prepare(db, true));
  if (!opened.created) await migrateToLatest(opened.db);
  return opened;
}
