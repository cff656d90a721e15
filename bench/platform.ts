/**
 * Platform figures: the JavaScript a browser downloads for the login route (gzip), and the time
 * `npm start` takes to serve on an existing data folder (after a first start created it).
 * Run: npx tsx bench/platform.ts   (needs a web build in dist/ and Chromium, CHROMIUM_PATH)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const LOGIN_BUDGET_KB = 150;

function startPortal(dataDir: string, port: number): Promise<{ ms: number; stop: () => Promise<void> }> {
  const started = performance.now();
  // Its own process group, so a stop reaches npm, tsx and the server alike (as Ctrl-C in a terminal does).
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Het portaal draait op')) {
        resolve({
          ms: performance.now() - started,
          stop: async () => {
            process.kill(-child.pid!, 'SIGTERM');
            // The server has stopped when it has let go of the data folder.
            while (fs.existsSync(path.join(dataDir, 'pgdata.lock'))) await new Promise((r) => setTimeout(r, 50));
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

async function loginRouteJavaScript(url: string): Promise<{ files: { name: string; gzip: number }[]; total: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const files: { name: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) files.push({ name: new URL(response.url()).pathname, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${url}/inloggen`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Inloggen' }).waitFor();
  await browser.close();
  return { files, total: files.reduce((s, f) => s + f.gzip, 0) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
try {
  const first = await startPortal(dataDir, 38301);
  console.log(`first npm start (new database with demo data): ${(first.ms / 1000).toFixed(1)} s`);
  const js = await loginRouteJavaScript('http://127.0.0.1:38301');
  await first.stop();
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startPortal(dataDir, 38301);
    runs.push(again.ms);
    await again.stop();
  }
  runs.sort((a, b) => a - b);
  console.log(
    `cold npm start on the existing data folder: median ${(runs[1]! / 1000).toFixed(2)} s (runs: ${runs.map((r) => (r / 1000).toFixed(2)).join(', ')} s)`,
  );
  for (const f of js.files) console.log(`  ${f.name}: ${(f.gzip / 1024).toFixed(1)} KB gzip`);
  console.log(`login route JavaScript: ${(js.total / 1024).toFixed(1)} KB gzip (budget ${LOGIN_BUDGET_KB} KB)`);
  if (js.total / 1024 > LOGIN_BUDGET_KB) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
