import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { kyselyOnPGlite, pgliteParsers } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

export const E2E_TEMPLATE = path.resolve('.tmp/e2e-template.tar');

/** One migrated, seeded database; each test starts its own copy. The web app must be built (dist/). */
export default async function globalSetup() {
  const dist = process.env.WEB_DIST_DIR ?? 'dist';
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`Build the web app first: npx vite build (looked in ${dist})`);
  const pglite = new PGlite({ parsers: pgliteParsers });
  const opened = kyselyOnPGlite(pglite);
  await migrateToLatest(opened.db);
  await seedDemo(opened.db);
  const dump = await pglite.dumpDataDir('none');
  await opened.close();
  fs.mkdirSync(path.dirname(E2E_TEMPLATE), { recursive: true });
  fs.writeFileSync(E2E_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
}
