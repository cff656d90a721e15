import * as v from 'valibot';

/** The first entry of every backup file: what it holds, with each other entry's size and SHA-256. */
export const MANIFEST_ENTRY = 'manifest.json';
/** The last entry: the SHA-256 of the manifest itself, so a change to the manifest is seen too. */
export const MANIFEST_CHECK_ENTRY = 'manifest.json.sha256';
export const FORMAT = 'logistiek-portaal-backup';
export const FORMAT_VERSION = 1;
/** A manifest lists every file; far beyond any real one, small enough to read into memory. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export const DATABASE_ENTRY = {
  pglite: 'database/pglite-datadir.tar.gz',
  postgres: 'database/postgres.pgdump',
} as const;
export const FILES_FOLDER = 'files/';

/** A stored file's key as the storage makes them: relative, '/'-separated, no '.', '..' or empty segment. */
export function isSafeKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 1024 &&
    !/[\\\0]/.test(key) &&
    !key.startsWith('/') &&
    key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

const sha256 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const entrySchema = v.object({
  name: v.pipe(
    v.string(),
    v.check(
      (name) =>
        Object.values(DATABASE_ENTRY).includes(name as never) ||
        (name.startsWith(FILES_FOLDER) && isSafeKey(name.slice(FILES_FOLDER.length))),
    ),
  ),
  size: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  sha256,
});

export const manifestSchema = v.object({
  format: v.literal(FORMAT),
  formatVersion: v.literal(FORMAT_VERSION),
  createdAt: v.string(),
  /** The name of the last migration applied to the database in the backup. */
  schemaVersion: v.string(),
  database: v.object({
    engine: v.picklist(['pglite', 'postgres']),
    /** What made the dump: PGlite's version, or pg_dump's with the server's. */
    tool: v.string(),
  }),
  files: v.object({ source: v.picklist(['folder', 'bucket']), count: v.number() }),
  entries: v.pipe(
    v.array(entrySchema),
    v.check((list) => new Set(list.map((e) => e.name)).size === list.length),
  ),
});
export type Manifest = v.InferOutput<typeof manifestSchema>;
export type ManifestEntry = Manifest['entries'][number];
