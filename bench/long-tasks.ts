/**
 * The long tasks of a page load as a phone has them: the portal and demo data as `npm run bench:web`,
 * Chromium at 412 px with its CPU slowed 4x (Lighthouse's mobile preset), a trace from the navigation
 * until the network is idle, three loads. Prints every task over 50 ms (what TBT counts) with its
 * parts over 3 ms: script evaluation, microtasks (React rendering after an answer), layout, paint.
 * Run (needs a web build: `npx vite build`): npx tsx bench/long-tasks.ts [/path]
 */
import { withSignedInChromium } from './source-portal';

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

const target = process.argv[2] ?? '/crm';
const PORT = Number(process.env.BENCH_WEB_PORT ?? 38441);
const BASE = `http://127.0.0.1:${PORT}`;
await withSignedInChromium(PORT, async ({ browser, cookie }) => {
  for (let run = 0; run < 3; run++) {
    // The app's code comes from the browser's cache, as on a later visit: the login page is loaded first,
    // then a blank page, so that the login page's leaving (its pagehide handlers) is not in the trace.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      extraHTTPHeaders: { Cookie: cookie },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${BASE}/inloggen`, { waitUntil: 'networkidle' });
    await page.goto('about:blank');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
    });
    await page.goto(`${BASE}${target}`, { waitUntil: 'networkidle' });
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const ev = trace.traceEvents;
    const nav = ev.find((e) => e.name === 'navigationStart')?.ts ?? ev[0]?.ts ?? 0;
    // The page's main thread: where its document was committed (workers, the service worker and the
    // compositor have threads of their own).
    const main = ev.find((e) => e.name === 'CommitLoad' && e.args?.data?.url?.endsWith(target));
    if (!main) throw new Error(`no CommitLoad of ${target} in the trace`);
    const tasks = ev.filter(
      (e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && e.ts >= nav,
    );
    console.log(`load ${run + 1}: ${tasks.length} tasks over 50 ms (ms from the navigation: duration — parts in ms)`);
    for (const t of tasks) {
      const inner = ev
        .filter(
          (e) =>
            e.pid === t.pid &&
            e.tid === t.tid &&
            e.ts >= t.ts &&
            e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) &&
            e.name !== 'RunTask' &&
            (e.dur ?? 0) > 3000,
        )
        .map(
          (e) =>
            `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(BASE, '')}` : ''} ${Math.round((e.dur ?? 0) / 1000)}`,
        );
      console.log(
        `  at ${Math.round((t.ts - nav) / 1000)} ms: ${Math.round((t.dur ?? 0) / 1000)} ms — ${inner.slice(0, 12).join(' | ')}`,
      );
    }
    await context.close();
  }
});
