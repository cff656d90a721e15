import pg from 'pg';

export function templateDatabaseName(): string {
  return `portal_template_${process.pid}`;
}

export async function withDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The server's address `url` with another database name. */
export function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new database copied from `template` (no one may be connected to the template meanwhile). */
export async function cloneDatabase(url: string, template: string, name: string): Promise<void> {
  await withDatabase(url, (admin) => admin.query(`create database ${name} template ${template}`));
}

/** Drops the databases; FORCE ends connections a test left open. */
export async function dropDatabases(url: string, names: string[]): Promise<void> {
  if (!names.length) return;
  await withDatabase(url, async (admin) => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  });
}

/** The names of the databases that start with `prefix` (a run's leftovers). */
export async function databasesNamed(url: string, prefix: string): Promise<string[]> {
  const found = await withDatabase(url, (admin) =>
    admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]),
  );
  return found.rows.map((r) => r.datname);
}
