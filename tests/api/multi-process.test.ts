/**
 * Issue 25 point 2: two API processes, each with a data folder of its own, on one PostgreSQL database
 * and one bucket, behave as one portal. Each process is the compiled server `npm start` runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/postgres';
import { withDbName } from '../support/global-setup';
import { multipartBody } from '../support/multipart';
import { startLocalBucket, type LocalBucket } from './support-scale/bucket';
import { startPortalProcess, type PortalProcess } from '../support/portal-process';
import { HttpBrowser } from './support-scale/http-client';
import { within } from '../support/within';
import { freePort } from '../support/free-port';
import { startSmtpCapture } from '../support/smtp';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);
const TOO_MANY = 'Te veel pogingen. Probeer het over een paar minuten opnieuw.';

// PostgreSQL only (PGlite is one process's database): vitest.config.ts runs this file in the api-postgres project,
// which CI always has.
describe('two API processes on one PostgreSQL database and one bucket', () => {
  const dbName = `portal_scale_${crypto.randomBytes(6).toString('hex')}`;
  const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-')));
  let bucket: LocalBucket;
  let a: PortalProcess;
  let b: PortalProcess;
  // The mail server both processes send to: down until the mail test starts it.
  let smtpPort: number;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | null = null;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    await withDatabase(url, (admin) => admin.query(`create database ${dbName} template ${inject('templateDatabase')}`));
    bucket = await startLocalBucket();
    smtpPort = await freePort();
    const env = (folder: string) => ({
      ...bucket.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_URL: withDbName(url, dbName),
      DATA_DIR: folder,
      WEB_DIST_DIR: path.join(folder, 'no-web'),
      LOG_LEVEL: 'warn',
    });
    [a, b] = await Promise.all([
      startPortalProcess(env(folders[0] ?? '')),
      startPortalProcess({ ...env(folders[1] ?? ''), HOST: '0.0.0.0', METRICS_PORT: '0' }),
    ]);
    await b.waitFor(/Metrics \(Prometheus\): http:\/\/\S+\n/);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await bucket?.close();
    await smtp?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    await withDatabase(process.env.TEST_DATABASE_URL ?? '', (admin) =>
      admin.query(`drop database if exists ${dbName}`),
    );
  }, 60_000);

  /** Rows of the shared database, as any process sees them. */
  const query = <T>(text: string, values: unknown[] = []) =>
    withDatabase(
      withDbName(process.env.TEST_DATABASE_URL ?? '', dbName),
      async (client) => (await client.query(text, values)).rows as T[],
    );

  /** A browser signed in through both: the password on A, the second step on B. */
  async function signedIn(email: string): Promise<HttpBrowser> {
    const browser = new HttpBrowser();
    expect((await browser.login(a.url(), email)).status).toBe(200);
    const enabled = await browser.enableOtp(b.url());
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    return browser;
  }

  it('a session made on A works on B, and ended on B it is over on A', async () => {
    const browser = await signedIn('beheerder@demo.local');
    for (const process of [a, b]) {
      const me = await browser.get(process.url(), '/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: 'beheerder@demo.local', otp_authorized: true });
    }
    expect((await browser.post(b.url(), '/api/auth/logout')).status).toBe(200);
    expect((await browser.get(b.url(), '/api/auth/me')).status).toBe(401);
    // A keeps sessions in memory until PostgreSQL tells it of a change (server/http/session-cache.ts).
    const ms = await within(1_000, async () => (await browser.get(a.url(), '/api/auth/me')).status === 401);
    console.log(`sign-out on B counted on A after ${ms} ms`);
  });

  it('an Idempotency-Key used on A is honoured on B: the outbox replays to either, and the command is applied once', async () => {
    const browser = await signedIn('magazijn@demo.local');
    const [row] = await query<{ client_id: number; product_id: number }>(`
      select c.id as client_id, p.id as product_id from clients c join products p on p.client_id = c.id and p.deleted_at is null and p.product_group_id <> 3
      where c.client_type_id = 3 and c.deleted_at is null order by c.id, p.id limit 1`);
    const customer = row?.client_id;
    const product = row?.product_id;
    const asn = (reference: string) => ({
      client_id: customer,
      reference,
      stock_owner: 'Eindklant',
      expected: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      products: [{ product_id: product, quantity: 2 }],
    });

    // Sent to A, its answer lost; the outbox sends it again and the balancer picks B.
    const key = crypto.randomUUID();
    const first = await browser.post(a.url(), '/api/asns', asn('SCALE-1'), { 'Idempotency-Key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const replay = await browser.post(b.url(), '/api/asns', asn('SCALE-1'), { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    // The same command reaching both at once: one applies it, the other answers with its answer.
    const both = crypto.randomUUID();
    const [onA, onB] = await Promise.all(
      [a, b].map((p) => browser.post(p.url(), '/api/asns', asn('SCALE-2'), { 'Idempotency-Key': both })),
    );
    expect([onA?.status, onB?.status]).toEqual([201, 201]);
    expect(onA?.body).toEqual(onB?.body);
    expect([onA, onB].filter((r) => r?.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);

    const stored = await query<{ reference: string }>(
      `select reference from asns where reference like 'SCALE-%' order by reference`,
    );
    expect(stored.map((r) => r.reference)).toEqual(['SCALE-1', 'SCALE-2']);

    // B counts the replays it answered.
    const metrics = await fetch(b.metricsUrl()).then((r) => r.text());
    const replays = metrics.split('\n').find((l) => l.startsWith('outbox_replays_total{route="/api/asns"}'));
    expect(Number(replays?.split(' ').at(-1))).toBeGreaterThanOrEqual(1);
    expect(metrics).toContain('http_request_duration_seconds_count{method="POST",route="/api/asns",status="201"}');
    // The pool of the process's PostgreSQL connections (10), read at the scrape.
    expect(metrics).toMatch(/^db_pool_connections\{state="max"\} 10$/m);
    expect(metrics).toMatch(/^db_pool_connections\{state="total"\} [1-9]\d*$/m);
    // Only where METRICS_PORT is set, and never on the API's port.
    expect(b.metricsUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(b.metricsUrl()).port).not.toBe(new URL(b.url()).port);
    expect(a.output()).not.toContain('Metrics (Prometheus)');
    expect((await fetch(`${b.url()}/metrics`)).status).toBe(404);
    // B's API listens on every interface (HOST=0.0.0.0), its metrics on loopback only (METRICS_HOST's default).
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
    expect(outside, 'a network address other than loopback').toBeDefined();
    const apiPort = new URL(b.url()).port;
    expect((await fetch(`http://${outside}:${apiPort}/healthz`)).status).toBe(200);
    const metricsOutside = await fetch(`http://${outside}:${new URL(b.metricsUrl()).port}/metrics`).catch(
      (err: Error) => err,
    );
    expect(metricsOutside).toBeInstanceOf(Error);
  });

  it('sign-in limits count across both: five failures on A and five on B lock the account on either', async () => {
    const attacker = new HttpBrowser();
    for (let i = 0; i < 10; i++) {
      const failed = await attacker.login(i % 2 ? b.url() : a.url(), 'reseller@demo.local', `verkeerd-${i}`);
      expect(failed.status, `attempt ${i + 1}`).toBe(422);
    }
    for (const process of [a, b]) {
      const locked = await attacker.login(process.url(), 'reseller@demo.local', `verkeerd-again`);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: TOO_MANY });
    }
  });

  it('a file stored through A is read through B, from the bucket, with the same headers; neither data folder holds it', async () => {
    const browser = await signedIn('klant@demo.local');
    const me = await browser.get<{ contact: { client_id: number } }>(a.url(), '/api/auth/me');
    const clientId = me.body.contact.client_id;
    const form = multipartBody({}, { image: { name: 'logo.png', data: PNG, type: 'image/png' } });
    const key = crypto.randomUUID();
    const stored = await browser.post(a.url(), `/api/clients/${clientId}/image`, form.payload, {
      ...form.headers,
      'Idempotency-Key': key,
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    // The outbox's replay of the upload reaches B: it gets the first answer.
    const replay = await browser.post(b.url(), `/api/clients/${clientId}/image`, form.payload, {
      ...form.headers,
      'Idempotency-Key': key,
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const image = await browser.get(b.url(), `/api/clients/${clientId}/image`);
    expect(image.status).toBe(200);
    expect(image.bytes.equals(PNG)).toBe(true);
    expect(
      Object.fromEntries(
        ['content-type', 'x-content-type-options', 'content-security-policy', 'content-disposition'].map((h) => [
          h,
          image.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': `inline; filename="klant-${clientId}.png"`,
    });
    for (const folder of folders) expect(fs.existsSync(path.join(folder, 'files'))).toBe(false);
  });

  it('a right taken from a role on A counts on A from the next request on, and on B once B hears of it', async () => {
    // Both set up two-step verification in the tests above: they set it up again, as on a new phone.
    await query(
      "update users set otp_enabled = false, otp_secret = null, otp_last_step = null where email in ('beheerder@demo.local', 'magazijn@demo.local')",
    );
    const admin = await signedIn('beheerder@demo.local');
    const magazijn = await signedIn('magazijn@demo.local');
    for (const process of [a, b]) expect((await magazijn.get(process.url(), '/api/products')).status).toBe(200);
    const [role] = await query<{ id: number }>("select id from roles where name = 'Magazijn'");
    const rights = (
      await query<{ name: string }>(
        'select p.name from permission_role pr join permissions p on p.id = pr.permission_id where pr.role_id = $1',
        [role?.id],
      )
    ).map((r) => r.name);
    const setRights = async (names: string[]) => {
      const saved = await admin.post(a.url(), `/api/roles/${role?.id}/permissions`, { permissions: names });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };

    await setRights(rights.filter((name) => name !== 'Voorraad bekijken'));
    expect((await magazijn.get(a.url(), '/api/products')).status).toBe(403);
    const taken = await within(1_000, async () => (await magazijn.get(b.url(), '/api/products')).status === 403);
    await setRights(rights);
    expect((await magazijn.get(a.url(), '/api/products')).status).toBe(200);
    const given = await within(1_000, async () => (await magazijn.get(b.url(), '/api/products')).status === 200);
    console.log(`a changed role counted on B after ${taken} ms (taken) and ${given} ms (given back)`);
  });
  it('mails asked for on A and on B while the mail server is down arrive once each when it is back', async () => {
    const addresses = ['beheerder@demo.local', 'magazijn@demo.local', 'reseller@demo.local', 'klant@demo.local'];
    for (const [i, address] of addresses.entries()) {
      const base = (i % 2 === 0 ? a : b).url();
      const browser = new HttpBrowser();
      await browser.fetchToken(base);
      const asked = await browser.post(base, '/api/auth/password-recover', { email: address });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    }
    // Both workers have tried and failed while the server was down.
    await within(30_000, async () => {
      const rows = await query<{ n: string }>(
        `select count(*) as n from mail_outbox where status = 'queued' and attempts > 0 and recipient = any($1)`,
        [addresses],
      );
      return Number(rows[0]?.n) === addresses.length;
    });

    smtp = await startSmtpCapture({ port: smtpPort });
    const capture = smtp;
    await within(60_000, () => addresses.every((address) => capture.to(address).length > 0));
    // Several more rounds of both workers: nothing goes out twice.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const address of addresses) expect(capture.to(address), address).toHaveLength(1);
    const sent = await query<{ n: string }>(
      `select count(*) as n from mail_outbox where status = 'sent' and recipient = any($1)`,
      [addresses],
    );
    expect(Number(sent[0]?.n)).toBe(addresses.length);
  }, 120_000);
});
