/**
 * Where a page load's main-thread time goes in the browser: the portal runs from source on a fresh
 * embedded database with the demo data (as `npm run bench:web`), Debian's Chromium loads the page
 * signed in as the administrator at a phone's width, unthrottled, with V8's sampling profiler on
 * (every 0.1 ms) from the navigation until the network is idle. Prints the self time per script and
 * the functions that took the most; '(program)' is the browser's own work outside scripts (style,
 * layout, parsing), '(idle)' is waiting. The login page is loaded first, so the app's code comes from
 * the browser's cache as on a later visit. Lighthouse's mobile preset counts this CPU time four times.
 * THROTTLE=4 slows Chromium's CPU 4x during the load: the times printed are then the slowed ones.
 * Run (needs a web build: `npx vite build`): npx tsx bench/page-profile.ts [/path] [--top 30]
 */
import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { parseArgs } from 'node:util';
import { withSignedInChromium } from './source-portal';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values: args, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' } },
  allowPositionals: true,
});
const target = positionals[0] ?? '/crm';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 38431);
const BASE = `http://127.0.0.1:${PORT}`;

await withSignedInChromium(PORT, async ({ browser, cookie }) => {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    extraHTTPHeaders: { Cookie: cookie },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  if (process.env.THROTTLE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.THROTTLE) });
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await page.goto(`${BASE}/inloggen`, { waitUntil: 'networkidle' });
  await cdp.send('Profiler.start');
  const started = performance.now();
  await page.goto(`${BASE}${target}`, { waitUntil: 'networkidle' });
  const loadMs = performance.now() - started;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };

  originalFrames(profile.nodes);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const script = node.callFrame.url.replace(BASE, '') || node.callFrame.functionName || '(browser)';
    add(byScript, script, us);
    add(
      byFunction,
      `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(BASE, '')}:${node.callFrame.lineNumber + 1}`,
      us,
    );
  }
  const print = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n| ${title} | ms |\n|---|---:|`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
      console.log(`| ${name} | ${(us / 1000).toFixed(1)} |`);
  };
  console.log(`${target}: loaded until the network was idle in ${Math.round(loadMs)} ms`);
  print('script (self time)', byScript, 15);
  print('function (self time)', byFunction, Number(args.top) || 30);
  print(
    'function (with what it calls; a web build with SOURCEMAP=1 names the source)',
    inclusive(profile.nodes, selfUs),
    Number(args.top) || 30,
  );
});

/**
 * With a web build made with SOURCEMAP=1: each frame of the app's scripts named by its source file, line and function.
 */
function originalFrames(nodes: ProfileNode[]): void {
  const dist = process.env.WEB_DIST_DIR ?? 'dist';
  const maps = new Map<string, SourceMap | null>();
  for (const { callFrame: frame } of nodes) {
    if (!frame.url.startsWith(`${BASE}/assets/`)) continue;
    if (!maps.has(frame.url)) {
      const file = path.join(dist, `${new URL(frame.url).pathname}.map`);
      maps.set(
        frame.url,
        fs.existsSync(file)
          ? new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
          : null,
      );
    }
    const entry = maps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry || !('originalSource' in entry)) continue;
    frame.url = entry.originalSource.replace(/^.*?(node_modules\/|src\/)/, '$1');
    frame.lineNumber = entry.originalLine;
    if ('name' in entry && typeof entry.name === 'string' && entry.name) frame.functionName = entry.name;
  }
}

/** Time per function including what it calls, each function counted once per stack (recursion). */
function inclusive(nodes: ProfileNode[], selfUs: Map<number, number>): Map<string, number> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const keyOf = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(BASE, '')}:${n.callFrame.lineNumber + 1}`;
  const totals = new Map<string, number>();
  const walk = (node: ProfileNode, onStack: Set<string>): number => {
    const key = keyOf(node);
    const fresh = !onStack.has(key);
    if (fresh) onStack.add(key);
    let us = selfUs.get(node.id) ?? 0;
    for (const child of node.children ?? []) {
      const c = byId.get(child);
      if (c) us += walk(c, onStack);
    }
    if (fresh) {
      onStack.delete(key);
      if (!key.startsWith('(')) totals.set(key, (totals.get(key) ?? 0) + us);
    }
    return us;
  };
  const root = nodes[0];
  if (root) walk(root, new Set());
  return totals;
}
