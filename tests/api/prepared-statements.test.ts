import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres } from '../../server/db/open';
import { createTestContext, type TestContext } from '../support/context';

// PostgreSQL only (vitest.config.ts): PGlite runs in-process, without the wire protocol's statements.
describe('statements on PostgreSQL', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(ctx.db)).rows[0]!.name;
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(() => ctx?.close());

  /** Runs the same list statement twice on a one-connection pool; answers its rows and the connection's prepared statements. */
  const twice = async (namedStatements: boolean) => {
    const opened = openPostgres(url, 1, () => {}, { namedStatements });
    try {
      const list = () => opened.db.selectFrom('product_groups').select(['id', 'name']).where('id', '>', 0).orderBy('id').execute();
      const first = await list();
      const second = await list();
      const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(opened.db);
      return { first, second, prepared: prepared.rows };
    } finally {
      await opened.close();
    }
  };

  it('are prepared once per connection under a name and give the same rows', async () => {
    const { first, second, prepared } = await twice(true);
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
    expect(prepared.filter((p) => p.statement.includes('from "product_groups"'))).toHaveLength(1);
  });

  it('stay unnamed with DATABASE_NAMED_STATEMENTS=false (PgBouncer in transaction mode)', async () => {
    const { first, second, prepared } = await twice(false);
    expect(second).toEqual(first);
    expect(prepared).toEqual([]);
  });
});
