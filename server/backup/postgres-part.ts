import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import pg from 'pg';
import { BackupRefused } from './refused';

/**
 * PostgreSQL's part of a backup is pg_dump's custom format, restored by pg_restore piped into psql in
 * one transaction. The client tools must be at least the server's major version (pg_dump refuses an
 * older one) and pg_restore at least the version that wrote the dump.
 */
type Tool = 'pg_dump' | 'pg_restore' | 'psql';

export class PgToolMissing extends BackupRefused {}

/** The URL without its password, which goes to the tools through PGPASSWORD (not on their command line). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(url: string): Promise<number> {
  const { rows } = await withClient(url, (c) =>
    c.query<{ v: string }>("select current_setting('server_version_num') as v"),
  );
  return Math.floor(Number(rows[0]?.v) / 10000);
}

/** Every copy of the tool: in PG_BIN_DIR when set, else on PATH, then Debian's /usr/lib/postgresql/<major>/bin. */
function candidates(tool: Tool, binDir: string | null): string[] {
  if (binDir) return [path.join(binDir, tool)].filter((file) => fs.existsSync(file));
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, tool));
  const debian = '/usr/lib/postgresql';
  const versioned = fs.existsSync(debian) ? fs.readdirSync(debian).map((v) => path.join(debian, v, 'bin', tool)) : [];
  return [
    ...new Set([...onPath, ...versioned].filter((file) => fs.existsSync(file)).map((file) => fs.realpathSync(file))),
  ];
}

function run(
  file: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
  input?: Readable,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    if (input && child.stdin) {
      child.stdin.on('error', () => {}); // psql that stops early closes its input; its exit code tells why
      input.on('error', (err) => child.stdin?.destroy(err));
      input.pipe(child.stdin);
    }
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function majorOf(file: string): Promise<number> {
  const { out } = await run(file, ['--version']);
  return Number(/\(PostgreSQL\) (\d+)/.exec(out)?.[1] ?? 0);
}

/** The tool of the same major version as `minMajor` if there is one, else the newest that is not older. */
export async function findTool(
  tool: Tool,
  minMajor: number,
  binDir: string | null,
): Promise<{ file: string; major: number }> {
  const found = await Promise.all(candidates(tool, binDir).map(async (file) => ({ file, major: await majorOf(file) })));
  const usable = found.filter((t) => t.major >= minMajor).sort((a, b) => a.major - b.major);
  const chosen = usable.find((t) => t.major === minMajor) ?? usable.at(-1);
  if (chosen) return chosen;
  const install =
    `Installeer de PostgreSQL-clientprogramma's van versie ${minMajor} of nieuwer ` +
    `(bijvoorbeeld: apt install postgresql-client-${minMajor}), of wijs hun map aan met PG_BIN_DIR.`;
  const where = binDir ? `in PG_BIN_DIR (${binDir})` : 'in het PATH of in /usr/lib/postgresql';
  if (!found.length) throw new PgToolMissing(`${tool} is niet gevonden ${where}. ${install}`);
  const versions = found.map((t) => `${t.file} is versie ${t.major}`).join(', ');
  throw new PgToolMissing(`${tool} is te oud voor deze database (versie ${minMajor}): ${versions}. ${install}`);
}

/** pg_dump of the whole database without the sessions' rows (secrets, ended by a restore anyway). */
export async function dumpPostgres(url: string, outFile: string, binDir: string | null): Promise<{ tool: string }> {
  const major = await serverMajor(url);
  const pgDump = await findTool('pg_dump', major, binDir);
  const { dbname, env } = connection(url);
  const args = ['--format=custom', '--exclude-table-data=public.sessions', `--file=${outFile}`, `--dbname=${dbname}`];
  const { code, out } = await run(pgDump.file, args, env);
  if (code !== 0) throw new BackupRefused(`pg_dump is mislukt (code ${code}): ${out.trim()}`);
  return { tool: `pg_dump ${pgDump.major}, PostgreSQL-server ${major}` };
}

/** True when the database holds any table, view or sequence outside PostgreSQL's own schemas. */
export async function postgresHasData(url: string): Promise<boolean> {
  const { rows } = await withClient(url, (c) =>
    c.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
    ),
  );
  return Number(rows[0]?.n) > 0;
}

/** The major version of pg_dump that made a dump, as the manifest records it. */
export const dumpMajor = (tool: string): number => Number(/^pg_dump (\d+)/.exec(tool)?.[1] ?? 0);

/**
 * Restores the dump in one transaction: psql runs pg_restore's script between BEGIN and COMMIT, with
 * first (under --force) the old schema dropped and last every session ended. The COMMIT is sent only
 * after pg_restore succeeded: a script that errs or stops short ends with its transaction rolled back.
 */
export interface RestoreTools {
  pgRestore: string;
  psql: string;
}

/**
 * pg_restore that reads the dump's format (its pg_dump's version or newer) and psql, found before anything is changed.
 */
export async function restoreTools(url: string, dumpTool: string, binDir: string | null): Promise<RestoreTools> {
  const major = Math.max(await serverMajor(url), dumpMajor(dumpTool));
  const pgRestore = await findTool('pg_restore', major, binDir);
  const psql = await findTool('psql', Math.min(major, pgRestore.major), binDir);
  return { pgRestore: pgRestore.file, psql: psql.file };
}

export async function restorePostgres(
  url: string,
  dumpFile: string,
  tools: RestoreTools,
  { force }: { force: boolean },
): Promise<void> {
  const { dbname, env } = connection(url);
  let restoreFailure: string | null = null;
  const script = async function* () {
    yield Buffer.from(`begin;\n${force ? 'drop schema if exists public cascade;\ncreate schema public;\n' : ''}`);
    // Owners, grants and comments are left out: the restoring role owns what it makes, and a COMMENT ON EXTENSION
    // (the portal's schema has no other comment) fails for a role that does not own the extension.
    const options = ['--no-owner', '--no-privileges', '--no-comments', '--file=-', dumpFile];
    const restore = spawn(tools.pgRestore, options, { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    restore.stderr.on('data', (c: Buffer) => (errors += c.toString()));
    const ended = new Promise<number | null>((resolve) => restore.on('close', resolve));
    for await (const chunk of restore.stdout) yield chunk as Buffer;
    const code = await ended;
    if (code !== 0) restoreFailure = `pg_restore is mislukt (code ${code}): ${errors.trim()}`;
    else yield Buffer.from('\ndelete from public.sessions;\ncommit;\n');
  };
  const args = ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`, '--file=-'];
  const { code, out } = await run(tools.psql, args, env, Readable.from(script()));
  if (restoreFailure || code !== 0) {
    throw new BackupRefused(
      `Herstellen in PostgreSQL is mislukt; de database is niet gewijzigd. ${restoreFailure ?? out.trim()}`,
    );
  }
}
