import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import swagger from '@fastify/swagger';
import type { Access } from './access';
import { errorAnswers } from './openapi-errors';
import { MULTIPART_BODY } from './route-schema';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';

/**
 * The docs page runs Swagger UI: its bundle writes <style> elements and style attributes, so this
 * policy (on /api/docs only) allows inline styles; scripts still come only from the portal itself.
 */
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const accessText = (access: Access | undefined): string =>
  !access ? 'onbekend' : typeof access === 'string' ? access : `recht '${access.right}'`;

/** Path parameters of a route that declares none: each `:name` of its URL as text. */
function paramsFromUrl(url: string): Record<string, unknown> | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].flatMap(([, name]) => (name ? [name] : []));
  if (names.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names };
}

/** `/api/roles/:id` as OpenAPI writes it: `/api/roles/{id}` (a trailing wildcard as `{*}`). */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{*}');

/** Whether a body's JSON schema (or one of its alternatives) has the property `name`. */
function hasProperty(schema: unknown, name: string): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const { properties, anyOf, oneOf, allOf } = schema as Record<string, unknown>;
  if (properties && typeof properties === 'object' && name in properties) return true;
  return [anyOf, oneOf, allOf].some((list) => Array.isArray(list) && list.some((s) => hasProperty(s, name)));
}

/**
 * Collects every route for the OpenAPI 3.1 description. Register before the routes: it learns them
 * as they are added. Each operation is tagged with its area and states its access (server/http/access.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Docs routes come from a package and cannot declare access themselves; they are public like the description.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`))
      route.config = { ...route.config, access: 'public' };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portaal API',
        version: '1.0.0',
        description: 'De API van het portaal. Toegang per route: public, signed-in, verified of een recht.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    hideUntagged: false,
    transform: ({ schema, url, route }) => {
      const access = route.config?.access as Access | undefined;
      const given = (schema ?? {}) as Record<string, unknown>;
      const documented: Record<string, unknown> = {
        ...given,
        tags: (given.tags as string[] | undefined) ?? ['overig'],
        description: [given.description, `Toegang: ${accessText(access)}.`].filter(Boolean).join(' '),
      };
      if (given[MULTIPART_BODY]) {
        Object.assign(documented, { body: given[MULTIPART_BODY], consumes: ['multipart/form-data'] });
        delete documented[MULTIPART_BODY];
      }
      if (!given.params) {
        const params = paramsFromUrl(url);
        if (params) documented.params = params;
      }
      if (access && access !== 'public') documented.security = [{ session: [] }];
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const declared = (given.response as Record<string, unknown> | undefined) ?? {};
      // A route whose success answer has no schema (a download, a stream) still says that it answers.
      const success = Object.keys(declared).some((status) => status.startsWith('2'))
        ? {}
        : { '200': { description: 'Gelukt.' } };
      const methodOverride = hasProperty(given.body ?? given[MULTIPART_BODY], '_method');
      const refusals = errorAnswers({ method: methods[0] ?? 'GET', access, methodOverride });
      documented.response = { ...refusals, ...success, ...declared };
      return { schema: documented as never, url };
    },
  });
}

/** The description as JSON and the readable docs page; the viewer package is loaded only for that page. */
export const apiDocs: FastifyPluginAsync = async (app) => {
  app.get(
    OPENAPI_PATH,
    { config: { access: 'public' }, schema: { summary: 'Deze OpenAPI-beschrijving', tags: ['docs'] } },
    async () => app.swagger(),
  );
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });
};

/** Tags the routes of an area's plugin with the area (`stockRoutes` → 'stock') for the description. */
export function withAreaTag(module: FastifyPluginAsync): FastifyPluginAsync {
  const area = module.name.replace(/Routes$/, '') || 'overig';
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as { tags?: string[] };
      if (!schema.tags) route.schema = { ...schema, tags: [area] } as never;
    });
    await scope.register(module);
  };
}
