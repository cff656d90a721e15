/**
 * `npm run bench`: a fresh PostgreSQL database (DATABASE_URL as admin, default the local server;
 * name BENCH_DB, default portal_bench), migrated, seeded (core + demo stock) and filled by
 * bench/generate.ts (BENCH_ITEMS, BENCH_PRODUCTS, BENCH_CLIENTS; default 1,000,000, 2,000 and
 * 20,000; deliveries: bench/deliveries.bench.ts); the app and the bare Fastify + pg baseline
 * (bench/bare.ts, same pool size, same data) started on loopback ports; a signed-in user fires each
 * route with 32 requests in flight; req/s, the ratio to the bare route, p50 and p97.5 are printed.
 * Other areas add a file bench/<area>.bench.ts exporting `run(ctx)`: it is picked up and run too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPostgres } from '../server/db/open';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { generateClients, generateVolume } from './generate';
import { BenchClient, existingVolume, freshDatabase, printResults, runLoad, startBareServer, startServer, type LoadResult } from './lib';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 32);

export interface BenchContext {
  databaseUrl: string;
  serverUrl: string;
  signIn(email: string): Promise<BenchClient>;
  results: LoadResult[];
  /** True when the database of an earlier run is measured again (BENCH_REUSE=true): its data is already there. */
  reused: boolean;
}

const t0 = performance.now();
const benchDb = process.env.BENCH_DB ?? 'portal_bench';
// BENCH_REUSE=true measures again on the database a previous run generated (same volumes), skipping minutes of set-up.
const reused = process.env.BENCH_REUSE === 'true' ? await existingVolume(benchDb) : null;
const databaseUrl = reused?.databaseUrl ?? await freshDatabase(benchDb);
let firstProductId: number;
let productCount: number;
if (reused) {
  ({ firstProductId, productCount } = reused);
  console.log(`database: reusing ${benchDb} (${productCount} generated products)`);
} else {
  const opened = openPostgres(databaseUrl, 4);
  await migrateToLatest(opened.db);
  await seedDemo(opened.db);
  const t1 = performance.now();
  ({ firstProductId, productCount } = await generateVolume(opened.db, { items: ITEMS, products: PRODUCTS }));
  await generateClients(opened.db, CLIENTS);
  const t2 = performance.now();
  await opened.close();
  console.log(`database: migrate + demo seed ${((t1 - t0) / 1000).toFixed(1)} s; generated ${PRODUCTS} products, ${ITEMS} items and ${CLIENTS} clients in ${((t2 - t1) / 1000).toFixed(1)} s`);
}

const loadBefore = os.loadavg()[0]!;
const server = await startServer(databaseUrl);
const bareServer = await startBareServer(databaseUrl);
const results: LoadResult[] = [];
try {
  const admin = await new BenchClient(server.url).signIn('beheerder@demo.local');
  const reseller = await new BenchClient(server.url).signIn('reseller@demo.local');
  const bare = new BenchClient(bareServer.url);
  const opts = { total: TOTAL, concurrency: CONCURRENCY };
  // What people type: a product name, a whole serial (scanned), an order number, an article number, a customer.
  const searches = ['latitude', 'BN000123457', 'BORD-04217', 'BA-001234', 'Zorggroep'];
  const product = (i: number) => firstProductId + ((i * 37) % productCount);

  // The ratio baseline: one page of a product's items, one indexed query, no session or rights.
  results.push(await runLoad('bare Fastify + pg, items of a product', bare, (i) => `/items/${product(i)}?page=${1 + (i % 3)}`, opts));
  results.push(await runLoad('(bare with a named statement, for comparison)', bare, (i) => `/items-named/${product(i)}?page=${1 + (i % 3)}`, opts));
  // The signed-in floor: a trivial call (session, user and rights are read on every request).
  results.push(await runLoad('GET /api/product-groups (5 rows: the signed-in floor)', admin, () => '/api/product-groups', opts));
  results.push(await runLoad('GET /api/getitems/{id} (page 1-3)', admin, (i) => `/api/getitems/${product(i)}?page=${1 + (i % 3)}`, opts));
  results.push(await runLoad('GET /api/getitems/{id}?search=BN (serial search)', admin, (i) => `/api/getitems/${product(i)}?search=BN000`, opts));
  results.push(await runLoad('GET /api/products (pages 1-40)', admin, (i) => `/api/products?page=${1 + (i % 40)}&per_page=25`, opts));
  results.push(await runLoad('GET /api/products?search= (name/serial/order/article/customer)', admin, (i) => `/api/products?search=${searches[i % searches.length]}`, opts));
  results.push(await runLoad('GET /api/products (reseller scope, pages 1-10)', reseller, (i) => `/api/products?page=${1 + (i % 10)}`, opts));
  results.push(await runLoad('GET /api/endcustomers (pages 1-10)', admin, (i) => `/api/endcustomers?page=${1 + (i % 10)}`, opts));
  results.push(await runLoad('GET /api/endusers (pages 1-10)', admin, (i) => `/api/endusers?page=${1 + (i % 10)}`, opts));
  results.push(await runLoad('GET /api/asns', admin, () => '/api/asns', opts));

  // A user sets up two-step verification once: an area bench that signs in the same user again gets the same client.
  const clients = new Map<string, Promise<BenchClient>>([['beheerder@demo.local', Promise.resolve(admin)], ['reseller@demo.local', Promise.resolve(reseller)]]);
  const signIn = (email: string) => {
    if (!clients.has(email)) clients.set(email, new BenchClient(server.url).signIn(email));
    return clients.get(email)!;
  };
  const ctx: BenchContext = { databaseUrl, serverUrl: server.url, signIn, results, reused: reused !== null };
  const only = process.env.BENCH_ONLY_CORE === 'true';
  const extra = only ? [] : fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts')).sort();
  for (const file of extra) {
    const mod = await import(pathToFileURL(path.join(import.meta.dirname, file)).href) as { run?: (c: BenchContext) => Promise<void> };
    // One area's failure must not lose the figures of the others.
    await mod.run?.(ctx).catch((err: unknown) => console.error(`${file} failed: ${(err as Error).message}`));
  }
} finally {
  await server.stop();
  await bareServer.stop();
}
printResults(results);
console.log(`\n${ITEMS} items, ${PRODUCTS} products, ${CLIENTS} extra clients on PostgreSQL; ${CONCURRENCY} requests in flight; latency measured at the client over loopback.`);
console.log(`machine: ${os.cpus().length} CPUs; load average before ${loadBefore.toFixed(1)}, after ${os.loadavg()[0]!.toFixed(1)} (other work on the machine inflates the figures).`);
