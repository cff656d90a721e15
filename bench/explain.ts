/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of every list query the bench measures, on a bench database: runs
 * each list function as the administrator (and the stock list as the reseller) through a Kysely
 * that records the SQL it sends, then explains each statement with its parameters.
 * Run: DATABASE_URL=postgres://…/portal_bench npx tsx bench/explain.ts [name filter] > explain.txt
 */
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../server/db/database';
import '../server/db/open'; // the portal's value shapes (dates as text, counts as numbers)
import { loadAuthUser } from '../server/http/access';
import { listParams } from '../server/http/list-params';
import { listProducts } from '../server/modules/stock/product-lists';
import { itemsOfProduct } from '../server/modules/stock/item-lists';
import { listClients } from '../server/modules/crm/lists';
import { listAsns } from '../server/modules/prenotifications/lists';
import { listDeliveries } from '../server/modules/deliveries/lists';
import { deliveryDetail } from '../server/modules/deliveries/detail';
import { listRepairs } from '../server/modules/repairs/lists';
import { listEolProducts } from '../server/modules/eol/product-lists';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, options: process.env.EXPLAIN_OPTIONS });
const recorded: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});

const userId = async (email: string) =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const admin = (await loadAuthUser(db, await userId('beheerder@demo.local')))!;
const reseller = (await loadAuthUser(db, await userId('reseller@demo.local')))!;
// A generated article (about 500 items, as the bench's), not a demo one the check-in bench filled with thousands.
const product = (
  await db
    .selectFrom('products')
    .select(sql<number>`min(id) + 37`.as('id'))
    .where('article_number', 'like', 'BA-%')
    .executeTakeFirstOrThrow()
).id;

const delivery = (
  await db
    .selectFrom('deliveries')
    .select(sql<number>`max(id) - 1234`.as('id'))
    .executeTakeFirstOrThrow()
).id;

const cases: [string, () => Promise<unknown>][] = [
  [
    'GET /api/products?page=7',
    () => listProducts(db, admin, listParams({ page: '7' }), { active: true }, '/api/products'),
  ],
  [
    'GET /api/products?search=latitude',
    () => listProducts(db, admin, listParams({ search: 'latitude' }), { active: true }, '/api/products'),
  ],
  [
    'GET /api/products?search=BN000123457',
    () => listProducts(db, admin, listParams({ search: 'BN000123457' }), { active: true }, '/api/products'),
  ],
  [
    'GET /api/products?search=Zorggroep',
    () => listProducts(db, admin, listParams({ search: 'Zorggroep' }), { active: true }, '/api/products'),
  ],
  [
    'GET /api/products (reseller)',
    () => listProducts(db, reseller, listParams({ page: '2' }), { active: true }, '/api/products'),
  ],
  [
    `GET /api/getitems/${product}?page=2`,
    () => itemsOfProduct(db, admin, product, listParams({ page: '2' }), '/api/getitems'),
  ],
  [
    `GET /api/getitems/${product}?search=BN000`,
    () => itemsOfProduct(db, admin, product, listParams({ search: 'BN000' }), '/api/getitems'),
  ],
  [
    'GET /api/endcustomers?page=5',
    () => listClients(db, admin, 'endcustomers', listParams({ page: '5' }), '/api/endcustomers'),
  ],
  ['GET /api/endusers?page=5', () => listClients(db, admin, 'endusers', listParams({ page: '5' }), '/api/endusers')],
  [
    'GET /api/endcustomers (reseller)',
    () => listClients(db, reseller, 'endcustomers', listParams({ page: '2' }), '/api/endcustomers'),
  ],
  ['GET /api/asns', () => listAsns(db, admin, listParams({}), false, '/api/asns')],
  ['GET /api/deliveries?page=5', () => listDeliveries(db, admin, 'open', listParams({ page: '5' }))],
  ['GET /api/deliveries?page=40', () => listDeliveries(db, admin, 'open', listParams({ page: '40' }))],
  [
    'GET /api/deliveries?search=BLEV-0012345',
    () => listDeliveries(db, admin, 'open', listParams({ search: 'BLEV-0012345' })),
  ],
  ['GET /api/deliveries (reseller, page 3)', () => listDeliveries(db, reseller, 'open', listParams({ page: '3' }))],
  ['GET /api/finisheddeliveries', () => listDeliveries(db, admin, 'finished', listParams({}))],
  ['GET /api/backorders?page=3', () => listDeliveries(db, admin, 'backorders', listParams({ page: '3' }))],
  ['GET /api/cancelleddeliveries?page=3', () => listDeliveries(db, admin, 'cancelled', listParams({ page: '3' }))],
  ['GET /api/repairdeliveries?page=3', () => listRepairs(db, admin, listParams({ page: '3' }))],
  ['GET /api/productswitheolitems', () => listEolProducts(db, admin, listParams({}), '/api/productswitheolitems')],
  ['GET /api/deliveries/{id} (detail)', () => deliveryDetail(db, admin, delivery)],
];

const filter = process.argv[2] ?? '';
for (const [name, run] of cases) {
  if (!name.includes(filter)) continue;
  recorded.length = 0;
  await run();
  const statements = [...recorded];
  console.log(`\n### ${name}\n`);
  for (const statement of statements) {
    const client = await pool.connect();
    try {
      const plan = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.parameters as unknown[]);
      console.log('```');
      console.log(statement.sql.replace(/\s+/g, ' '));
      console.log('--');
      for (const row of plan.rows) console.log(row['QUERY PLAN']);
      console.log('```');
    } finally {
      client.release();
    }
  }
}
await sql`select 1`.execute(db);
await db.destroy();
