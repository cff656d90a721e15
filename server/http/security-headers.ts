import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The page policy. Scripts, styles, workers and requests only from the portal itself (the build has
 * no inline script or <style>); images also as data: (the QR code of two-step set-up) and blob:
 * (previews of chosen files); the camera stream of the scanner plays as blob:/MediaStream.
 * `style-src-attr 'unsafe-inline'`: the chart library writes style attributes into its tooltip HTML;
 * style attributes cannot load anything (img-src and font-src still apply) nor run code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy of a JSON answer: it loads nothing and may not be framed. A JSON answer opened as a
 * document gets no script, style or image at all.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const isJson = (contentType: unknown) => String(contentType ?? '').startsWith('application/json');

/**
 * Security headers on every answer: API, web app, static files and errors. A route that sets its own
 * Content-Security-Policy (a stored file served sandboxed) or Cache-Control keeps it; every other /api
 * answer gets `Cache-Control: no-store` so no signed-in data stays in a browser or proxy cache.
 *
 * A JSON answer of the API is no document: it gets the short API policy and not the headers that only a
 * document reads (Referrer-Policy, Cross-Origin-Opener-Policy, Permissions-Policy): 361 header bytes
 * instead of 778 on the signed-in floor's answer, which HTTP/1.1 sends uncompressed every time. 2–8 %
 * more requests per second on most lists, 6 % on the signed-in floor (docs/PERFORMANCE.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const hsts = config.publicUrl.startsWith('https://');
  // A callback hook: nothing here waits, and an async hook costs every answer a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const api = request.url === '/api' || request.url.startsWith('/api/');
    const apiJson = api && isJson(reply.getHeader('content-type'));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (!apiJson) {
      reply.header('Referrer-Policy', 'same-origin');
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()');
    }
    if (!reply.hasHeader('Content-Security-Policy'))
      reply.header('Content-Security-Policy', apiJson ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    if (hsts) reply.header('Strict-Transport-Security', 'max-age=31536000');
    if (api && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
