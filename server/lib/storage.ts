import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Config } from '../config';

/**
 * Where uploaded files live: a folder (STORAGE_DIR) or an S3-compatible bucket (STORAGE_URL). A key
 * the storage does not hold makes every read fail with code 'ENOENT' (`isMissingFile`).
 */
export interface FileStorage {
  /** Stores the data under a new key `<folder>/<uuid><extension of originalName>` and returns it. */
  put(folder: string, originalName: string, data: Buffer): Promise<string>;
  read(key: string): Readable;
  readBuffer(key: string): Promise<Buffer>;
  /** The first `length` bytes (fewer when the file is shorter), to check the stored type. */
  readHead(key: string, length: number): Promise<Buffer>;
  /** Removes the file; a key that holds none is no error. */
  remove(key: string): Promise<void>;
  /** Rejects when the storage cannot be reached (/readyz); absent where it always can (the folder). */
  ready?(): Promise<void>;
  /** Every key held, in no particular order (a backup's files). */
  list(): AsyncIterable<string>;
  /** Stores the data under the key given, replacing what it held (a restore's files). */
  putAt(key: string, data: Buffer): Promise<void>;
}

export const isMissingFile = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 'ENOENT';

export const STORAGE_UNAVAILABLE = 'De bestandsopslag is tijdelijk niet bereikbaar.';

/** The file storage did not answer in time or failed (the API answers 503 with STORAGE_UNAVAILABLE). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(STORAGE_UNAVAILABLE, { cause });
  }
}

/** The key a new file gets: its folder, a random name and the (cleaned) extension of its original name. */
export function newStorageKey(folder: string, originalName: string): string {
  const ext = path
    .extname(originalName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 10);
  return `${folder}/${crypto.randomUUID()}${ext}`;
}

/**
 * The first `length` bytes of a stream (fewer when it is shorter) and a stream of all its bytes, those
 * first ones included, so a type can be checked before the body is sent. Rejects with the stream's
 * error (a missing file's ENOENT).
 */
export function peek(stream: Readable, length: number): Promise<{ head: Buffer; whole: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (ended: boolean) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', reject);
      const read = Buffer.concat(chunks);
      // A later failure is the reader's to see; until it listens, it may not end the process.
      stream.on('error', () => {});
      if (!ended) stream.unshift(read);
      resolve({ head: read.subarray(0, length), whole: ended ? Readable.from([read], { objectMode: false }) : stream });
    };
    const onReadable = () => {
      for (
        let chunk: Buffer | null;
        size < length && (chunk = stream.read() as Buffer | null) !== null;
        size += chunk.length
      )
        chunks.push(chunk);
      if (size >= length) settle(false);
    };
    const onEnd = () => settle(true);
    stream.on('readable', onReadable).on('end', onEnd).on('error', reject);
  });
}

/** The storage the configuration names: the bucket of STORAGE_URL, else the folder STORAGE_DIR. */
export async function openStorage(config: Pick<Config, 'storageDir' | 'bucket'>): Promise<FileStorage> {
  if (!config.bucket) return folderStorage(config.storageDir);
  // The AWS SDK loads only where a bucket is configured.
  const { bucketStorage } = await import('./storage-s3');
  return bucketStorage(config.bucket);
}

export function folderStorage(root: string): FileStorage {
  const full = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return resolved;
  };
  return {
    async put(folder, originalName, data) {
      const key = newStorageKey(folder, originalName);
      await fsp.mkdir(path.dirname(full(key)), { recursive: true });
      await fsp.writeFile(full(key), data);
      return key;
    },
    read: (key) => fs.createReadStream(full(key)),
    readBuffer: async (key) => fsp.readFile(full(key)),
    async readHead(key, length) {
      const handle = await fsp.open(full(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async remove(key) {
      await fsp.rm(full(key), { force: true });
    },
    async *list() {
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
        if (isMissingFile(err)) return [];
        throw err;
      });
      for (const entry of entries) {
        if (entry.isFile())
          yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
    async putAt(key, data) {
      await fsp.mkdir(path.dirname(full(key)), { recursive: true });
      await fsp.writeFile(full(key), data);
    },
  };
}
