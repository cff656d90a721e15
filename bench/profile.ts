/**
 * Where the portal's CPU goes under load: the compiled server runs with `node --cpu-prof`, one route
 * (or each route whose name contains the filter) is loaded for --seconds with 32 connections, and the
 * profile written at exit is summed up over the measured seconds only (after start-up, sign-in and a
 * 3 s warm-up): self time per function and per part of the request (bench/profile-summary.ts). The .cpuprofile files
 * stay in .tmp/profiles for a flame graph
 * (Chrome DevTools › Performance › Load profile, or speedscope).
 * Run on the database of an earlier `npm run bench`: npx tsx bench/profile.ts [route-filter] [--seconds 15]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchClient, startServer } from './lib';
import { measure, type LoadTarget } from './load';
import { summarize } from './profile-summary';
import { routes, type Who } from './routes';
import { prepareVolume } from './volume';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { seconds: { type: 'string', default: '15' } },
});
const filter = positionals[0] ?? 'getitems';
const dir = path.resolve('.tmp/profiles', new Date().toISOString().replace(/[:.]/g, '-'));
fs.mkdirSync(dir, { recursive: true });
process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;

const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', true);
const server = await startServer(volume.databaseUrl);
const chosen = routes(volume).filter((r) => r.who !== 'bare' && r.name.includes(filter));
let total = 0;
const micros = () => Number(process.hrtime.bigint() / 1000n);
let from = Infinity;
let to = 0;
try {
  const admin = await new BenchClient(server.url).signIn('beheerder@demo.local');
  const reseller = await new BenchClient(server.url).signIn('reseller@demo.local');
  const targets: Record<Exclude<Who, 'bare'>, LoadTarget> = {
    admin: { base: server.url, headers: admin.loadHeaders() },
    reseller: { base: server.url, headers: reseller.loadHeaders() },
  };
  for (const route of chosen) {
    if (route.who === 'bare') continue;
    await measure(
      route.name,
      { target: targets[route.who], path: route.path },
      { connections: 32, seconds: 3, warmupSeconds: 0, slices: 0 },
    );
    const before = micros();
    const r = await measure(
      route.name,
      { target: targets[route.who], path: route.path },
      { connections: 32, seconds: Number(args.seconds), warmupSeconds: 0, slices: 0 },
    );
    // Several routes: the samples between them (their warm-ups) count too, the requests of the warm-ups not; one route
    // at a time is exact.
    from = Math.min(from, before);
    to = micros();
    total += r.requests;
    console.log(`${route.name}: ${r.requests} requests, ${r.perSecond.toFixed(0)} req/s`);
  }
} finally {
  await server.stop();
}
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${dir}`);
summarize(path.join(dir, file), total, { from, to });
