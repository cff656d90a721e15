import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../../build/route-preloads';
import { routePreloadHeaders } from './route-preloads';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
fs.writeFileSync(
  path.join(dist, ROUTE_PRELOADS_FILE),
  JSON.stringify({
    '/': ['assets/Shell.js', 'assets/Dashboard.js'],
    '/leveringen/$id': ['assets/Shell.js', 'assets/Delivery.js', 'assets/Delivery.css'],
    '/leveringen/vandaag': ['assets/Shell.js', 'assets/Today.js'],
    '/inloggen': ['assets/Login.js'],
  }),
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('routePreloadHeaders', () => {
  const preloads = routePreloadHeaders(dist);

  it("names a page's chunks as module preloads, a literal segment before a parameter", () => {
    expect(preloads('/', true)).toBe(
      '</api/auth/me>; rel=preload; as=fetch; crossorigin, ' +
        '</assets/Shell.js>; rel=modulepreload, </assets/Dashboard.js>; rel=modulepreload',
    );
    expect(preloads('/leveringen/vandaag', true)).toContain('</assets/Today.js>');
    expect(preloads('/leveringen/12', true)).toContain(
      '</assets/Delivery.js>; rel=modulepreload, </assets/Delivery.css>; rel=preload; as=style; crossorigin',
    );
    expect(preloads('/leveringen/12/', true)).toContain('</assets/Delivery.js>');
  });

  it('names nothing for a path that is no page', () => {
    expect(preloads('/leveringen/12/extra', true)).toBeUndefined();
    expect(preloads('/bestaat-niet', true)).toBeUndefined();
  });

  it('gives a visitor without a session the login page, where the app sends them, and does not ask who is signed in', () => {
    expect(preloads('/leveringen/12', false)).toBe('</assets/Login.js>; rel=modulepreload');
    expect(preloads('/inloggen', false)).toBe('</assets/Login.js>; rel=modulepreload');
  });

  it('names nothing without a web build that lists the pages', () => {
    expect(routePreloadHeaders(path.join(dist, 'elders'))('/', true)).toBeUndefined();
  });
});
