import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { kyselyPool } from './pool';
import { AuthChanges, listenOnPGlite, listenOnPoolConnections, listenOnPostgres } from './auth-changes';
import type { Database, Db } from './database';
import { APP_TIME_ZONE } from '@domain/dates';
import { parseTimestamptz, TIMESTAMPTZ } from './timestamps';

// Same value shapes on both engines: bigint counts as numbers, dates as 'Y-m-d' strings.
const INT8 = 20;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);
pg.types.setTypeParser(TIMESTAMPTZ, parseTimestamptz);
export const pgliteParsers = { [DATE]: (v: string) => v };

/**
 * PostgreSQL's default 128 MB of shared buffers is zeroed at every start of the embedded database: it
 * cost 120 MB of resident memory and a second of the start. 32 MB holds the demo data many times over.
 * The session clock is Amsterdam's (domain/dates): current_date is the Dutch day on any host.
 */
export const pgliteOptions = {
  parsers: pgliteParsers,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', `TimeZone=${APP_TIME_ZONE}`],
};

/** A connection pool's use at one moment (PostgreSQL only: the embedded database has no pool). */
export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  poolUse?: () => PoolUse;
  /** Changes to sessions, users, roles and rights as they commit (starts listening on first use). */
  authChanges: AuthChanges;
}

/** Closes the database after its listening for changes, which may hold a connection of its own. */
const closing = (authChanges: AuthChanges, db: Db) => async () => {
  await authChanges.close();
  await db.destroy();
};

/**
 * A pool that survives lost connections: a backend that is terminated (database restart, failover,
 * `pg_terminate_backend`) makes its client emit 'error', idle or checked out. Without a listener that
 * event ends the process; with one the broken client is dropped and the next request gets a new one.
 * The query that was running fails and its request answers 503 (see server/http/db-errors.ts).
 */
export function openPostgres(
  url: string,
  max = 10,
  log: (line: string) => void = (line) => console.warn(line),
  { namedStatements = true, listen = true } = {},
): OpenedDatabase {
  // JIT compilation pays off for long analytical queries, not for list pages: it cost 17 ms on a 100 ms count.
  // The session clock is Amsterdam's, whatever the server's setting: current_date and months of timestamps are Dutch
  // days.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    options: `-c jit=off -c TimeZone=${APP_TIME_ZONE}`,
  });
  const report = (err: Error) => log(`PostgreSQL-verbinding verbroken: ${err.message}`);
  pool.on('connect', (client) => client.on('error', report));
  pool.on('error', () => {}); // the idle client's own listener above has reported it
  // Without `listen` (PgBouncer in transaction mode cannot LISTEN) the feed is never live: no session cache.
  const authChanges = new AuthChanges(listen ? listenOnPostgres(url, log) : null);
  if (listen) listenOnPoolConnections(pool, authChanges);

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool, { namedStatements }) }) });
  const poolUse = () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: 'postgres', close: closing(authChanges, db), poolUse, authChanges };
}

export function kyselyOnPGlite(pglite: PGlite): OpenedDatabase {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  const authChanges = new AuthChanges(listenOnPGlite(pglite));
  return { db, kind: 'pglite', close: closing(authChanges, db), authChanges };
}

export class DataDirInUseError extends Error {}

/**
 * Takes the data folder's lock (the file `pgdata.lock`, which holds the process id) and returns its
 * release, or explains which process holds it: one process at a time opens the embedded database.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pgdata.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder && (holder === process.pid || isAlive(holder))) {
        throw new DataDirInUseError(
          `De datamap ${path.dirname(lockFile)} is in gebruik door proces ${holder}. Stop dat proces of kies een ` +
            `andere DATA_DIR.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new DataDirInUseError(`Kan de datamap ${path.dirname(lockFile)} niet vergrendelen.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens the embedded database in `dataDir/pgdata`. A new database is built in a temporary folder by
 * `initialize` (migrations and demo data) and only then renamed into place, so a stop during the
 * first start leaves no half-made database behind.
 */
export async function openEmbedded(
  dataDir: string,
  initialize: (db: Db) => Promise<void>,
): Promise<OpenedDatabase & { created: boolean }> {
  const unlock = lockDataDir(dataDir);
  try {
    const finalDir = path.join(dataDir, 'pgdata');
    let created = false;
    if (!fs.existsSync(finalDir)) {
      for (const leftover of fs.readdirSync(dataDir).filter((f) => f.startsWith('pgdata.tmp-'))) {
        fs.rmSync(path.join(dataDir, leftover), { recursive: true, force: true });
      }
      const tmpDir = path.join(dataDir, `pgdata.tmp-${process.pid}`);
      const pglite = new PGlite(tmpDir, pgliteOptions);
      await pglite.waitReady;
      const fresh = kyselyOnPGlite(pglite);
      try {
        await initialize(fresh.db);
      } catch (err) {
        await fresh.close();
        fs.rmSync(tmpDir, { recursive: true, force: true });
        throw err;
      }
      await fresh.close();
      fs.renameSync(tmpDir, finalDir);
      created = true;
    }
    const pglite = new PGlite(finalDir, pgliteOptions);
    await pglite.waitReady;
    const opened = kyselyOnPGlite(pglite);
    return {
      ...opened,
      created,
      close: async () => {
        await opened.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
