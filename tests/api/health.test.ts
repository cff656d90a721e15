import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { kyselyOnPGlite, pgliteOptions } from '../../server/db/open';
import { folderStorage } from '../../server/lib/storage';
import { createTestContext, type TestContext } from '../support/context';

describe('health checks for a load balancer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('/healthz and /readyz answer without a session while the database answers', async () => {
    const anonymous = ctx.client();
    expect(await anonymous.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await anonymous.get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz answers 503 once the database is gone, while /healthz still answers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-health-'));
    const opened = kyselyOnPGlite(new PGlite(pgliteOptions));
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web-build') });
    const app = await buildApp({ db: opened.db, config, storage: folderStorage(config.storageDir) });
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await opened.close();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unreachable' });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A database of its own, made from nothing (PGlite's initdb): 4 s alone, 32 s in CI beside the browser tests.
  }, 120_000);
});
