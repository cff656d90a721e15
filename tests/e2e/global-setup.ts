import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { kyselyOnPGlite, pgliteOptions } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

// One template per web build folder: engineers running their own WEB_DIST_DIR at the same time
// must not read a template another run is still writing.
const WEB_DIST = process.env.WEB_DIST_DIR ?? 'dist';
export const E2E_TEMPLATE = path.resolve(`.tmp/e2e-template-${path.basename(path.resolve(WEB_DIST))}.tar`);

/** One migrated, seeded database; each test starts its own copy. The web app must be built (dist/). */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`Build the web app first: npx vite build (looked in ${WEB_DIST})`);
  const pglite = new PGlite(pgliteOptions);
  const opened = kyselyOnPGlite(pglite);
  await migrateToLatest(opened.db);
  await seedDemo(opened.db);
  const dump = await pglite.dumpDataDir('none');
  await opened.close();
  fs.mkdirSync(path.dirname(E2E_TEMPLATE), { recursive: true });
  fs.writeFileSync(`${E2E_TEMPLATE}.part`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${E2E_TEMPLATE}.part`, E2E_TEMPLATE);
}
