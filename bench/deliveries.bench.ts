/**
 * Deliveries at volume (issue 9): BENCH_DELIVERIES (default 200,000) deliveries with two lines each
 * are added to the bench database, then the open list, a search, the finished tab and a delivery
 * detail are measured like the stock calls.
 */
import { sql } from 'kysely';
import { openPostgres } from '../server/db/open';
import { generateDeliveries } from './generate';
import { runLoad } from './lib';
import type { BenchContext } from './run';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 200_000);

export async function run(ctx: BenchContext): Promise<void> {
  const opened = openPostgres(ctx.databaseUrl, 2);
  const started = performance.now();
  const generated = ctx.reused ? await sql<{ first: number | null }>`select min(id)::int as first from deliveries where order_number like 'BLEV-%'`.execute(opened.db) : null;
  const firstDeliveryId = generated?.rows[0]?.first ?? (await generateDeliveries(opened.db, DELIVERIES)).firstDeliveryId;
  await opened.close();
  if (!generated?.rows[0]?.first) console.log(`generated ${DELIVERIES} deliveries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const admin = await ctx.signIn('beheerder@demo.local');
  const reseller = await ctx.signIn('reseller@demo.local');
  const delivery = (i: number) => firstDeliveryId + ((i * 7919) % DELIVERIES);
  const opts = { total: Number(process.env.BENCH_REQUESTS ?? 2000) };
  ctx.results.push(await runLoad('GET /api/deliveries (pages 1-40)', admin, (i) => `/api/deliveries?page=${1 + (i % 40)}`, opts));
  ctx.results.push(await runLoad('GET /api/deliveries?search= (order number)', admin, (i) => `/api/deliveries?search=BLEV-00${String(10000 + (i % 90000))}`, opts));
  ctx.results.push(await runLoad('GET /api/finisheddeliveries (pages 1-10)', admin, (i) => `/api/finisheddeliveries?page=${1 + (i % 10)}`, opts));
  ctx.results.push(await runLoad('GET /api/deliveries (reseller scope)', reseller, (i) => `/api/deliveries?page=${1 + (i % 10)}`, opts));
  ctx.results.push(await runLoad('GET /api/deliveries/{id} (detail)', admin, (i) => `/api/deliveries/${delivery(i)}`, opts));
}
