/**
 * The bench database: a fresh PostgreSQL database (BENCH_DB, default portal_bench), migrated, seeded
 * (core + demo stock) and filled by bench/generate.ts, or the one an earlier run generated
 * (`--reuse` / BENCH_REUSE=true). Volumes: BENCH_ITEMS (1,000,000), BENCH_PRODUCTS (10,000),
 * BENCH_CLIENTS (20,000 end customers), BENCH_DELIVERIES (200,000 with two lines each).
 * Run on its own to generate once: npx tsx bench/volume.ts
 */
import { sql } from 'kysely';
import { openPostgres } from '../server/db/open';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { generateClients, generateDeliveries, generateVolume } from './generate';
import { existingVolume, freshDatabase } from './lib';

export interface Volume {
  databaseUrl: string;
  firstProductId: number;
  productCount: number;
  firstDeliveryId: number;
  deliveryCount: number;
  /** What was generated, for the report. */
  description: string;
}

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function prepareVolume(name: string, reuse: boolean): Promise<Volume> {
  const existing = reuse ? await existingVolume(name) : null;
  if (existing) {
    const opened = openPostgres(existing.databaseUrl, 1);
    try {
      const row = await sql<{ first: number | null; n: number; items: number; clients: number }>`
        select (select min(id)::int from deliveries where order_number like 'BLEV-%') as first,
               (select count(*)::int from deliveries where order_number like 'BLEV-%') as n,
               (select reltuples::bigint::int from pg_class where relname = 'items') as items,
               (select count(*)::int from clients where name like 'Benchklant %') as clients`.execute(opened.db);
      const r = row.rows[0];
      if (r?.first) {
        console.log(`database: reusing ${name}`);
        return {
          ...existing,
          firstDeliveryId: r.first,
          deliveryCount: r.n,
          description: `${name} (reused): about ${r.items} items, ${existing.productCount} generated products, ${r.clients} generated end customers, ${r.n} generated deliveries`,
        };
      }
    } finally {
      await opened.close();
    }
  }
  const items = count('BENCH_ITEMS', 1_000_000);
  const products = count('BENCH_PRODUCTS', 10_000);
  const clients = count('BENCH_CLIENTS', 20_000);
  const deliveries = count('BENCH_DELIVERIES', 200_000);
  const t0 = performance.now();
  const databaseUrl = await freshDatabase(name);
  const opened = openPostgres(databaseUrl, 4);
  try {
    await migrateToLatest(opened.db);
    await seedDemo(opened.db);
    const { firstProductId, productCount } = await generateVolume(opened.db, { items, products });
    await generateClients(opened.db, clients);
    const { firstDeliveryId } = await generateDeliveries(opened.db, deliveries);
    console.log(`database: ${name} generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return {
      databaseUrl,
      firstProductId,
      productCount,
      firstDeliveryId,
      deliveryCount: deliveries,
      description: `${name}: ${items} items, ${products} products, ${clients} end customers, ${deliveries} deliveries (two lines each), plus the demo seed`,
    };
  } finally {
    await opened.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', process.env.BENCH_REUSE === 'true');
  console.log(volume.description);
}
