import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir, openPostgres } from '../db/open';
import { openStorage } from '../lib/storage';
import { ArchiveWriter } from './archive';
import { addStoredFiles } from './files-part';
import {
  DATABASE_ENTRY,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_CHECK_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
} from './manifest';
import { dumpEmbedded } from './pglite-part';
import { dumpPostgres } from './postgres-part';
import { schemaVersion } from './schema';
import { BackupRefused } from './refused';

type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'storageDir' | 'bucket' | 'pgBinDir'>;

async function dumpDatabase(config: BackupConfig, outFile: string): Promise<{ schemaVersion: string; tool: string }> {
  if (!config.databaseUrl) return dumpEmbedded(config.dataDir, outFile);
  const opened = openPostgres(config.databaseUrl, 1, () => {}, { listen: false });
  try {
    const version = await schemaVersion(opened.db);
    return { schemaVersion: version, ...(await dumpPostgres(config.databaseUrl, outFile, config.pgBinDir)) };
  } finally {
    await opened.close();
  }
}

/**
 * Writes one backup file: manifest.json, the database's dump, every stored file, and the manifest's
 * own checksum. The parts go to a temporary file first (the manifest, which comes first, needs their
 * checksums); the backup appears under its name only when complete. The embedded database is backed
 * up with its data folder locked: a running portal is named and the backup refused.
 */
export async function writeBackup(config: BackupConfig, file: string): Promise<Manifest> {
  if (fs.existsSync(file)) throw new BackupRefused(`Het bestand ${file} bestaat al; kies een andere naam.`);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const work = await fsp.mkdtemp(path.join(path.dirname(path.resolve(file)), '.portaal-backup-'));
  try {
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    const dump = path.join(work, 'database');
    const database = await dumpDatabase(config, dump);
    const body = await ArchiveWriter.create(path.join(work, 'body'));
    const dumpSize = (await fsp.stat(dump)).size;
    const dumpName = DATABASE_ENTRY[engine];
    const dumpEntry = {
      name: dumpName,
      size: dumpSize,
      sha256: await body.add(dumpName, dumpSize, fs.createReadStream(dump)),
    };
    await fsp.rm(dump);
    const files = await addStoredFiles(await openStorage(config), body);
    await body.close();

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      schemaVersion: database.schemaVersion,
      database: { engine, tool: database.tool },
      files: { source: config.bucket ? 'bucket' : 'folder', count: files.length },
      entries: [dumpEntry, ...files],
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const part = path.join(work, 'backup');
    const archive = await ArchiveWriter.create(part);
    await archive.add(MANIFEST_ENTRY, manifestBytes.length, [manifestBytes]);
    await archive.append(path.join(work, 'body'));
    await archive.add(MANIFEST_CHECK_ENTRY, 64, [
      Buffer.from(crypto.createHash('sha256').update(manifestBytes).digest('hex')),
    ]);
    await archive.finish();
    await fsp.link(part, file).catch(async (err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST')
        throw new BackupRefused(`Het bestand ${file} bestaat al; kies een andere naam.`);
      await fsp.rename(part, file);
    });
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
    unlock();
  }
}
