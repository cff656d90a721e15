/** Shared bench infrastructure: a fresh PostgreSQL database, the app as a child process, a signed-in HTTP client. */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { currentOtp } from '../server/lib/totp';
import { DEMO_PASSWORD } from '../server/db/seed/core';
import { ensureServerBuilt, SERVER_NODE_OPTIONS } from '../build/server.mjs';

export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function withDbName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops and creates the bench database; answers its URL. Only loopback or the given DATABASE_URL. */
export async function freshDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  return withDbName(ADMIN_URL, name);
}

/** The generated volume of an earlier run's database, or null when there is none to reuse. */
export async function existingVolume(
  name: string,
): Promise<{ databaseUrl: string; firstProductId: number; productCount: number } | null> {
  const databaseUrl = withDbName(ADMIN_URL, name);
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query<{ first: number | null; count: number }>(
      `select min(id)::int as first, count(*)::int as count from products where article_number like 'BA-%'`,
    );
    if (!rows[0]?.first) return null;
    // The bench signs in as a new user would, setting up two-step verification: undo the last run's.
    await client.query(`update users set otp_secret = null, otp_enabled = false, otp_last_step = null`);
    return { databaseUrl, firstProductId: rows[0].first, productCount: rows[0].count };
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

export interface BenchServer {
  url: string;
  /** The server's own process (node), e.g. to read its memory in /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the compiled server that `npm start` runs on a loopback port against the database (no seeding: the bench did
 * that).
 */
export async function startServer(databaseUrl: string, port = 38411): Promise<BenchServer> {
  return startBundle(await ensureServerBuilt(), databaseUrl, port);
}

/**
 * Starts a compiled server bundle (dist-server/main.js of this tree or of another commit's build) with the
 * server's node options, BENCH_NODE_ARGS (the profilers') and `nodeArgs` of this start.
 */
export function startBundle(
  bundle: string,
  databaseUrl: string,
  port: number,
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const benchArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startChild(
    [...SERVER_NODE_OPTIONS, ...benchArgs, ...nodeArgs, bundle],
    'Het portaal draait op',
    databaseUrl,
    port,
  );
}

/**
 * Starts the bare Fastify + pg baseline (bench/bare.ts) on a loopback port against the same database, with the portal's
 * node options.
 */
export function startBareServer(databaseUrl: string, port = 38412): Promise<BenchServer> {
  return startChild(
    [...SERVER_NODE_OPTIONS, '--import', 'tsx', 'bench/bare.ts'],
    'bare server listening',
    databaseUrl,
    port,
  );
}

function startChild(args: string[], readyText: string, databaseUrl: string, port: number): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) {
        resolve({
          url: `http://127.0.0.1:${port}`,
          pid: child.pid!,
          stop: () =>
            new Promise((done) => {
              child.on('exit', () => {
                fs.rmSync(dataDir, { recursive: true, force: true });
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** A cookie-keeping client that signs in like the browser: token, password, 2FA set-up with a current code. */
export class BenchClient {
  private cookies = new Map<string, string>();
  private xsrf = '';
  constructor(readonly base: string) {}

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        // What a browser asks for; BENCH_ENCODING=identity measures the routes without compression.
        'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br',
        ...(this.xsrf ? { 'x-xsrf-token': this.xsrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    // Two-step verification rotates the anti-forgery token; the new one comes in this header.
    const rotated = res.headers.get('x-xsrf-token');
    if (rotated) this.xsrf = rotated;
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  }

  /** The headers a browser of this user sends with a GET: its cookies and what it accepts as encoding. */
  loadHeaders(): Record<string, string> {
    return {
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      // BENCH_ENCODING=identity measures the routes without compression.
      'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br',
    };
  }

  async signIn(email: string): Promise<this> {
    this.xsrf = ((await (await this.request('GET', '/api/auth/token')).json()) as { token: string }).token;
    const login = await this.request('POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { secret } = (await (await this.request('GET', '/api/auth/google2fa/qrcode')).json()) as { secret: string };
    const enabled = await this.request('POST', '/api/auth/google2fa/enable', { otp_secret: currentOtp(secret) });
    if (enabled.status !== 200) throw new Error(`2FA failed: ${enabled.status} ${await enabled.text()}`);
    return this;
  }
}
