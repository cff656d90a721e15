import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirInUseError } from '../db/open';
import { writeBackup } from './backup';
import { BackupRefused } from './refused';
import { restoreBackup } from './restore';

const files = (n: number) => `${n} ${n === 1 ? 'bestand' : 'bestanden'}`;

const USAGE = 'Gebruik: npm run db:backup -- BESTAND   of   npm run db:restore -- BESTAND [--force]';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]` on the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR) and file storage (STORAGE_URL, else STORAGE_DIR).
 * Exit code 1 when refused, with the reason in Dutch.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const file = positionals[0];
  if (
    (command !== 'backup' && command !== 'restore') ||
    !file ||
    positionals.length > 1 ||
    (command === 'backup' && values.force)
  ) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `de ingebouwde database in ${config.dataDir}`;
  if (command === 'backup') {
    const manifest = await writeBackup(config, file);
    console.log(
      `Back-up geschreven naar ${file}: ${where}, schema ${manifest.schemaVersion}, ${files(manifest.files.count)}.`,
    );
    return 0;
  }
  const manifest = await restoreBackup(config, file, { force: values.force ?? false });
  console.log(
    `Back-up van ${manifest.createdAt} (schema ${manifest.schemaVersion}, ${files(manifest.files.count)}) ` +
      `hersteld in ${where}. De database is bijgewerkt tot de huidige versie; iedereen is uitgelogd.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupRefused || err instanceof DataDirInUseError ? err.message : err);
    process.exit(1);
  },
);
