import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres, type OpenedDatabase } from '../../server/db/open';
import { createMailTransport } from '../../server/lib/mail';
import { startMailWorker } from '../../server/modules/mail/worker';
import { openStorage } from '../../server/lib/storage';
import { startSmtpCapture, type ReceivedMail } from './smtp';
import { withDatabase } from './postgres';
import { pgliteFromDump } from './pglite';
import { withDbName } from './global-setup';
import { ApiClient, type SharedAuth } from './client';
import { sql } from 'kysely';

/** A fresh copy of the migrated, seeded template database for one test file. */
async function freshDatabase(): Promise<OpenedDatabase> {
  const template = inject('templateDatabase');
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
    await withDatabase(url, (admin) => admin.query(`create database ${name} template ${template}`));
    const opened = openPostgres(withDbName(url, name), 5);
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await withDatabase(url, (admin) => admin.query(`drop database if exists ${name}`));
      },
    };
  }
  const dump = new Blob([fs.readFileSync(template)]);
  return pgliteFromDump(dump);
}

export interface TestContext {
  app: FastifyInstance;
  db: OpenedDatabase['db'];
  /** The database's notifications of changed sessions and rights, which the app's session cache hears. */
  authChanges: OpenedDatabase['authChanges'];
  /** A real SMTP server on loopback; `to` first sends what the outbox holds (the mail worker's pass). */
  mail: { url: string; to(address: string): Promise<ReceivedMail[]>; send(): Promise<number> };
  dataDir: string;
  /** A new HTTP client with its own cookies (a browser of its own). */
  client(): ApiClient;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** The mail server the context's mail worker sends to instead of its own capture (a test of outages). */
  smtpUrl?: string;
  /** How often the mail worker looks for mail by itself; by default only when a test reads its mail. */
  mailPollMs?: number;
  /**
   * Told of every answer: its method, route pattern (`/api/roles/:id`) and status (tests/support/declared-answers.ts).
   */
  onAnswer?: (method: string, route: string, status: number) => void;
  /** STORAGE_URL and the AWS variables of a bucket to keep the files in instead of the data folder. */
  bucketEnv?: Record<string, string>;
}

export async function createTestContext(options: ContextOptions = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const mail = await startSmtpCapture();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://portaal.test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...options.bucketEnv,
    }),
    smtpUrl: options.smtpUrl ?? mail.url,
  };
  const app = await buildApp({
    db: database.db,
    config,
    storage: await openStorage(config),
    authChanges: database.authChanges,
  });
  const { onAnswer } = options;
  if (onAnswer) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url) onAnswer(request.method, request.routeOptions.url, reply.statusCode);
    });
  }
  // By default it sends when a test reads its mail: its own rounds are rare, never inside a measurement.
  const mailWorker = startMailWorker(database.db, createMailTransport(config), {
    log: () => {},
    pollMs: options.mailPollMs ?? 60_000,
  });
  await app.ready();
  const shared: SharedAuth = {
    otpSecrets: new Map(),
    async forgetUsedOtpStep(email) {
      await database.db
        .updateTable('users')
        .set({ otp_last_step: null })
        .where(sql`lower(email)`, '=', email)
        .execute();
      await database.db.deleteFrom('rate_limits').where('key', 'like', 'otp:%').execute();
    },
    async clearAddressRateLimits() {
      await database.db.deleteFrom('rate_limits').where('key', 'like', '%:ip:%').execute();
    },
  };
  return {
    app,
    db: database.db,
    authChanges: database.authChanges,
    mail: {
      url: mail.url,
      async to(address) {
        await mailWorker.drain();
        return mail.to(address);
      },
      send: () => mailWorker.drain(),
    },
    dataDir,
    client: () => new ApiClient(app, shared),
    async close() {
      await app.close();
      await mailWorker.stop();
      await database.close();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
