/**
 * A change measured against the code before it: the server of a git commit (A, default HEAD) and the
 * server of the working tree (B) run side by side on the bench database, and every route takes turns
 * between them, a few seconds each, the order swapped every turn. Both then see the same machine. On
 * the 2-core machine a route's req/s drifted by a factor of 1.5 between runs a minute apart, so A and B
 * measured one after the other compared the machine, not the code; interleaved, A against A came out
 * at 0.99. Prints per route and variant req/s and the CPU milliseconds per request of the server's node
 * process and of PostgreSQL (all its processes), and B's req/s over A's.
 * Run: npx tsx bench/ab.ts [route filter] [--base REF] [--turns 8] [--seconds 3] [--b-node-args=--flag]
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensureServerBuilt } from '../build/server.mjs';
import { BenchClient, startBundle, type BenchServer } from './lib';
import { fire } from './load';
import { isPortalRoute, routes, userOf } from './routes';
import { prepareVolume } from './volume';
import { cpuOf, postgresCpu, postgresSince } from './proc-cpu';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'HEAD' },
    turns: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '3' },
    'b-node-args': { type: 'string', default: '' },
  },
});
const filter = positionals[0] ?? '';
const turns = Number(values.turns);
const seconds = Number(values.seconds);

/** The server bundle of a commit: built in a worktree under .tmp/ab-base that shares this checkout's node_modules. */
function bundleOf(ref: string): string {
  const root = path.resolve('.tmp/ab-base');
  if (fs.existsSync(root)) execFileSync('git', ['worktree', 'remove', '--force', root]);
  execFileSync('git', ['worktree', 'add', '--detach', root, ref], { stdio: 'ignore' });
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
  execFileSync(process.execPath, ['build/server.mjs'], { cwd: root, stdio: 'ignore' });
  return path.join(root, 'dist-server', 'main.js');
}

type Variant = 'A' | 'B';
const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', true);
const bundles: Record<Variant, string> = { A: bundleOf(values.base!), B: await ensureServerBuilt() };
const servers = {} as Record<Variant, BenchServer>;
servers.A = await startBundle(bundles.A, volume.databaseUrl, 38421);
// --b-node-args: B runs with node options of its own (a flag measured against none: --base the commit of the tree).
servers.B = await startBundle(bundles.B, volume.databaseUrl, 38422, values['b-node-args']!.split(' ').filter(Boolean));
try {
  // One sign-in per user serves both: sessions live in the shared database.
  const headers = new Map<string, Record<string, string>>();
  const headersOf = async (email: string) =>
    headers.get(email) ??
    headers.set(email, (await new BenchClient(servers.A.url).signIn(email)).loadHeaders()).get(email)!;
  console.log(
    `A: ${values.base} (${bundles.A}), B: the working tree${values['b-node-args'] ? ` with ${values['b-node-args']}` : ''}; ${turns} turns of ${seconds} s per variant and route, 32 connections`,
  );
  for (const route of routes(volume)
    .filter(isPortalRoute)
    .filter((r) => r.name.includes(filter))) {
    const load = await headersOf(userOf(route));
    const sum = {
      A: { requests: 0, seconds: 0, node: 0, postgres: 0 },
      B: { requests: 0, seconds: 0, node: 0, postgres: 0 },
    };
    for (const v of ['A', 'B'] as const) await fire({ base: servers[v].url, headers: load }, route.path, 32, 2);
    for (let turn = 0; turn < turns; turn++) {
      for (const v of (turn % 2 ? ['B', 'A'] : ['A', 'B']) as Variant[]) {
        const node = cpuOf(servers[v].pid);
        const postgres = postgresCpu();
        const sample = await fire({ base: servers[v].url, headers: load }, route.path, 32, seconds);
        if (sample.failed.length) throw new Error(`${route.name} (${v}): ${sample.failed.join(', ')}`);
        sum[v].requests += sample.ok;
        sum[v].seconds += sample.seconds;
        sum[v].node += cpuOf(servers[v].pid) - node;
        sum[v].postgres += postgresSince(postgres);
      }
    }
    const rate = (v: Variant) => sum[v].requests / sum[v].seconds;
    const line = (v: Variant) =>
      `  ${v}: ${rate(v).toFixed(0)} req/s, node ${(sum[v].node / sum[v].requests).toFixed(3)} ms, PostgreSQL ${(sum[v].postgres / sum[v].requests).toFixed(3)} ms per request`;
    console.log(`${route.name}\n${line('A')}\n${line('B')}\n  B/A req/s: ${(rate('B') / rate('A')).toFixed(3)}`);
  }
  const peak = (v: Variant) => /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${servers[v].pid}/status`, 'utf8'))?.[1];
  console.log(
    `peak resident memory: A ${Math.round(Number(peak('A')) / 1024)} MB, B ${Math.round(Number(peak('B')) / 1024)} MB`,
  );
} finally {
  await servers.A.stop();
  await servers.B.stop();
}
