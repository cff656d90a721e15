import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Db } from './db/database';
import type { AuthChanges } from './db/auth-changes';
import type { FileStorage } from './lib/storage';
import { registerAccessControl, type Access } from './http/access';
import { registerErrorHandler } from './http/error-handler';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/security-headers';
import { registerInputGuard } from './http/input-guard';
import { withoutSecrets } from './http/log-secrets';
import { registerBodyLimits } from './http/body-limits';
import { registerHealth } from './http/health';
import { apiDocs, registerOpenApi, withAreaTag } from './http/openapi';
import { apiModules, rootModules } from './modules';
import { lazySerializers } from './http/lazy-serializers';
import { routePreloadHeaders } from './http/route-preloads';
import { sessionCookie } from './http/session';
import { measureRequests, type Metrics } from './metrics/metrics';

interface AppDeps {
  db: Db;
  config: Config;
  storage: FileStorage;
  logger?: boolean | object;
  /** Measures every request into these metrics (served on METRICS_PORT by server/main.ts). */
  metrics?: Metrics;
  /** The database's changes to sessions and rights: with them, sessions are cached (server/http/session-cache.ts). */
  authChanges?: AuthChanges;
}

/** Where a credential could show in Fastify's own request lines. */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
];

/**
 * The server log: JSON lines (pino); every line about a request carries Fastify's request id (`reqId`),
 * and no cookie, authorization header, anti-forgery token, password or code is written. Passwords and
 * codes are censored at any depth by a formatter of the lines written: a wildcard redact path (`*.password`)
 * would be applied to every request's child logger too, parsing its paths again each time (about 4 % of the
 * signed-in floor's CPU, docs/PERFORMANCE.md).
 */
export function logOptions(level: string, stream?: { write(line: string): void }): object {
  return {
    level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    formatters: { log: withoutSecrets },
    ...(stream ? { stream } : {}),
  };
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    storage: FileStorage;
    /** Every /api route with its declared access; the enumeration test reads this. */
    apiRoutes: ApiRoute[];
  }
}

const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Client addresses (sign-in limits) come from X-Forwarded-For only through configured proxies.
    trustProxy: deps.config.trustProxy,
    // Plugins may be slow to start on a busy machine (tests run several apps at once).
    pluginTimeout: 60_000,
    // Per route in server/http/body-limits.ts; this is for anything that declares none.
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  });
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('storage', deps.storage);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  if (deps.metrics) measureRequests(app, deps.metrics);
  // Before the route list below: it gives the docs routes their (public) access.
  await registerOpenApi(app);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access: route.config?.access as Access });
    }
  });

  // Requests are checked by the shared valibot schemas in each route (Dutch 422 messages); route
  // schemas describe the API (OpenAPI) and shape responses, so Fastify's own validator accepts everything.
  app.setValidatorCompiler(() => () => true);

  await app.register(cookie);
  registerCompression(app);
  // Text fields of a form are few and short: a megabyte of text or thousands of fields are refused (413).
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 200, fieldSize: 1024 * 1024 },
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app, deps.config);
  registerAccessControl(app, deps.db, deps.authChanges);
  registerInputGuard(app);
  registerBodyLimits(app);

  for (const module of apiModules) await app.register(withAreaTag(module), { prefix: '/api' });
  for (const module of rootModules) await app.register(module);
  registerHealth(app, deps.db, deps.storage);
  await app.register(apiDocs);

  const distDir = deps.config.webDistDir;
  const hasWebBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // '/' is a page like the others: served below, with its preloads.
      index: false,
      // dist/ holds .br and .gz beside every text file (build/precompress.ts): sent as they are, per Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell, the manifest and the worker must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  const preloadsOf = routePreloadHeaders(distDir);
  app.setNotFoundHandler((request, reply) => {
    // A file of the build that is not there (a chunk of an older version, say) is a 404, not the app's page.
    if (
      request.url.startsWith('/api') ||
      request.url.startsWith('/assets/') ||
      !hasWebBuild ||
      request.method !== 'GET'
    ) {
      return reply.status(404).send({ message: 'Niet gevonden' });
    }
    // Client-side routes: the single-page app decides, including its own not-found page.
    const preloads = preloadsOf(request.url.split('?')[0] ?? '/', sessionCookie(request) !== undefined);
    if (preloads) reply.header('Link', preloads);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return app;
}
