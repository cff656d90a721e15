import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../build/server.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The compiled server that `npm start` runs (build/start.mjs), built when its sources changed.
let bundle = '';
beforeAll(async () => {
  bundle = await ensureServerBuilt();
}, 120_000);

function startServer(port: number): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  let output = '';
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Het portaal draait op') && output.includes('klant@demo.local')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, output: () => output, ready };
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', resolve));

describe('the server process', () => {
  it('creates the database once, keeps it across restarts, and closes it on SIGTERM', async () => {
    const first = startServer(38171);
    await first.ready;
    expect(first.output()).toContain('Nieuwe database: demogegevens worden aangemaakt');
    expect(first.output()).toContain('beheerder@demo.local');
    const token = await fetch('http://127.0.0.1:38171/api/auth/token').then((r) => r.json());
    expect(token.token).toBeTruthy();

    // A second process on the same data folder is refused while the first runs.
    const second = startServer(38172);
    await expect(second.ready).rejects.toThrow(/in gebruik door proces/);

    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);

    const again = startServer(38173);
    await again.ready;
    expect(again.output()).not.toContain('Nieuwe database');
    again.child.kill('SIGINT');
    expect(await exitCode(again.child)).toBe(0);
  }, 120_000);
});
