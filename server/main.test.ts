import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../build/server.mjs';
import { READY, spawnPortalProcess, type PortalProcess } from '../tests/support/portal-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
const started: PortalProcess[] = [];
beforeAll(() => ensureServerBuilt(), 120_000);
afterAll(async () => {
  await Promise.all(started.map((portal) => portal.stop('SIGKILL')));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The compiled server that `npm start` runs (build/start.mjs), on the one data folder of this file. */
const startServer = async () => {
  const portal = await spawnPortalProcess({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  started.push(portal);
  return portal;
};
/**
 * A first start creates the embedded database and seeds the demo data: on a loaded 2-core machine (CI
 * runs the browser tests beside these) that took over 90 s once, as database.test.ts's starts do.
 */
const EMBEDDED_START_MS = 180_000;
const demoReady = async (portal: PortalProcess) => {
  await portal.waitFor(READY, EMBEDDED_START_MS);
  await portal.waitFor('klant@demo.local', EMBEDDED_START_MS);
};

describe('the server process', () => {
  it(
    'creates the database once, keeps it across restarts, and closes it on SIGTERM',
    async () => {
      const first = await startServer();
      await demoReady(first);
      expect(first.output()).toContain('Nieuwe database: demogegevens worden aangemaakt');
      expect(first.output()).toContain('beheerder@demo.local');
      const token = await fetch(`${first.url()}/api/auth/token`).then((r) => r.json());
      expect(token.token).toBeTruthy();

      // A second process on the same data folder is refused while the first runs.
      const second = await startServer();
      await expect(demoReady(second)).rejects.toThrow(/in gebruik door proces/);

      expect(await first.stop('SIGTERM')).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);

      const again = await startServer();
      await demoReady(again);
      expect(again.output()).not.toContain('Nieuwe database');
      expect(await again.stop('SIGINT')).toBe(0);
    },
    2 * EMBEDDED_START_MS,
  );
});
