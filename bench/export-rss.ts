/**
 * Memory of a large export (issue 13: 100,000-row .xlsx streamed with server RSS ≤ 250 MB). A fresh
 * PostgreSQL database (BENCH_EXPORT_DB, default portal_bench_export) with the demo seed and
 * BENCH_EXPORT_ITEMS (default 100,000) items of one article of one end customer; the portal runs as a
 * child process, the administrator downloads the article's item export (GET /api/exportstockitems/{id})
 * while the server's resident memory (VmRSS in /proc) is sampled every 20 ms.
 * Run: npx tsx bench/export-rss.ts   (DATABASE_URL: an admin URL of the PostgreSQL server)
 */
import fs from 'node:fs';
import os from 'node:os';
import { openPostgres } from '../server/db/open';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed';
import { generateVolume } from './generate';
import { BenchClient, freshDatabase, startServer } from './lib';

const ITEMS = Number(process.env.BENCH_EXPORT_ITEMS ?? 100_000);
const LIMIT_MB = 250;

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

const databaseUrl = await freshDatabase(process.env.BENCH_EXPORT_DB ?? 'portal_bench_export');
const opened = openPostgres(databaseUrl, 2);
await migrateToLatest(opened.db);
await seedDemo(opened.db);
const { firstProductId } = await generateVolume(opened.db, { items: ITEMS, products: 1 });
await opened.close();

const server = await startServer(databaseUrl, Number(process.env.BENCH_EXPORT_PORT ?? 38421));
try {
  const admin = await new BenchClient(server.url).signIn('beheerder@demo.local');
  // Warm the route once on a small article so the figure is the export's, not the first request's.
  await (await admin.request('GET', '/api/products?page=1')).arrayBuffer();
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const started = performance.now();
  const res = await admin.request('GET', `/api/exportstockitems/${firstProductId}`);
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  if (res.status !== 200) throw new Error(`export: HTTP ${res.status}`);
  console.log(`item export of ${ITEMS} rows: ${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${seconds.toFixed(1)} s`);
  console.log(
    `server RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during the export (limit ${LIMIT_MB} MB)`,
  );
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
  if (peak > LIMIT_MB) process.exitCode = 1;
} finally {
  await server.stop();
}
