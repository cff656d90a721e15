import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../lib/storage';
import { isReplayed } from './command';

export interface FileToStore {
  folder: string;
  name: string;
  data: Buffer;
}

/** A stored file as a record points at it: its storage key and the name the user gave it. */
export interface StoredFile {
  key: string;
  name: string;
}

/**
 * Stores the files a command will point at, then runs it (runCommand inside `run`). The files are
 * removed again when the command fails, and when it was answered from its Idempotency-Key: on a
 * replay the first request's files are the ones its record points at, and these would be orphans.
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  reply: FastifyReply,
  files: FileToStore[],
  run: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: StoredFile[] = [];
  const removeAll = () => Promise.all(stored.map(({ key }) => storage.remove(key).catch(() => undefined)));
  try {
    for (const file of files)
      stored.push({ key: await storage.put(file.folder, file.name, file.data), name: file.name });
    const result = await run(stored);
    if (isReplayed(reply)) await removeAll();
    return result;
  } catch (err) {
    await removeAll();
    throw err;
  }
}

/** withStoredFiles for a form with at most one file: `run` gets it, or null without a file. */
export function withStoredFile<T>(
  storage: FileStorage,
  reply: FastifyReply,
  file: FileToStore | null,
  run: (stored: StoredFile | null) => Promise<T>,
): Promise<T> {
  return withStoredFiles(storage, reply, file ? [file] : [], ([stored]) => run(stored ?? null));
}
