import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { BenchClient } from './lib';

/**
 * The portal from source on a fresh embedded database with the demo data (DATA_DIR), serving the web
 * build in dist/ or WEB_DIST_DIR, as the page benches use it. Resolves once it listens, with its stop.
 */
export function startSourcePortal(dataDir: string, port: number): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Het portaal draait op'))
        resolve(
          () =>
            new Promise((done) => {
              child.on('exit', () => done());
              child.kill('SIGTERM');
            }),
        );
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/**
 * The portal from source (`startSourcePortal`) and Debian's Chromium (CHROMIUM_PATH), headless, with
 * the session cookie of the administrator's sign-in through the API: what the page benches that drive
 * the browser themselves share. Runs `measure`, then stops both and removes the data folder.
 */
export async function withSignedInChromium(
  port: number,
  measure: (session: { base: string; browser: Browser; cookie: string }) => Promise<void>,
): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-bench-'));
  try {
    const stop = await startSourcePortal(dataDir, port);
    try {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const cookie = (await new BenchClient(base).signIn('beheerder@demo.local')).loadHeaders().cookie ?? '';
        await measure({ base, browser, cookie });
      } finally {
        await browser.close();
      }
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
