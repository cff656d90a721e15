import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from './database';
import { migrateToLatest } from './migrate';
import { seedDemo } from './seed';
import { openStorage } from '../lib/storage';
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
      await seedDemo(db, { storage: await openStorage(config) });
    }
  };
  if (config.databaseUrl) {
    const opened = openPostgres(config.databaseUrl, 10, log, {
      namedStatements: config.databaseNamedStatements,
      listen: config.sessionCache,
    });
    await waitUntilReachable(opened.db, log);
    const hasClients = await opened.db.introspection.getTables().then((t) => t.some((x) => x.name === 'clients'));
    await prepare(opened.db, !hasClients);
    return opened;
  }
  const opened = await openEmbedded(config.dataDir, (db) => prepare(db, true));
  if (!opened.created) await migrateToLatest(opened.db);
  return opened;
}

interface RetryOptions {
  firstDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Waits for PostgreSQL at start-up: a database that is down (or still starting) is tried again with a
 * doubling delay up to 30 s, with a log line per try, instead of ending the process and being
 * restarted in a loop by its supervisor.
 */
async function waitUntilReachable(db: Db, log: (line: string) => void, options: RetryOptions = {}): Promise<void> {
  const { firstDelayMs = 1000, maxDelayMs = 30_000, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) } = options;
  for (let attempt = 1, delay = firstDelayMs; ; attempt++, delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      await sql`select 1`.execute(db);
      if (attempt > 1) log('Database bereikbaar.');
      return;
    } catch (err) {
      log(
        `Database niet bereikbaar (poging ${attempt}): ${(err as Error).message}. Nieuwe poging over ` +
          `${Math.round(delay / 1000)} s.`,
      );
      await sleep(delay);
    }
  }
}
