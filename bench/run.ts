/**
 * `npm run bench`: a fresh PostgreSQL database (DATABASE_URL as admin, default the local server),
 * migrated, seeded (core + demo stock) and filled by bench/generate.ts (BENCH_ITEMS, BENCH_PRODUCTS;
 * default 200,000 and 2,000); the app started on a loopback port; a signed-in user fires the list
 * calls with 16 requests in flight; median and 95th percentile per endpoint are printed.
 * Other areas add a file bench/<area>.bench.ts exporting `run(ctx)`: it is picked up and run too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openPostgres } from '../server/db/open';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { generateVolume } from './generate';
import { BenchClient, freshDatabase, printResults, runLoad, startServer, type LoadResult } from './lib';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 200_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000);

export interface BenchContext {
  databaseUrl: string;
  serverUrl: string;
  signIn(email: string): Promise<BenchClient>;
  results: LoadResult[];
}

const t0 = performance.now();
const databaseUrl = await freshDatabase('portal_bench');
const opened = openPostgres(databaseUrl, 4);
await migrateToLatest(opened.db);
await seedDemo(opened.db);
const t1 = performance.now();
const { firstProductId, productCount } = await generateVolume(opened.db, { items: ITEMS, products: PRODUCTS });
const t2 = performance.now();
await opened.close();
console.log(`database: migrate + demo seed ${((t1 - t0) / 1000).toFixed(1)} s; generated ${PRODUCTS} products and ${ITEMS} items in ${((t2 - t1) / 1000).toFixed(1)} s`);

const loadBefore = os.loadavg()[0]!;
const server = await startServer(databaseUrl);
const results: LoadResult[] = [];
try {
  const admin = await new BenchClient(server.url).signIn('beheerder@demo.local');
  const reseller = await new BenchClient(server.url).signIn('reseller@demo.local');
  const opts = { total: TOTAL };
  // What people type: a product name, a whole serial (scanned), an order number, an article number, a customer.
  const searches = ['latitude', 'BN000123457', 'BORD-04217', 'BA-001234', 'Zorggroep'];
  const product = (i: number) => firstProductId + ((i * 37) % productCount);

  // The floor on this machine: a trivial signed-in call (session, user and rights are read on every request).
  results.push(await runLoad('baseline: GET /api/product-groups (5 rows)', admin, () => '/api/product-groups', opts));
  results.push(await runLoad('GET /api/products (pages 1-40, 25 per page)', admin, (i) => `/api/products?page=${1 + (i % 40)}&per_page=25`, opts));
  results.push(await runLoad('GET /api/products (search: name/serial/order/article/customer)', admin, (i) => `/api/products?search=${searches[i % searches.length]}`, opts));
  results.push(await runLoad('GET /api/products (reseller scope, pages 1-10)', reseller, (i) => `/api/products?page=${1 + (i % 10)}`, opts));
  results.push(await runLoad('GET /api/getitems/{id} (2,000 products, page 1-3)', admin, (i) => `/api/getitems/${product(i)}?page=${1 + (i % 3)}`, opts));
  results.push(await runLoad('GET /api/getitems/{id}?search=BN (serial search)', admin, (i) => `/api/getitems/${product(i)}?search=BN000`, opts));

  // One request at a time: the latency of the call itself, without queueing behind 15 others.
  const sequential = { total: 200, concurrency: 1, warmup: 10 };
  results.push(await runLoad('sequential: GET /api/products (page 1-40)', admin, (i) => `/api/products?page=${1 + (i % 40)}`, sequential));
  results.push(await runLoad('sequential: GET /api/products (search)', admin, (i) => `/api/products?search=${searches[i % searches.length]}`, sequential));
  results.push(await runLoad('sequential: GET /api/getitems/{id}', admin, (i) => `/api/getitems/${product(i)}?page=${1 + (i % 3)}`, sequential));

  const ctx: BenchContext = { databaseUrl, serverUrl: server.url, signIn: (email) => new BenchClient(server.url).signIn(email), results };
  const extra = fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts')).sort();
  for (const file of extra) {
    const mod = await import(pathToFileURL(path.join(import.meta.dirname, file)).href) as { run?: (c: BenchContext) => Promise<void> };
    await mod.run?.(ctx);
  }
} finally {
  await server.stop();
}
printResults(results);
console.log(`\n${ITEMS} items, ${PRODUCTS} products on PostgreSQL; 16 requests in flight; latency measured at the client over loopback.`);
console.log(`machine: ${os.cpus().length} CPUs; load average before ${loadBefore.toFixed(1)}, after ${os.loadavg()[0]!.toFixed(1)} (other work on the machine inflates the figures).`);
