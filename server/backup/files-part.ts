import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../lib/storage';
import { FILES_FOLDER, isSafeKey, type ManifestEntry } from './manifest';
import type { ArchiveWriter } from './archive';
import { BackupRefused } from './refused';

/** Every stored file, one entry `files/<key>` each, in key order; returns their entries for the manifest. */
export async function addStoredFiles(storage: FileStorage, archive: ArchiveWriter): Promise<ManifestEntry[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) {
    if (!isSafeKey(key))
      throw new BackupRefused(`Een opgeslagen bestand heeft een naam die niet in een back-up kan: ${key}`);
    keys.push(key);
  }
  const entries: ManifestEntry[] = [];
  for (const key of keys.sort()) {
    const data = await storage.readBuffer(key);
    const name = FILES_FOLDER + key;
    entries.push({ name, size: data.length, sha256: await archive.add(name, data.length, [data]) });
  }
  return entries;
}

export async function storageHasFiles(storage: FileStorage): Promise<boolean> {
  for await (const key of storage.list()) return key !== undefined;
  return false;
}

/**
 * Puts the unpacked files into the storage under their own keys and returns those. Keys are random
 * names, so files written before the database is restored are only unused until it is.
 */
export async function restoreStoredFiles(
  storage: FileStorage,
  unpacked: string,
  entries: ManifestEntry[],
): Promise<string[]> {
  const keys: string[] = [];
  for (const entry of entries.filter((e) => e.name.startsWith(FILES_FOLDER))) {
    const key = entry.name.slice(FILES_FOLDER.length);
    await storage.putAt(key, await fsp.readFile(path.join(unpacked, entry.name)));
    keys.push(key);
  }
  return keys;
}
