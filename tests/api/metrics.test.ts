/**
 * Issue 25 point 3: Prometheus metrics on a port of their own and JSON logs in which every request's
 * lines carry its id and no credential shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestContext, type TestContext } from '../support/context';
import { ApiClient } from '../support/client';
import { buildApp, logOptions } from '../../server/app';
import { loadConfig } from '../../server/config';
import { folderStorage } from '../../server/lib/storage';
import { createMetrics, serveMetrics, type Metrics } from '../../server/metrics/metrics';
import { DEMO_PASSWORD } from '../../server/db/seed/core';

let ctx: TestContext;
let app: FastifyInstance;
let metrics: Metrics;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  // The measured app on the test's database, as server/main.ts builds it when METRICS_PORT is set.
  const config = {
    ...loadConfig({ DATA_DIR: ctx.dataDir, WEB_DIST_DIR: `${ctx.dataDir}/no-web-build`, METRICS_PORT: '0' }),
    smtpUrl: ctx.mail.url,
  };
  metrics = createMetrics({ poolUse: () => ({ max: 10, total: 3, idle: 2, waiting: 0 }) });
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  app = await buildApp({
    db: ctx.db,
    config,
    storage: folderStorage(config.storageDir),
    logger: logOptions('info', stream),
    metrics,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

/** Lines of the text exposition format for one metric name, e.g. `outbox_replays_total{route="/api/asns"} 1`. */
const seriesOf = (text: string, name: string) =>
  text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

describe('metrics', () => {
  let admin: ApiClient;
  let asnId = 0;

  beforeAll(async () => {
    admin = await new ApiClient(app).signIn('beheerder@demo.local');
    const reseller = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/api/getendclientsbyparentid/${reseller.id}`)).status).toBe(200);
    expect((await new ApiClient(app).get(`/api/getendclientsbyparentid/${reseller.id}`)).status).toBe(401);
    expect((await admin.get('/api/geen-route/123')).status).toBe(404);
    const customer = await ctx.db
      .selectFrom('clients')
      .select('id')
      .where('client_type_id', '=', 3)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const product = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('client_id', '=', customer.id)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const body = {
      client_id: customer.id,
      reference: 'METRICS-1',
      stock_owner: 'Eindklant',
      expected: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      products: [{ product_id: product.id, quantity: 1 }],
    };
    const first = await admin.post('/api/asns', body, { 'Idempotency-Key': 'metrics-outbox-1' });
    expect(first.status).toBe(201);
    asnId = first.body.data.id;
    for (let i = 0; i < 2; i++) {
      const replay = await admin.post('/api/asns', body, { 'Idempotency-Key': 'metrics-outbox-1' });
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
  });

  it('times every request by route pattern and status; paths that match no route share one label', async () => {
    const text = await metrics.registry.metrics();
    const counts = seriesOf(text, 'http_request_duration_seconds_count');
    const count = (method: string, route: string, status: number) =>
      Number(
        counts
          .find(
            (l) =>
              l.includes(`method="${method}"`) && l.includes(`route="${route}"`) && l.includes(`status="${status}"`),
          )
          ?.split(' ')
          .at(-1),
      );
    expect(count('GET', '/api/getendclientsbyparentid/:id', 200)).toBe(1);
    expect(count('GET', '/api/getendclientsbyparentid/:id', 401)).toBe(1);
    expect(count('GET', 'unmatched', 404)).toBe(1);
    expect(count('POST', '/api/asns', 201)).toBe(3);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toContain('geen-route');
    expect(asnId).toBeGreaterThan(0);
  });

  it('counts outbox replays: requests whose Idempotency-Key was used before', async () => {
    expect(seriesOf(await metrics.registry.metrics(), 'outbox_replays_total')).toEqual([
      'outbox_replays_total{route="/api/asns"} 2',
    ]);
  });

  it("reports a pool source's use as db_pool_connections, and the default process metrics", async () => {
    const text = await metrics.registry.metrics();
    expect(seriesOf(text, 'db_pool_connections')).toEqual([
      'db_pool_connections{state="max"} 10',
      'db_pool_connections{state="total"} 3',
      'db_pool_connections{state="idle"} 2',
      'db_pool_connections{state="in_use"} 1',
      'db_pool_connections{state="waiting"} 0',
    ]);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(seriesOf(text, name).length, name).toBeGreaterThan(0);
    }
  });

  it('serves them over HTTP on a port of their own, not on the API port', async () => {
    const server = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await res.text()).toContain('http_request_duration_seconds_bucket{');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
    const onApi = await app.inject({ url: '/metrics' });
    expect(onApi.statusCode).toBe(404);
    expect(onApi.body).not.toContain('http_request_duration_seconds');
  });
});

describe('logs', () => {
  it('are JSON lines; each line about a request carries its request id; no cookie, token, password or code is written', async () => {
    const client = new ApiClient(app);
    await client.signIn('reseller@demo.local');
    await client.get('/api/auth/me');
    const sent = client.sessionHeaders();
    const withAuth = await app.inject({
      url: '/api/auth/me',
      headers: { ...sent, authorization: 'Bearer sekrit-bearer-token-123' },
    });
    expect(withAuth.statusCode).toBe(200);

    // What a route might log by mistake.
    app.log.warn(
      { body: { email: 'x@demo.local', password: 'Geheim-wachtwoord-1' }, otp_secret: 'GEHEIMOTPSECRET234' },
      'careless line',
    );
    const careless = lines.find((l) => l.msg === 'careless line');
    expect(careless).toMatchObject({
      body: { email: 'x@demo.local', password: '[redacted]' },
      otp_secret: '[redacted]',
    });

    const requestLines = lines.filter((l) => 'req' in l || 'res' in l || 'reqId' in l);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toMatch(/^req-/);
    // An incoming line and its completed line share the id.
    const incoming = requestLines.filter((l) => l.msg === 'incoming request').map((l) => l.reqId);
    const completed = requestLines.filter((l) => l.msg === 'request completed').map((l) => l.reqId);
    expect(new Set(completed)).toEqual(new Set(incoming));

    const secrets = [
      ...(sent.cookie ?? '')
        .split('; ')
        .map((c) => c.split('=')[1] ?? '')
        .filter(Boolean),
      sent['x-xsrf-token'] ?? '',
      'sekrit-bearer-token-123',
      DEMO_PASSWORD,
      client.otpSecret ?? '',
      'Geheim-wachtwoord-1',
      'GEHEIMOTPSECRET234',
    ].filter((s) => s.length >= 8);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const log = lines.map((l) => JSON.stringify(l)).join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
