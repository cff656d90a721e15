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
