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
  secureCookies: boolean;
  storageDir: string;
  logLevel: string;
  seedDemo: boolean;
  /** The built web app (vite build output) served next to the API. */
  webDistDir: string;
  /** Which proxies may set X-Forwarded-For (Fastify's trustProxy); false: the socket address counts. */
  trustProxy: boolean | string[];
  /** The clock of business rules that count days (the quotation's 30 days); tests set their own. */
  now: () => Date;
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
  return v.split(',').map((s) => s.trim()).filter(Boolean);
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
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : publicUrl.startsWith('https://'),
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'files')),
    logLevel: env.LOG_LEVEL ?? 'warn',
    seedDemo: env.SEED_DEMO !== 'false',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? 'dist'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    now: () => new Date(),
  };
}
