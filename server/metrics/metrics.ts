import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isReplayed } from '../http/command';
import type { PoolUse } from '../db/open';

/** How many database connections the process holds and wants (PostgreSQL's pool; PGlite has none). */
export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  outboxReplays: Counter<'route'>;
  /** Mails this process handed to the mail server. */
  mailSent: Counter;
  /** Tries that failed: `retry` waits for another, `given_up` is shown to the Superuser. */
  mailFailures: Counter<'outcome'>;
}

export interface MetricSources {
  poolUse?: () => PoolUse;
  /** The outbox's mails by status, counted in the database at the scrape (all processes' mails). */
  mailCounts?: () => Promise<Record<'queued' | 'sent' | 'failed', number>>;
}

/** Requests that matched no route share one label, so a scan of made-up paths adds no series. */
const UNMATCHED = 'unmatched';

/**
 * The process's Prometheus metrics in a registry of its own: request durations by route and status,
 * outbox replays (requests whose Idempotency-Key had been used, answered with the stored answer),
 * the database pool's use when there is a pool, and prom-client's default process metrics.
 */
export function createMetrics({ poolUse, mailCounts }: MetricSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const outboxReplays = new Counter({
    name: 'outbox_replays_total',
    help:
      'Requests with an Idempotency-Key that had been used before: answered with the stored answer, not applied ' +
      'again.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  if (poolUse) {
    new Gauge({
      name: 'db_pool_connections',
      help:
        'Database connections: max (the pool size), total (open), idle, in_use (open and not idle), waiting ' +
        '(requests queued for one).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'max' }, use.max);
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }
  const mailSent = new Counter({
    name: 'mail_sent_total',
    help: 'Mails this process handed to the mail server.',
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'mail_send_failures_total',
    help: 'Failed tries to hand a mail over: retry (tried again later) or given_up (shown to the Superuser).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  if (mailCounts) {
    new Gauge({
      name: 'mail_outbox_messages',
      help: 'Mails in the outbox by status: queued (waiting to be sent), sent (kept 30 days), failed (given up).',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        for (const [status, count] of Object.entries(await mailCounts())) this.set({ status }, count);
      },
    });
  }
  return { registry, requestDuration, outboxReplays, mailSent, mailFailures };
}

/** Measures every answer of the app; the metrics are served elsewhere (`serveMetrics`), not by the app. */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (request.headers['idempotency-key'] && isReplayed(reply)) metrics.outboxReplays.inc({ route });
  });
}

/** GET /metrics on a port of its own (METRICS_PORT), apart from the API that a proxy exposes. */
export async function serveMetrics(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      (err: Error) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(err.message),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
