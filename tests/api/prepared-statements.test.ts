import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { kyselyPool } from '../../server/db/pool';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/open';
import { createTestContext, type TestContext } from '../support/context';
import { listParams } from '../../server/http/list-params';
import { listProducts } from '../../server/modules/stock/product-lists';
import { listDeliveries } from '../../server/modules/deliveries/lists';
import { listClients } from '../../server/modules/crm/lists';
import { loadAuthUser } from '../../server/http/access';
import { ClientType } from '@domain/enums';

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

  /** One connection with named statements, the statements it sent, and the administrator as the lists see him. */
  const recordingConnection = async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const sent: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: kyselyPool(pool, { namedStatements: true }) }),
      log: (event) => {
        sent.push(event.query);
      },
    });
    const adminId = (
      await db.selectFrom('users').select('id').where('email', '=', 'beheerder@demo.local').executeTakeFirstOrThrow()
    ).id;
    const provider = (await loadAuthUser(db, adminId))!;
    return { db, sent, provider };
  };

  /**
   * Runs the same list statement twice on a one-connection pool; answers its rows and the connection's prepared
   * statements.
   */
  const twice = async (namedStatements: boolean) => {
    const opened = openPostgres(url, 1, () => {}, { namedStatements });
    try {
      const list = () =>
        opened.db.selectFrom('product_groups').select(['id', 'name']).where('id', '>', 0).orderBy('id').execute();
      const first = await list();
      const second = await list();
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(opened.db);
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

  it("describe a named statement's columns once per connection, and read every later answer with them", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    let described = 0;
    pool.on('connect', (client) => {
      (client as unknown as { connection: pg.Connection }).connection.on('rowDescription', () => {
        described += 1;
      });
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: kyselyPool(pool, { namedStatements: true }) }),
    });
    try {
      const row = (n: number) =>
        sql<{ n: number; label: string | null; at: Date; flag: boolean }>`select ${n}::int as n,
        case when ${n}::int % 2 = 0 then 'even' end as label, timestamptz '2026-11-28 10:00:00+00' + make_interval(days => ${n}::int) as at, ${n}::int > 1 as flag`.execute(
          db,
        );
      for (const n of [1, 2, 3]) {
        expect((await row(n)).rows).toEqual([
          { n, label: n % 2 === 0 ? 'even' : null, at: new Date(Date.UTC(2026, 10, 28 + n, 10)), flag: n > 1 },
        ]);
      }
      expect(described).toBe(1);

      // An error in a later execution fails that statement alone; the connection reads on.
      const divide = (by: number) => sql<{ q: number }>`select 6 / ${by}::int as q`.execute(db);
      expect((await divide(2)).rows).toEqual([{ q: 3 }]);
      await expect(divide(0)).rejects.toThrow(/division by zero/);
      expect((await divide(3)).rows).toEqual([{ q: 2 }]);
      // A value pg cannot send fails before anything is sent.
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const asJson = (value: unknown) =>
        sql<{ j: unknown }>`select ${JSON.stringify(value) === undefined ? null : value}::jsonb as j`.execute(db);
      expect((await asJson({ a: 1 })).rows).toEqual([{ j: { a: 1 } }]);
      await expect(sql`select ${circular}::jsonb as j`.execute(db)).rejects.toThrow(/circular/i);
      expect((await asJson({ b: 2 })).rows).toEqual([{ j: { b: 2 } }]);
      expect(described).toBe(3);

      // A statement without rows (NoData) is described each time and still runs.
      await sql`create temporary table described_once (n int)`.execute(db);
      for (const n of [1, 2])
        await db
          .insertInto('described_once' as never)
          .values({ n } as never)
          .execute();
      expect((await sql<{ total: number }>`select sum(n)::int as total from described_once`.execute(db)).rows).toEqual([
        { total: 3 },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('read a list page in one statement that keeps its generic plan, up to the tenth page and beyond', async () => {
    const { db, sent, provider } = await recordingConnection();
    try {
      const statementsOf = async (page: number) => {
        sent.length = 0;
        const answer = await listDeliveries(db, provider, 'open', listParams({ page: String(page), per_page: '1' }));
        expect(answer.data).toHaveLength(1);
        return sent.map((q) => q.sql);
      };
      const plansOf = async (statement: string) =>
        (
          await sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans
        from pg_prepared_statements where statement = ${statement}`.execute(db)
        ).rows.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
      for (let call = 0; call < 8; call++) expect(await statementsOf(2)).toHaveLength(1);
      const [shallow] = await statementsOf(2);
      expect((await plansOf(shallow!))[0]!.generic).toBeGreaterThanOrEqual(3);
      // Pages 11-18 share one text: its offset is a parameter, and still PostgreSQL settles on a generic plan.
      for (let page = 11; page < 19; page++) expect(await statementsOf(page)).toHaveLength(1);
      const [deep] = await statementsOf(19);
      expect(deep).not.toBe(shallow);
      expect(await plansOf(deep!)).toEqual([{ generic: 4, custom: 5 }]);
    } finally {
      await db.destroy();
    }
  });

  it('give each customer tab a statement of its own, whose generic plan is kept whichever tab came first', async () => {
    const { db, sent, provider } = await recordingConnection();
    try {
      // The end users first, as a connection that served them first does: with the tab's type as a parameter,
      // the end customers then shared the plans made for the end users' few rows (on the bench's volume
      // every end-user page was planned again, 0.4 ms each: docs/PERFORMANCE.md; the round in git history).
      const statementOf = async (tab: 'endusers' | 'endcustomers') => {
        sent.length = 0;
        const answer = await listClients(db, provider, tab, listParams({}), `/api/${tab}`);
        expect(answer.data.length).toBeGreaterThan(0);
        expect(
          answer.data.every(
            (row) => row.client_type_id === (tab === 'endusers' ? ClientType.EINDGEBRUIKER : ClientType.EINDKLANT),
          ),
        ).toBe(true);
        expect(sent).toHaveLength(1);
        return sent[0]!.sql;
      };
      for (let call = 0; call < 8; call++) await statementOf('endusers');
      for (let call = 0; call < 8; call++) await statementOf('endcustomers');
      const users = await statementOf('endusers');
      const customers = await statementOf('endcustomers');
      expect(users).not.toBe(customers);
      for (const statement of [users, customers]) {
        const plans = await sql<{
          generic_plans: string;
        }>`select generic_plans from pg_prepared_statements where statement = ${statement}`.execute(db);
        expect(Number(plans.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await db.destroy();
    }
  });

  it('keep one generic plan for the product search, one bitmap scan over the indexes of the fields it reads', async () => {
    const { db, sent, provider } = await recordingConnection();
    try {
      // Terms of one shape (one word) share one statement text; names, serials, order numbers, customers, nothing.
      const terms = ['latitude', 'bn0', 'zorggroep', 'tst', 'niets', 'elitebook', 'so2', 'thinkpad', 'a', 'dock'];
      const totals: number[] = [];
      for (const term of terms)
        totals.push(
          (await listProducts(db, provider, listParams({ search: term }), { active: true }, '/api/products')).total,
        );
      expect(totals.some((n) => n > 0)).toBe(true);
      const search = sent.find((q) => q.sql.includes('"client_name_search"'))!;
      // Every value of the search sits behind a scalar subquery (paging.ts `opaqueText`; lowercased in it, once
      // per call instead of once per row the indexes found), so a custom plan costs what the generic one does
      // on any data: on the bench's volume PostgreSQL chose custom plans, 5 ms each to make, more than the
      // search itself.
      const found = search.sql.slice(search.sql.indexOf('from "products" as "sp"'), search.sql.indexOf(' offset 0)'));
      const opaque = /\(select (\$\d+::text|lower\(\$\d+::text\))\)/g;
      expect(found).toMatch(opaque);
      expect(found.replace(opaque, '')).not.toMatch(/\$\d+/);
      const plans = await sql<{
        generic_plans: string;
        custom_plans: string;
      }>`select generic_plans, custom_plans from pg_prepared_statements
        where statement = ${search.sql}`.execute(db);
      // PostgreSQL plans a named statement for its first five runs, then keeps the generic plan when it is as cheap.
      expect(Number(plans.rows[0]!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(terms.length - 5);
      // That plan, for any term: one bitmap scan of the products over the indexes of every field the search
      // reads (the end customer's and reseller's names on the product row; serials and order numbers by a
      // range of the upper() indexes, as a LIKE with a parameter cannot be one), and the list's order taken
      // after it, not by walking the name index and testing every product (20-35 ms on 10,000 products).
      await sql`prepare probe as ${sql.raw(search.sql)}`.execute(db);
      await sql`set plan_cache_mode = force_generic_plan`.execute(db);
      await sql`set enable_seqscan = off`.execute(db);
      const plan = (
        await sql<{
          'QUERY PLAN': string;
        }>`explain execute probe(${sql.join(search.parameters.map((p) => sql.lit(p as string)))})`.execute(db)
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index Cond: \(\(upper\(\(?serial\)?(::text)?\) ~>=~ \$\d+\)/);
      expect(plan).toMatch(/Index Cond: \(\(upper\(\(?order_number\)?(::text)?\) ~>=~ \$\d+\)/);
      for (const index of [
        'products_name_search_trgm',
        'products_article_number_trgm',
        'products_client_name_trgm',
        'products_reseller_name_trgm',
      ]) {
        expect(plan).toContain(`Bitmap Index Scan on ${index}`);
      }
      expect(plan).toContain('BitmapOr');
      expect(plan).not.toMatch(/clients_name_trgm|products_active_name_search/);
    } finally {
      await db.destroy();
    }
  });
});
