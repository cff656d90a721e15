import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, expect } from './fixtures';

/** One GET with the given Accept-Encoding, answering status, headers and the body as sent (still encoded). */
function get(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('serves the built scripts precompressed: brotli when allowed, else gzip, else as they are', async ({ portal }) => {
  const shell = await get(`${portal.url}/inloggen`);
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(shell.body.toString())?.[1];
  if (!script) throw new Error('the shell names no module script');
  const original = fs.readFileSync(path.join(process.env.WEB_DIST_DIR ?? 'dist', script));

  const br = await get(portal.url + script, 'gzip, deflate, br');
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toContain('javascript');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.body.length).toBeLessThan(original.length / 2);
  expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);

  const gzip = await get(portal.url + script, 'gzip, deflate');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).equals(original)).toBe(true);

  const identity = await get(portal.url + script);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.body.equals(original)).toBe(true);
});

test('the browser gets the app compressed and runs it', async ({ page }) => {
  const encodings: string[] = [];
  page.on('response', (res) => {
    if (/\/assets\/index-[^/]+\.js$/.test(res.url())) encodings.push(res.headers()['content-encoding'] ?? 'none');
  });
  await page.goto('/inloggen');
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  // The entry script and the other index chunks (each above the 1 KB precompression floor).
  expect(encodings.length).toBeGreaterThan(0);
  for (const encoding of encodings) expect(encoding).toMatch(/^(br|gzip)$/);
});
