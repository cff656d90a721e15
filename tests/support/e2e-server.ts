import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Database, Db } from '../../server/db/database';
import { AuthChanges } from '../../server/db/auth-changes';
import type { OpenedDatabase } from '../../server/db/open';
import { createMailTransport } from '../../server/lib/mail';
import { startMailWorker, type MailWorker } from '../../server/modules/mail/worker';
import { folderStorage, type FileStorage } from '../../server/lib/storage';

/** What one test's requests reach: its own database, files and mail folder. */
interface Slot {
  db: Db;
  dataDir: string;
  storage: FileStorage;
  /** Sends the test database's outbox into the data folder's mail/ as .eml files. */
  mailWorker: MailWorker;
  /** Requests of this test still being answered. */
  inFlight: number;
  /** Stops passing the test database's session changes on to the server's session cache. */
  unsubscribe: () => void;
  drained: (() => void) | null;
}

export interface TestServer {
  url: string;
  /** Points the server at a test's database and a new data folder; returns that folder. */
  attach(database: Pick<OpenedDatabase, 'db' | 'authChanges'>): string;
  /** Waits (at most `waitMs`) for the test's requests still under way, then detaches it. */
  detach(waitMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Compiles queries (the app compiles some once, while it is built) but refuses to run them. */
class NoTestDriver extends DummyDriver {
  override acquireConnection(): never {
    throw new Error('No test is attached to the e2e server');
  }
}
const unattachedDb: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new NoTestDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const PROBED = new Set(['then', 'getter', 'setter']);

/**
 * An object that forwards every property to what `current()` gives at the moment of use, so the app,
 * built once, works on whichever test's database and folders are current.
 */
function forwarding<T extends object>(current: () => T | null): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      // Fastify's decorate() and `await` probe an object for these before any test is attached.
      if (!target && (typeof key === 'symbol' || PROBED.has(key))) return undefined;
      if (!target) throw new Error(`No test is attached to the e2e server (reading ${String(key)})`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_, key) => Reflect.has(current() ?? {}, key),
  });
}

/**
 * One server per Playwright worker: the built web app and the API on a free port, serving one test at
 * a time. A request belongs to the test during which it arrived (AsyncLocalStorage), so a late answer
 * of one test never reads or writes the next test's database.
 */
export async function startTestServer(webDistDir = process.env.WEB_DIST_DIR): Promise<TestServer> {
  const requestSlot = new AsyncLocalStorage<Slot>();
  let current: Slot | null = null;
  const slot = (): Slot | null => requestSlot.getStore() ?? current;
  const config: Config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'portal-e2e-unused'),
    PORT: '0',
    WEB_DIST_DIR: webDistDir,
  });
  // The session cache hears the attached test database's changes; it is not live between tests.
  const authChanges = new AuthChanges(null);
  const app: FastifyInstance = await buildApp({
    db: forwarding(() => slot()?.db ?? unattachedDb),
    config,
    storage: forwarding(() => slot()?.storage ?? null),
    authChanges,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const owner = current;
    if (!owner) return done();
    owner.inFlight++;
    reply.raw.once('close', () => {
      owner.inFlight--;
      if (owner.inFlight === 0) owner.drained?.();
    });
    requestSlot.run(owner, done);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  config.publicUrl = url;

  return {
    url,
    attach({ db, authChanges: source }) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
      const own = { ...config, dataDir, storageDir: path.join(dataDir, 'files') };
      const unsubscribe = source.subscribe((change) => {
        authChanges.setLive(source.live);
        authChanges.notify(change);
      });
      const mailWorker = startMailWorker(
        db,
        createMailTransport(own, () => {}),
        { log: () => {}, pollMs: 200 },
      );
      current = {
        db,
        dataDir,
        mailWorker,
        storage: folderStorage(own.storageDir),
        inFlight: 0,
        drained: null,
        unsubscribe,
      };
      authChanges.setLive(source.live);
      return dataDir;
    },
    async detach(waitMs = 5_000) {
      const ending = current;
      if (!ending) return;
      if (ending.inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          ending.drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      current = null;
      await ending.mailWorker.stop();
      ending.unsubscribe();
      authChanges.setLive(false);
      fs.rmSync(ending.dataDir, { recursive: true, force: true });
    },
    close: () => app.close(),
  };
}
