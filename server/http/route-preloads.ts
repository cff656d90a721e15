import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../build/route-preloads';

interface CompiledRoute {
  pattern: RegExp;
  literals: number;
  header: string;
}

/** A style sheet as Vite's loader asks for it (`crossorigin`), so the browser uses the preloaded answer. */
const linkOf = (file: string) =>
  file.endsWith('.css') ? `</${file}>; rel=preload; as=style; crossorigin` : `</${file}>; rel=modulepreload`;

/** `/leveringen/$id` → a pattern for one path segment per parameter; the more literal segments, the more specific. */
function compile(routePath: string, files: string[]): CompiledRoute {
  const segments = routePath.split('/').filter(Boolean);
  const pattern = segments
    .map((s) => (s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    pattern: new RegExp(`^/${pattern}/?$`),
    literals: segments.filter((s) => !s.startsWith('$')).length,
    header: files.map(linkOf).join(', '),
  };
}

/**
 * Who is signed in, asked while the app's code loads (the route guard's first question; the same request,
 * so the answer is reused). Only with a session cookie: without one it is a 401 the login page has no use for.
 */
const SESSION_PRELOAD = '</api/auth/me>; rel=preload; as=fetch; crossorigin';

/**
 * The `Link` header of a page load: the page's chunks and style sheets (build/route-preloads.ts), which
 * the browser then fetches beside index.js. A visitor without a session is sent to the login page by the app, so gets
 * that page's chunks; a visitor with one also gets GET /api/auth/me. Undefined for a path that is no page, or without a
 * web build that lists them.
 */
export function routePreloadHeaders(distDir: string): (pathname: string, hasSession: boolean) => string | undefined {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => undefined;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  const routes = Object.entries(preloads)
    .map(([routePath, files]) => compile(routePath, files))
    .sort((a, b) => b.literals - a.literals);
  const login = routes.find((r) => r.pattern.test('/inloggen'))?.header;
  return (pathname, hasSession) => {
    if (!hasSession) return login;
    const page = routes.find((r) => r.pattern.test(pathname))?.header;
    return page && `${SESSION_PRELOAD}, ${page}`;
  };
}
