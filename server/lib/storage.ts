import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded files live: a folder by default; an S3-compatible bucket can implement the same. */
export interface FileStorage {
  put(folder: string, originalName: string, data: Buffer): Promise<string>;
  read(key: string): Readable;
  readBuffer(key: string): Promise<Buffer>;
  /** The first `length` bytes (fewer when the file is shorter), to check the stored type. */
  readHead(key: string, length: number): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function folderStorage(root: string): FileStorage {
  const full = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return resolved;
  };
  return {
    async put(folder, originalName, data) {
      const ext = path.extname(originalName).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
      const key = `${folder}/${crypto.randomUUID()}${ext}`;
      await fsp.mkdir(path.dirname(full(key)), { recursive: true });
      await fsp.writeFile(full(key), data);
      return key;
    },
    read: (key) => fs.createReadStream(full(key)),
    readBuffer: (key) => fsp.readFile(full(key)),
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
  };
}
