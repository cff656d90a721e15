/**
 * `npm run bench:web`: what a phone user gets from the web app, measured in the system Chromium
 * (Lighthouse is not installed): the login page and, after sign-in, the stock page, each loaded
 * fresh under a mid-range phone's conditions (CPU slowed 4x, Slow 4G: 150 ms, 1.6 Mbit/s down).
 * Prints bytes transferred (as encoded on the wire) and unpacked, LCP and CLS from
 * PerformanceObserver, and the total blocking time of long tasks. Needs a web build in dist/
 * (or in WEB_DIST_DIR, which the portal serves too); BENCH_WEB_PORT picks the port.
 * Figures go into docs/PERFORMANCE.md; they are no test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium, type BrowserContext } from '@playwright/test';
import { currentOtp } from '../server/lib/totp';
import { DEMO_PASSWORD } from '../server/db/seed/core';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 38421);
const BASE = `http://127.0.0.1:${PORT}`;

interface PageFigures {
  page: string;
  requests: number;
  transferredKb: number;
  unpackedKb: number;
  scriptTransferredKb: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  encodings: string[];
}

declare global {
  interface Window {
    __vitals: { lcp: number; cls: number; tbt: number; details: string[] };
  }
}

function startPortal(dataDir: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: BASE, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Het portaal draait op')) resolve(() => new Promise((done) => { child.on('exit', () => done()); child.kill('SIGTERM'); }));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Signs in through the API within the browser context (its cookies are the page's), setting up 2FA. */
async function signIn(context: BrowserContext, email: string): Promise<void> {
  const api = context.request;
  const { token } = await (await api.get(`${BASE}/api/auth/token`)).json() as { token: string };
  const headers = { 'x-xsrf-token': token };
  const login = await api.post(`${BASE}/api/auth/login`, { data: { email, password: DEMO_PASSWORD }, headers });
  if (login.status() !== 200) throw new Error(`login failed: ${login.status()}`);
  const { secret } = await (await api.get(`${BASE}/api/auth/google2fa/qrcode`)).json() as { secret: string };
  const enabled = await api.post(`${BASE}/api/auth/google2fa/enable`, { data: { otp_secret: currentOtp(secret) }, headers });
  if (enabled.status() !== 200) throw new Error(`2FA failed: ${enabled.status()}`);
}

/** Collects LCP, CLS and long tasks in the page, with what each was (printed by BENCH_WEB_WATERFALL). */
const VITALS_SCRIPT = `
  window.__vitals = { lcp: 0, cls: 0, tbt: 0, details: [] };
  const at = (e) => Math.round(e.startTime) + ' ms';
  const rect = (r) => (r ? Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) : '');
  const describe = (node) => (node instanceof Element ? (node.tagName.toLowerCase() + '.' + node.className).slice(0, 60) : String(node));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__vitals.lcp = e.startTime;
      window.__vitals.details.push('LCP candidate at ' + at(e) + ': ' + describe(e.element));
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__vitals.cls += e.value;
      window.__vitals.details.push('layout shift ' + e.value.toFixed(3) + ' at ' + at(e) + ': ' + (e.sources || []).map((x) => describe(x.node) + ' ' + rect(x.previousRect) + ' → ' + rect(x.currentRect)).join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__vitals.tbt += Math.max(0, e.duration - 50);
      window.__vitals.details.push('long task ' + Math.round(e.duration) + ' ms at ' + at(e));
    }
  }).observe({ type: 'longtask', buffered: true });
`;

async function measure(context: BrowserContext, name: string, url: string, ready: string): Promise<PageFigures> {
  const page = await context.newPage();
  // A string, not a function: tsx would wrap the helpers in `__name()`, which the page does not have.
  await page.addInitScript(VITALS_SCRIPT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  const sizes = new Map<string, { type: string; wire: number; unpacked: number; encoding: string }>();
  const timeline = new Map<string, { url: string; start: number; end: number }>();
  cdp.on('Network.requestWillBeSent', (e) => { timeline.set(e.requestId, { url: e.request.url.replace(BASE, ''), start: e.timestamp, end: 0 }); });
  cdp.on('Network.loadingFinished', (e) => { const t = timeline.get(e.requestId); if (t) t.end = e.timestamp; });
  cdp.on('Network.responseReceived', (e) => {
    sizes.set(e.requestId, { type: e.type, wire: 0, unpacked: 0, encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'none') });
  });
  cdp.on('Network.dataReceived', (e) => { const s = sizes.get(e.requestId); if (s) s.unpacked += e.dataLength; });
  cdp.on('Network.loadingFinished', (e) => { const s = sizes.get(e.requestId); if (s) s.wire = e.encodedDataLength; });

  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  await page.waitForTimeout(500);
  // LCP is final at the first input; the figures are read then.
  await page.mouse.click(1, 1);
  const vitals = await page.evaluate(() => window.__vitals);
  await page.close();
  if (process.env.BENCH_WEB_WATERFALL) {
    const rows = [...timeline.values()];
    const t0 = Math.min(...rows.map((r) => r.start));
    console.log(`\n${name}: requests in the order they started (ms from the first)`);
    for (const r of rows) console.log(`${String(Math.round((r.start - t0) * 1000)).padStart(6)} → ${String(Math.round((r.end - t0) * 1000)).padStart(6)}  ${r.url}`);
    console.log(vitals.details.join('\n'));
  }
  const all = [...sizes.values()];
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return {
    page: name,
    requests: all.length,
    transferredKb: kb(all.reduce((s, x) => s + x.wire, 0)),
    unpackedKb: kb(all.reduce((s, x) => s + x.unpacked, 0)),
    scriptTransferredKb: kb(all.filter((x) => x.type === 'Script').reduce((s, x) => s + x.wire, 0)),
    lcpMs: Math.round(vitals.lcp),
    cls: Math.round(vitals.cls * 1000) / 1000,
    tbtMs: Math.round(vitals.tbt),
    encodings: [...new Set(all.filter((x) => x.type === 'Script' || x.type === 'Stylesheet').map((x) => x.encoding))],
  };
}

const webDist = process.env.WEB_DIST_DIR ?? 'dist';
if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`No web build in ${webDist}/: run \`npx vite build\` first`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
const stop = await startPortal(dataDir);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const figures: PageFigures[] = [];
  const anonymous = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true, locale: 'nl-NL' });
  figures.push(await measure(anonymous, 'login (/inloggen)', `${BASE}/inloggen`, 'button:has-text("Inloggen")'));
  await anonymous.close();
  const signedIn = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true, locale: 'nl-NL' });
  await signIn(signedIn, 'beheerder@demo.local');
  figures.push(await measure(signedIn, 'stock (/voorraad, signed in)', `${BASE}/voorraad`, 'table tbody tr'));
  await signedIn.close();
  console.log('\n| page | requests | transferred | unpacked | of it JavaScript (wire) | LCP | CLS | TBT | encodings |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(`| ${f.page} | ${f.requests} | ${f.transferredKb} KB | ${f.unpackedKb} KB | ${f.scriptTransferredKb} KB | ${f.lcpMs} ms | ${f.cls} | ${f.tbtMs} ms | ${f.encodings.join(', ')} |`);
  }
  console.log(`\nChromium, CPU 4x slower, 150 ms / 1.6 Mbit/s; machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`);
} finally {
  await browser.close();
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
