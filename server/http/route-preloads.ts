import fs from 'node:fs';
import path from 'node:path';
import { DATA_PRELOAD, ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../build/route-preloads';

interface CompiledRoute {
  pattern: RegExp;
  literals: number;
  /** The Link entries of the page's code. */
  code: string;
  /** The page's data with `$id` to fill in (`api/deliveries/$id`). */
  data: string[];
}

/** A record's id as the pages take it (src/router.tsx `idParams`): anything else names no data. */
const ID = /^[1-9]\d{0,14}$/;

/** A style sheet as Vite's loader asks for it (`crossorigin`), so the browser uses the preloaded answer. */
const linkOf = (file: string) => (file.endsWith('.css') ? `</${file}>; rel=preload; as=style; crossorigin` : `</${file}>; rel=modulepreload`);

/**
 * The page's data as its query asks for it: fetch's default mode (`cors`) and credentials (`same-origin`,
 * which `crossorigin` gives a preload), so the browser hands the preloaded answer to that request.
 */
const dataLinkOf = (apiPath: string) => `</${apiPath}>; rel=preload; as=fetch; crossorigin`;

/** `/leveringen/$id` → a pattern for one path segment per parameter; the more literal segments, the more specific. */
function compile(routePath: string, files: string[]): CompiledRoute {
  const segments = routePath.split('/').filter(Boolean);
  const pattern = segments.map((s) => (s === '$id' ? '(?<id>[^/]+)' : s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return {
    pattern: new RegExp(`^/${pattern}/?$`),
    literals: segments.filter((s) => !s.startsWith('$')).length,
    code: files.filter((f) => !f.startsWith(DATA_PRELOAD)).map(linkOf).join(', '),
    data: files.filter((f) => f.startsWith(DATA_PRELOAD)),
  };
}

function headerOf(route: CompiledRoute, match: RegExpExecArray): string {
  const id = match.groups?.id;
  if (!route.data.length || id === undefined || !ID.test(id)) return route.code;
  return [...route.data.map((apiPath) => dataLinkOf(apiPath.replace('$id', id))), route.code].join(', ');
}

/**
 * The `Link` header of a page load: the page's data, chunks and style sheets (build/route-preloads.ts),
 * which the browser then fetches beside index.js. A visitor without a session is sent to the login page
 * by the app, so gets that page's chunks and no data. Undefined for a path that is no page, or without a
 * web build that lists them.
 */
export function routePreloadHeaders(distDir: string): (pathname: string, hasSession: boolean) => string | undefined {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => undefined;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  const routes = Object.entries(preloads).map(([routePath, files]) => compile(routePath, files))
    .sort((a, b) => b.literals - a.literals);
  const login = routes.find((r) => r.pattern.test('/inloggen'))?.code;
  return (pathname, hasSession) => {
    if (!hasSession) return login;
    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      if (match) return headerOf(route, match);
    }
    return undefined;
  };
}
