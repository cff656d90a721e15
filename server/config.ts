import path from 'node:path';

/** Every environment variable the server reads, with its default. The README lists the same. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Send statements as named prepared statements (off behind PgBouncer in transaction mode). */
  databaseNamedStatements: boolean;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Keep sessions with their rights in memory between requests (server/http/session-cache.ts). */
  sessionCache: boolean;
  secureCookies: boolean;
  /** The storage folder; files live here unless `bucket` is set. */
  storageDir: string;
  /** STORAGE_URL=s3://bucket[/prefix]: files live in this S3-compatible bucket instead. */
  bucket: BucketConfig | null;
  /**
   * PG_BIN_DIR: the folder of pg_dump, pg_restore and psql for a backup; null: PATH, then /usr/lib/postgresql/<n>/bin.
   */
  pgBinDir: string | null;
  /** Prometheus metrics on their own port (METRICS_HOST:METRICS_PORT/metrics); null: no metrics server. */
  metricsPort: number | null;
  /** The metrics listener's address: loopback unless a scraper elsewhere must reach it. */
  metricsHost: string;
  logLevel: string;
  seedDemo: boolean;
  /** The built web app (vite build output) served next to the API. */
  webDistDir: string;
  /** Which proxies may set X-Forwarded-For (Fastify's trustProxy); false: the socket address counts. */
  trustProxy: boolean | string[];
  /** The clock of business rules that count days (the quotation's 30 days); tests set their own. */
  now: () => Date;
}

/** Where the bucket is and how to reach it, as S3 tools read it from the environment. */
export interface BucketConfig {
  bucket: string;
  /** Prepended to every stored key ('' or ending in '/'). */
  prefix: string;
  region: string;
  /** AWS_ENDPOINT_URL_S3: an S3-compatible server (MinIO, …), addressed path-style; null: AWS itself. */
  endpoint: string | null;
  /** Both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; null: the SDK's own chain (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy; `true` trusts every hop (only behind a proxy that
 * overwrites X-Forwarded-For); otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
function trustProxy(value: string | undefined): boolean | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function bucketConfig(env: NodeJS.ProcessEnv): BucketConfig | null {
  const url = env.STORAGE_URL?.trim();
  if (!url) return null;
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match?.[1]) throw new Error(`STORAGE_URL must be s3://<bucket>[/prefix], got "${url}"`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  const {
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
  } = env;
  return {
    bucket: match[1],
    prefix: prefix ? `${prefix}/` : '',
    region: env.AWS_REGION || 'us-east-1',
    endpoint: env.AWS_ENDPOINT_URL_S3 || null,
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
        : null,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int('PORT', env.PORT, 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS !== 'false',
    publicUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Logistiek Portaal <noreply@portaal.local>',
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: int('SESSION_MAX_HOURS', env.SESSION_MAX_HOURS, 12),
    sessionCache: env.SESSION_CACHE !== 'false',
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : publicUrl.startsWith('https://'),
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    bucket: bucketConfig(env),
    pgBinDir: env.PG_BIN_DIR ? path.resolve(env.PG_BIN_DIR) : null,
    metricsPort: env.METRICS_PORT ? int('METRICS_PORT', env.METRICS_PORT, 0) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    logLevel: env.LOG_LEVEL ?? 'warn',
    seedDemo: env.SEED_DEMO !== 'false',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? 'dist'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    now: () => new Date(),
  };
}
