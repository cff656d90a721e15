import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Rows of a table whose column lies after now (timestamps) or after today (dates). */
async function futureRows(table: string, column: string, kind: 'timestamp' | 'date'): Promise<number> {
  const limit = kind === 'timestamp' ? sql`now()` : sql`current_date`;
  const { rows } = await sql<{
    n: string | number;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} > ${limit}`.execute(ctx.db);
  return Number(rows[0]!.n);
}

describe('demo data', () => {
  it('never dates what already happened in the future', async () => {
    const facts: [string, string, 'timestamp' | 'date'][] = [
      ['events', 'created_at', 'timestamp'],
      ['items', 'created_at', 'timestamp'],
      ['items', 'updated_at', 'timestamp'],
      ['items', 'date_in_use', 'date'],
      ['items', 'shipping_date', 'date'],
      ['asns', 'created_at', 'timestamp'],
      ['asns', 'completed_at', 'timestamp'],
      ['deliveries', 'created_at', 'timestamp'],
      ['deliveries', 'completed_at', 'timestamp'],
      ['clients', 'created_at', 'timestamp'],
    ];
    const found: Record<string, number> = {};
    for (const [table, column, kind] of facts) found[`${table}.${column}`] = await futureRows(table, column, kind);
    expect(found).toEqual(Object.fromEntries(facts.map(([t, c]) => [`${t}.${c}`, 0])));
  });

  it('has items checked in from pre-notifications, dated when they arrived', async () => {
    const { rows } = await sql<{
      n: string | number;
    }>`select count(*) as n from items i join asns a on a.id = i.asn_id where i.created_at < a.created_at`.execute(
      ctx.db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const arrived = await ctx.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('asn_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(arrived.n)).toBeGreaterThan(0);
  });
});
