/**
 * `npm run bench [-- options]`: the portal and a bare Fastify + pg server (bench/bare.ts) as child
 * processes on one PostgreSQL database (bench/volume.ts), every route of bench/routes.ts driven by
 * autocannon from this process (bench/load.ts), req/s, ratio to its bare route, p50 and p97.5 printed
 * per run and as the median of the runs (bench/report.ts).
 *   --runs N       runs, each over every route (default 1); with several, the median is printed too
 *   --reuse        measure on the database an earlier run generated (BENCH_DB), without generating
 *   --seconds S    measured seconds per route (default 8), after --warmup S (default 2)
 *   --unpaired     compare with the bare route measured once at the start of each run, instead of
 *                  in turns with each route for as many seconds (bench/load.ts; halves the time)
 *   --only TEXT    only the routes whose name contains TEXT, and the bare routes they compare with
 *   --areas        then run the area benches (bench/*.bench.ts: the check-in)
 * BENCH_CONNECTIONS (32), BENCH_DB (portal_bench), BENCH_NODE_ARGS (e.g. --cpu-prof for the portal).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { BenchClient, startBareServer, startServer } from './lib';
import { measure, type LoadResult, type LoadTarget } from './load';
import { printMedian, printRun, type RunResult } from './report';
import { baselineOf, routes, type Route, type Who } from './routes';
import { prepareVolume } from './volume';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: process.env.BENCH_REUSE === 'true' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    areas: { type: 'boolean', default: false },
    unpaired: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const options = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  seconds: Number(args.seconds),
  warmupSeconds: Number(args.warmup),
  slices: args.unpaired ? 0 : Math.max(1, Math.round(Number(args.seconds) / 2)),
};
const uptime = () => execSync('uptime').toString();

export interface BenchContext {
  databaseUrl: string;
  signIn(email: string): Promise<BenchClient>;
}

const t0 = performance.now();
const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', args.reuse);
const all = routes(volume);
const chosen = all.filter((r) => r.who !== 'bare' && (!args.only || r.name.includes(args.only)));
const baselines = new Set(chosen.map(baselineOf));
const table = all.filter((r) => chosen.includes(r) || (r.who === 'bare' && (!args.only || baselines.has(r.name))));
const perRun = table.length * (options.seconds * (options.slices ? 2 : 1) + options.warmupSeconds);
console.log(
  `${table.length} routes × (${options.warmupSeconds} s warm-up + ${options.seconds} s${options.slices ? ' + as long for the bare route in turns' : ''}) × ${runs} run(s): about ${Math.ceil((perRun * runs) / 60)} min of load`,
);

const server = await startServer(volume.databaseUrl);
const bareServer = await startBareServer(volume.databaseUrl);
const results: RunResult[] = [];
try {
  const admin = await new BenchClient(server.url).signIn('beheerder@demo.local');
  const reseller = await new BenchClient(server.url).signIn('reseller@demo.local');
  const targets: Record<Who, LoadTarget> = {
    bare: { base: bareServer.url, headers: new BenchClient(bareServer.url).loadHeaders() },
    admin: { base: server.url, headers: admin.loadHeaders() },
    reseller: { base: server.url, headers: reseller.loadHeaders() },
  };
  // Both servers warm (JIT, every pool connection open and its statements prepared) before the first row is measured:
  // without this the first bare row came out at half the rate of the same route at the end of the run.
  const firstPortalRoute = table.find((r) => r.who !== 'bare');
  for (const route of table.filter((r) => r.who === 'bare' || r === firstPortalRoute)) {
    await measure(
      `${route.name} (warm-up)`,
      { target: targets[route.who], path: route.path },
      { ...options, seconds: 4, warmupSeconds: 0, slices: 0 },
    ).catch(() => undefined);
  }
  for (let run = 0; run < runs; run++) {
    const before = uptime();
    const measured: LoadResult[] = [];
    const bareLoad = (route: Route) => {
      const bare = route.who === 'bare' ? undefined : table.find((r) => r.name === baselineOf(route));
      return bare && { target: targets.bare, path: bare.path };
    };
    for (const route of table) {
      // A route that fails (an error answer, or requests slower than a turn) is reported as such; the others are still
      // measured.
      const result: LoadResult = await measure(
        route.name,
        { target: targets[route.who], path: route.path },
        options,
        bareLoad(route),
      ).catch((err: unknown) => ({
        name: route.name,
        requests: 0,
        perSecond: 0,
        p50: NaN,
        p975: NaN,
        failed: (err as Error).message,
      }));
      process.stdout.write(
        `  ${route.name}: ${result.failed ?? `${result.perSecond.toFixed(0)} req/s`}${result.bare ? ` (bare in turns: ${result.bare.perSecond.toFixed(0)})` : ''}\n`,
      );
      measured.push(result);
    }
    results.push({ results: measured, uptime: `before: ${before.trim()}; after: ${uptime().trim()}` });
    printRun(run, results[run] ?? { results: [], uptime: '' }, table);
  }
  if (args.areas) {
    const clients = new Map<string, Promise<BenchClient>>();
    const signIn = (email: string) =>
      clients.get(email) ??
      clients.set(email, new BenchClient(server.url).signIn(email)).get(email) ??
      Promise.reject(new Error(email));
    const ctx: BenchContext = { databaseUrl: volume.databaseUrl, signIn };
    for (const file of fs
      .readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith('.bench.ts'))
      .sort()) {
      const mod = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
        run?: (c: BenchContext) => Promise<void>;
      };
      await mod.run?.(ctx).catch((err: unknown) => console.error(`${file} failed: ${(err as Error).message}`));
    }
  }
} finally {
  await server.stop();
  await bareServer.stop();
}
if (runs > 1) printMedian(results, table);
console.log(
  `\n${volume.description}; PostgreSQL; ${options.connections} connections; autocannon in the bench process, the portal and the bare server each in their own.`,
);
console.log(`machine: ${os.cpus().length} CPUs; the bench took ${((performance.now() - t0) / 60000).toFixed(1)} min.`);
