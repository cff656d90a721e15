import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { kyselyOnPGlite, openPostgres, pgliteOptions } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { dropDatabases, withDatabase, withDbName } from './postgres';

/**
 * The migrated, seeded database every test starts from a copy of, so no test migrates or seeds
 * itself: a PostgreSQL template database, or for PGlite a dump of its data folder.
 */
export async function createPostgresTemplate(url: string, name: string): Promise<void> {
  await dropDatabases(url, [name]);
  await withDatabase(url, (admin) => admin.query(`create database ${name}`));
  const opened = openPostgres(withDbName(url, name), 2);
  try {
    await migrateToLatest(opened.db);
    await seedDemo(opened.db);
  } finally {
    await opened.close();
  }
}

/** Writes the dump to `file` (through a temporary name, so a reader never sees half a file). */
export async function createPgliteTemplate(file: string): Promise<void> {
  const pglite = new PGlite(pgliteOptions);
  const opened = kyselyOnPGlite(pglite);
  await migrateToLatest(opened.db);
  await seedDemo(opened.db);
  const dump = await pglite.dumpDataDir('none');
  await opened.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.part`, file);
}

/** Makes `dataDir` hold the embedded database the portal opens there (`pgdata`), restored from a dump. */
export async function restoreEmbedded(dataDir: string, dumpFile: string): Promise<void> {
  const pglite = new PGlite(path.join(dataDir, 'pgdata'), {
    ...pgliteOptions,
    loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
  });
  await pglite.waitReady;
  await pglite.close();
}
