/**
 * What the portal allocates per request under load: the compiled server runs with bench/heap-sampler.mjs
 * preloaded, one route (the first whose name contains the filter) is loaded with 32 connections, and V8's sampling heap
 * profiler counts every allocation of the measured seconds, the objects the collector already freed
 * included. A CPU profile shows garbage collection as one line; this shows who made the garbage (a
 * spread of wide rows into new objects cost the customer lists 0.2 ms of node CPU per request, which
 * the CPU profile put at 0.03). Prints KB per request per function and per file; the profile stays in
 * .tmp/profiles (Chrome DevTools › Memory loads it).
 * Run on the database of an earlier `npm run bench`: npx tsx bench/allocations.ts [route-filter] [--seconds 5]
 * With HEAP_SAMPLE_PROMOTED=1 it counts only what outlived the young generation (what a major collection pays for).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { BenchClient, startServer } from './lib';
import { measure } from './load';
import { originalSources } from './profile-summary';
import { portalRoute, userOf } from './routes';
import { prepareVolume } from './volume';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { seconds: { type: 'string', default: '5' } },
});
const filter = positionals[0] ?? 'getitems';
const dir = path.resolve('.tmp/profiles');
fs.mkdirSync(dir, { recursive: true });
const sampleFile = path.join(dir, `allocations-${new Date().toISOString().replace(/[:.]/g, '-')}.heapprofile`);
process.env.HEAP_SAMPLE_FILE = sampleFile;
process.env.BENCH_NODE_ARGS = `--import ${path.resolve('bench/heap-sampler.mjs')}`;

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Waits for a file the sampler writes (it answers a signal asynchronously). */
async function fileWritten(file: string): Promise<void> {
  for (let waited = 0; !fs.existsSync(file); waited += 50) {
    if (waited > 30_000) throw new Error(`the heap sampler wrote no ${file}`);
    await sleep(50);
  }
}

const shortUrl = (url: string) => url.replace(/^.*node_modules\//, '').replace(/^.*?\/(server|domain)\//, '$1/');
const flatten = (node: ProfileNode): ProfileNode[] => [node, ...node.children.flatMap(flatten)];

/** Bytes per function and per file of a sampling heap profile. */
function tally(head: ProfileNode) {
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = shortUrl(url) || '(V8 built-ins and code compiled at run time, such as the serializers)';
    const where = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    total += node.selfSize;
    byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
    byFile.set(file, (byFile.get(file) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(head);
  return { total, byFunction, byFile };
}

const volume = await prepareVolume(process.env.BENCH_DB ?? 'portal_bench', true);
const route = portalRoute(volume, filter);
const server = await startServer(volume.databaseUrl);
try {
  const client = await new BenchClient(server.url).signIn(userOf(route));
  const target = { target: { base: server.url, headers: client.loadHeaders() }, path: route.path };
  await measure(route.name, target, { connections: 32, seconds: 3, warmupSeconds: 0, slices: 0 });
  process.kill(server.pid, 'SIGUSR2');
  await fileWritten(`${sampleFile}.started`);
  const result = await measure(route.name, target, {
    connections: 32,
    seconds: Number(args.seconds),
    warmupSeconds: 0,
    slices: 0,
  });
  process.kill(server.pid, 'SIGUSR2');
  await fileWritten(sampleFile);
  const profile = JSON.parse(fs.readFileSync(sampleFile, 'utf8')) as { head: ProfileNode; error?: string };
  if (profile.error) throw new Error(profile.error);
  originalSources(flatten(profile.head));
  const { total, byFunction, byFile } = tally(profile.head);
  const kb = (bytes: number) => (bytes / result.requests / 1024).toFixed(2);
  console.log(
    `${route.name}: ${result.requests} requests, ${kb(total)} KB allocated per request (sampled every 4 KB; the profile: ${path.relative('.', sampleFile)})\n`,
  );
  console.log('| file | KB per request |\n|---|---|');
  for (const [file, bytes] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`| ${file} | ${kb(bytes)} |`);
  console.log('\n| function | KB per request |\n|---|---|');
  for (const [fn, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`| ${fn} | ${kb(bytes)} |`);
} finally {
  await server.stop();
}
