import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { kyselyOnPGlite, pgliteOptions } from '../db/open';
import { migrateToLatest } from '../db/migrate';
import { endAllSessions, schemaVersion } from './schema';
import { BackupRefused } from './refused';

/** The embedded database lives in DATA_DIR/pgdata (server/db/open.ts). */
export const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');

export function pgliteVersion(): string {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return (JSON.parse(fs.readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * PGlite's own dump of its data folder (a gzipped tar) into `outFile`. The caller holds the data
 * folder's lock: the portal is stopped, so the folder does not change underneath.
 */
export async function dumpEmbedded(dataDir: string, outFile: string): Promise<{ schemaVersion: string; tool: string }> {
  if (!fs.existsSync(pgdataOf(dataDir)))
    throw new BackupRefused(`In ${dataDir} staat geen ingebouwde database (map pgdata ontbreekt).`);
  const pglite = new PGlite(pgdataOf(dataDir), pgliteOptions);
  try {
    await pglite.waitReady;
    const version = await schemaVersion(kyselyOnPGlite(pglite).db);
    const dump = await pglite.dumpDataDir('gzip');
    await fsp.writeFile(outFile, Buffer.from(await dump.arrayBuffer()));
    return { schemaVersion: version, tool: `PGlite ${pgliteVersion()} dumpDataDir` };
  } finally {
    await pglite.close();
  }
}

export const embeddedHasDatabase = (dataDir: string): boolean => fs.existsSync(pgdataOf(dataDir));

/**
 * Loads the dump into a new folder beside pgdata, ends every session and migrates it there, and
 * only then puts it in place: a failure at any step leaves the data folder as it was.
 */
export async function restoreEmbedded(dataDir: string, dumpFile: string): Promise<void> {
  const target = pgdataOf(dataDir);
  const building = `${target}.restore-${process.pid}`;
  const replaced = `${target}.replaced-${process.pid}`;
  // The caller holds the folder's lock: a leftover of a restore that was stopped is nobody's.
  for (const leftover of (await fsp.readdir(dataDir)).filter((f) => f.startsWith('pgdata.restore-'))) {
    await fsp.rm(path.join(dataDir, leftover), { recursive: true, force: true });
  }
  try {
    const pglite = new PGlite(building, { ...pgliteOptions, loadDataDir: new Blob([await fsp.readFile(dumpFile)]) });
    await pglite.waitReady;
    const opened = kyselyOnPGlite(pglite);
    try {
      await endAllSessions(opened.db);
      await migrateToLatest(opened.db);
    } finally {
      await opened.close();
    }
  } catch (err) {
    await fsp.rm(building, { recursive: true, force: true });
    throw err;
  }
  const hadDatabase = fs.existsSync(target);
  if (hadDatabase) await fsp.rename(target, replaced);
  await fsp.rename(building, target);
  if (hadDatabase) await fsp.rm(replaced, { recursive: true, force: true });
}
