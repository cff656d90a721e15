/**
 * Where a route's time goes: for each route, CPU milliseconds per request spent by the portal's node
 * process, by PostgreSQL (all its processes) and by the load generator, read from /proc while the
 * route is under load. On the database of an earlier `npm run bench` (BENCH_DB, default portal_bench).
 * Run: npx tsx bench/cpu-split.ts [route-name-filter]
 */
import { BenchClient, startBareServer, startServer } from './lib';
import { measure, type LoadTarget } from './load';
import { baselineOf, routes, type Who } from './routes';
import { prepareVolume } from './volume';
import { cpuTimes, postgresCpu, postgresSince } from './proc-cpu';

const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', true);
const server = await startServer(volume.databaseUrl);
const bareServer = await startBareServer(volume.databaseUrl);
const filter = process.argv[2] ?? '';
const table = routes(volume);
const baselines = new Set(table.filter((r) => r.who !== 'bare' && r.name.includes(filter)).map(baselineOf));
try {
  const admin = await new BenchClient(server.url).signIn('beheerder@demo.local');
  const reseller = await new BenchClient(server.url).signIn('reseller@demo.local');
  const targets: Record<Who, LoadTarget> = {
    bare: { base: bareServer.url, headers: new BenchClient(bareServer.url).loadHeaders() },
    admin: { base: server.url, headers: admin.loadHeaders() },
    reseller: { base: server.url, headers: reseller.loadHeaders() },
  };
  console.log('| route | req/s | node ms/req (of which system) | postgres ms/req | load generator ms/req |');
  console.log('|---|---|---|---|---|');
  for (const route of table) {
    if (filter && !route.name.includes(filter) && !baselines.has(route.name)) continue;
    const pid = route.who === 'bare' ? bareServer.pid : server.pid;
    await measure(
      route.name,
      { target: targets[route.who], path: route.path },
      { connections: 32, seconds: 2, warmupSeconds: 0, slices: 0 },
    );
    const n0 = cpuTimes(pid);
    const p0 = postgresCpu();
    const c0 = process.cpuUsage();
    const r = await measure(
      route.name,
      { target: targets[route.who], path: route.path },
      { connections: 32, seconds: 8, warmupSeconds: 0, slices: 0 },
    );
    const c = process.cpuUsage(c0);
    const n1 = cpuTimes(pid);
    const per = (v: number) => (v / r.requests).toFixed(2);
    console.log(
      `| ${route.name} | ${r.perSecond.toFixed(0)} | ${per(n1.user + n1.system - n0.user - n0.system)} (${per(n1.system - n0.system)}) | ${per(postgresSince(p0))} | ${per((c.user + c.system) / 1000)} |`,
    );
  }
} finally {
  await server.stop();
  await bareServer.stop();
}
