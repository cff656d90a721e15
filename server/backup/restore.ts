import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir, openPostgres } from '../db/open';
import { migrateToLatest } from '../db/migrate';
import { openStorage } from '../lib/storage';
import { restoreStoredFiles, storageHasFiles } from './files-part';
import { DATABASE_ENTRY, type Manifest } from './manifest';
import { embeddedHasDatabase, restoreEmbedded } from './pglite-part';
import { postgresHasData, restorePostgres, restoreTools } from './postgres-part';
import { checkRestorable } from './schema';
import { unpackVerified } from './unpack';
import { BackupRefused } from './refused';

type RestoreConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storageDir' | 'bucket' | 'pgBinDir'>;

/** A target that already holds a database or files, without --force: nothing has been changed. */
export class TargetNotEmpty extends BackupRefused {}

const ENGINE_NAME = {
  pglite: 'de ingebouwde database (PGlite, DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
} as const;

async function refuseUnlessEmpty(config: RestoreConfig, force: boolean): Promise<void> {
  const database = config.databaseUrl
    ? 'De database van DATABASE_URL bevat al tabellen'
    : `De datamap ${config.dataDir} bevat al een database`;
  const filesWhere = config.bucket
    ? `De bucket ${config.bucket.bucket}/${config.bucket.prefix}`
    : `De bestandsmap ${config.storageDir}`;
  const hasDatabase = config.databaseUrl
    ? await postgresHasData(config.databaseUrl)
    : embeddedHasDatabase(config.dataDir);
  const full = hasDatabase
    ? database
    : (await storageHasFiles(await openStorage(config)))
      ? `${filesWhere} bevat al bestanden`
      : null;
  if (full && !force) {
    throw new TargetNotEmpty(
      `${full}. Herstellen zou die overschrijven; er is niets gewijzigd. ` +
        'Herstel in een lege datamap of database, of geef --force om de huidige gegevens te vervangen.',
    );
  }
}

/**
 * Restores a backup file into the configured target: first the whole file is checked and unpacked
 * into a temporary folder (a damaged file is refused before the target is touched), then the stored
 * files are put back, then the database in one step; every session is ended and the schema migrated.
 */
export async function restoreBackup(
  config: RestoreConfig,
  file: string,
  { force }: { force: boolean },
): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupRefused(`Het back-upbestand ${file} bestaat niet.`);
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'portaal-restore-'));
  try {
    await refuseUnlessEmpty(config, force);
    const manifest = await unpackVerified(file, work);
    if (manifest.database.engine !== engine) {
      throw new BackupRefused(
        `Deze back-up is van ${ENGINE_NAME[manifest.database.engine]} en kan alleen daarin worden hersteld, ` +
          `niet in ${ENGINE_NAME[engine]}. Er is niets hersteld.`,
      );
    }
    checkRestorable(manifest.schemaVersion);
    const tools = config.databaseUrl
      ? await restoreTools(config.databaseUrl, manifest.database.tool, config.pgBinDir)
      : null;
    const storage = await openStorage(config);
    const keys = await restoreStoredFiles(storage, work, manifest.entries);
    const dump = path.join(work, DATABASE_ENTRY[engine]);
    try {
      if (!config.databaseUrl || !tools) await restoreEmbedded(config.dataDir, dump);
      else await restorePostgres(config.databaseUrl, dump, tools, { force });
    } catch (err) {
      // The files were put in an empty storage for this database: without it they go again.
      if (!force) await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
      throw err;
    }
    if (config.databaseUrl) {
      const opened = openPostgres(config.databaseUrl, 1, () => {}, { listen: false });
      try {
        await migrateToLatest(opened.db);
      } finally {
        await opened.close();
      }
    }
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
    unlock();
  }
}
