import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { currentOtp } from '../../server/lib/totp';
import { withDatabase } from '../support/postgres';
import { startPortalProcess, type PortalProcess } from '../support/portal-process';
import { withDbName } from '../support/global-setup';
import { multipartBody } from '../support/multipart';
import type { JsonBody } from '../support/client';
import { xlsxBomb } from '../support/zip-bomb';
import { restoreEmbedded } from '../support/templates';

/**
 * The upload bomb test of issue 7: the API runs in a process of its own, so its memory can be
 * measured the way an operator sees it (RSS), while four bombs are imported at once and another
 * client keeps asking for a sign-in token.
 */
let base = '';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bomb-'));
const postgresDb =
  process.env.TEST_DB_KIND === 'postgres' ? `portal_test_${crypto.randomBytes(6).toString('hex')}` : null;
let server: PortalProcess;

async function startServer(): Promise<PortalProcess> {
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' };
  if (postgresDb) {
    await withDatabase(process.env.TEST_DATABASE_URL!, (admin) =>
      admin.query(`create database ${postgresDb} template ${inject('templateDatabase')}`),
    );
    env.DATABASE_URL = withDbName(process.env.TEST_DATABASE_URL!, postgresDb);
  }
  const portal = await startPortalProcess(env, 'source');
  base = portal.url();
  return portal;
}

/** A browser of its own against the child server: cookies and the anti-forgery header. */
class HttpClient {
  private cookies = new Map<string, string>();
  private xsrf = '';

  async request(
    method: string,
    url: string,
    body?: BodyInit | object,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: JsonBody }> {
    const json = body !== undefined && !(body instanceof Uint8Array) && typeof body === 'object';
    const res = await fetch(base + url, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': this.xsrf,
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    // The server rotates the anti-forgery token at the two-step step.
    const rotated = res.headers.get('x-xsrf-token');
    if (rotated) this.xsrf = rotated;
    const text = await res.text();
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  }

  async signIn(email: string): Promise<this> {
    this.xsrf = (await this.request('GET', '/api/auth/token')).body.token;
    const login = await this.request('POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    const secret = (await this.request('GET', '/api/auth/google2fa/qrcode')).body.secret;
    const enabled = await this.request('POST', '/api/auth/google2fa/enable', { otp_secret: currentOtp(secret) });
    if (enabled.status !== 200) throw new Error(`2FA: ${enabled.status} ${JSON.stringify(enabled.body)}`);
    return this;
  }
}

/** Resident set size of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

beforeAll(async () => {
  // The server runs as it does day to day: on a database that exists (a first start would seed one and
  // leave PGlite's memory grown, and take minutes on a busy machine).
  if (!postgresDb) await restoreEmbedded(dataDir, inject('templateDatabase'));
  server = await startServer();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (postgresDb)
    await withDatabase(process.env.TEST_DATABASE_URL!, (admin) => admin.query(`drop database if exists ${postgresDb}`));
});

describe('an upload bomb against a running server', () => {
  it('refuses four xlsx bombs at once with 422 while RSS stays under 500 MB and sign-in tokens come within 1 s', async () => {
    const klant = await new HttpClient().signIn('klant@demo.local');
    const magazijn = await new HttpClient().signIn('magazijn@demo.local');
    const klantClientId = (await klant.request('GET', '/api/auth/me')).body.contact.client_id;
    // 1.7 MB that unpacks to 480 MB: 5 million small rows, the size hidden in the zip directory.
    const rowBomb = await xlsxBomb({ megabytes: 480, shape: 'rows', lie: true });
    // 100 KB that unpacks to 100 MB of rows the import does not read: only the unpacked size stops it.
    const blankBomb = await xlsxBomb({ megabytes: 100, shape: 'blank', lie: true });
    // 100 KB that unpacks to 100 MB in one cell.
    const cellBomb = await xlsxBomb({ megabytes: 100, shape: 'cell', lie: true });
    expect(rowBomb.length).toBeLessThan(2 * 1024 * 1024);

    const rssBefore = rssOf(server.child.pid!);
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(server.child.pid!));
    }, 20);
    let importing = true;
    const latencies: number[] = [];
    const anonymous = new HttpClient();
    const probe = (async () => {
      while (importing) {
        const started = performance.now();
        const res = await anonymous.request('GET', '/api/auth/token');
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();

    const upload = (client: HttpClient, url: string, fields: Record<string, string>, name: string, data: Buffer) => {
      const form = multipartBody(fields, { file: { name, data } });
      return client.request('POST', url, form.payload, form.headers);
    };
    const rounds: { status: number; body: JsonBody }[][] = [];
    for (let round = 0; round < 3; round++) {
      rounds.push(
        await Promise.all([
          upload(klant, '/api/importcustomeraddresses', { id: String(klantClientId) }, 'adressen.xlsx', rowBomb),
          upload(magazijn, '/api/importstock', {}, 'voorraad.xlsx', rowBomb),
          upload(klant, '/api/importcustomeraddresses', { id: String(klantClientId) }, 'adressen.xlsx', blankBomb),
          upload(magazijn, '/api/importstock', {}, 'voorraad.xlsx', cellBomb),
        ]),
      );
    }
    importing = false;
    await probe;
    clearInterval(sampler);

    for (const answers of rounds) {
      expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422]);
      expect(answers.map((a) => a.body.errors.file[0])).toEqual([
        'Het bestand bevat te veel regels (maximaal 5000).',
        'Het bestand bevat te veel regels (maximaal 5000).',
        'Het bestand is uitgepakt te groot (maximaal 32 MB).',
        'Het bestand is uitgepakt te groot (maximaal 32 MB).',
      ]);
    }
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const slowest = Math.max(...latencies);
    console.log(
      `upload bomb: RSS ${mb(rssBefore)} MB before, peak ${mb(peakRss)} MB; /api/auth/token ${latencies.length} calls, slowest ${Math.round(slowest)} ms`,
    );
    // The imports themselves may add little; the whole server stays under 500 MB. With the embedded
    // database, PGlite's own heap (about 450 MB on this seed) lives in the same process and is not the import's.
    expect(peakRss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    if (postgresDb) expect(peakRss).toBeLessThan(500 * 1024 * 1024);
    expect(latencies.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
  }, 120_000);
});
