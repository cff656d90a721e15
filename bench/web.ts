/**
 * `npm run bench:web`: Lighthouse (mobile preset: a mid-range phone, simulated Slow 4G and a 4x slower
 * CPU) on the pages people use daily, signed in as the administrator of the demo data, against the goals
 * of issue 24: performance ≥ 0.9, LCP ≤ 2.5 s, TBT ≤ 200 ms, accessibility ≥ 0.95. The portal runs from
 * source on a fresh embedded database with the demo seed (a temporary DATA_DIR) and serves the web build
 * in dist/ or WEB_DIST_DIR; Debian's Chromium (CHROMIUM_PATH) runs headless with the flags of
 * playwright.config.ts. The session cookie of a sign-in through the API goes with every request.
 *   --only TEXT   only the pages whose path contains TEXT
 *   --runs N      measure every page N times, the pages in turns, and print the median and the worst of each
 *                 figure (default 3)
 *   --warm        one Chrome for every page and run (a returning visit: its HTTP cache and compiled code stay);
 *                 by default each page and run gets a Chrome of its own with a new profile (a first visit, cold)
 *   --details     per page, the audits that cost the most (what to fix)
 *   --applied     throttle the network and CPU while loading (Lighthouse's `devtools` throttling) instead of
 *                 simulating a phone from an unthrottled load: slower, and it shows what the simulation
 *                 cannot, such as a request that now starts earlier but is off the simulated critical path
 * BENCH_WEB_PORT picks the port; every report is kept as JSON in .tmp/lighthouse/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { BenchClient } from './lib';
import { startSourcePortal } from './source-portal';
import { lighthouseFigures, printFigures, type PageFigures } from './web-report';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    details: { type: 'boolean', default: false },
    applied: { type: 'boolean', default: false },
    warm: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 38421);
const BASE = `http://127.0.0.1:${PORT}`;
/** playwright.config.ts launchOptions.args, and headless. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const webDist = process.env.WEB_DIST_DIR ?? 'dist';
if (!fs.existsSync(path.join(webDist, 'index.html')))
  throw new Error(`No web build in ${webDist}/: run \`npx vite build\` first`);
const reports = path.resolve('.tmp/lighthouse');
fs.mkdirSync(reports, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
const started = performance.now();
const stop = await startSourcePortal(dataDir, PORT);
const launchChrome = () =>
  chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
/**
 * Warm: the one Chrome of the whole run. Cold: none; each audit launches its own (chrome-launcher gives it a new
 * profile).
 */
const warmChrome = args.warm ? await launchChrome() : null;
const perPage = new Map<string, PageFigures[]>();
try {
  const admin = await new BenchClient(BASE).signIn('beheerder@demo.local');
  const cookie = admin.loadHeaders().cookie ?? '';
  const deliveries = (await (await admin.request('GET', '/api/deliveries')).json()) as { data: { id: number }[] };
  const delivery = deliveries.data[0]?.id;
  if (delivery === undefined) throw new Error('The demo data has no open delivery');
  const pages = [
    '/',
    '/voorraad',
    '/leveringen',
    `/leveringen/${delivery}`,
    '/crm',
    '/reparaties',
    '/voormeldingen',
  ].filter((p) => !args.only || p.includes(args.only));
  /**
   * Lighthouse now and then fails to record its own trace (NO_NAVSTART, seen on the first page of a run): that page is
   * measured again, up to twice.
   */
  const audit = async (page: string) => {
    for (let attempt = 1; ; attempt++) {
      const chrome = warmChrome ?? (await launchChrome());
      const result = await lighthouse(`${BASE}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: { Cookie: cookie },
        ...(args.applied ? { throttlingMethod: 'devtools' as const } : {}),
      }).finally(() => {
        if (!warmChrome) chrome.kill();
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const failure = result.lhr.runtimeError;
      if (!failure || attempt === 3) return result;
      console.log(`  ${page}: Lighthouse failed (${failure.code}), measuring again`);
    }
  };
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const result = await audit(page);
      fs.writeFileSync(
        path.join(reports, `${page === '/' ? 'root' : page.slice(1).replace(/\W+/g, '_')}-${run}.json`),
        JSON.stringify(result.lhr),
      );
      const f = lighthouseFigures(page, result.lhr);
      console.log(
        `  run ${run}, ${page}: performance ${f.performance}, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, accessibility ${f.accessibility}, benchmark index ${f.benchmarkIndex}`,
      );
      perPage.set(page, [...(perPage.get(page) ?? []), f]);
    }
  }
} finally {
  warmChrome?.kill();
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
printFigures([...perPage.values()], args.details);
console.log(
  `\nLighthouse ${lighthouseVersion()}, mobile preset (${args.applied ? 'applied' : 'simulated'} throttling), ` +
    `${args.warm ? 'warm (one Chrome for all pages)' : 'cold (a new Chrome and profile per page and run)'}, signed in, demo data; ` +
    `reports in ${reports}.`,
);
console.log(
  `machine: ${os.cpus().length} CPUs; ${execSync('uptime').toString().trim()}; took ${((performance.now() - started) / 60000).toFixed(1)} min.`,
);

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
}
