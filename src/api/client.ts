import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { ApiError, NetworkError } from './errors';
import { sendForm, type UploadOptions } from './xhr';

export type { UploadOptions } from './xhr';

let xsrfToken: string | null = null;
let tokenRequest: Promise<string> | null = null;
let onUnauthorized: (() => void) | null = null;

/** The app registers what a 401 does (go to /inloggen); the client itself knows no routes. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

async function fetchXsrfToken(): Promise<string> {
  tokenRequest ??= ky
    // No retries with back-off: offline, every outbox attempt would wait about a second for them.
    .get('/api/auth/token', { credentials: 'same-origin', retry: 0 })
    .json<{ token: string }>()
    .then((r) => (xsrfToken = r.token))
    .finally(() => (tokenRequest = null));
  return tokenRequest;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one HTTP client of the app. It sends the anti-forgery header, and on 419 fetches a fresh token
 * and retries the request once. Every failure becomes an ApiError (or NetworkError).
 */
export const api: KyInstance = ky.create({
  prefixUrl: '/api',
  credentials: 'same-origin',
  timeout: 30_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      async (request) => {
        if (!MUTATING.has(request.method)) return;
        request.headers.set('X-XSRF-TOKEN', xsrfToken ?? (await fetchXsrfToken()));
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        // The server rotates the token at two-step verification and sends the new one along.
        const rotated = response.headers.get('X-XSRF-TOKEN');
        if (rotated) xsrfToken = rotated;
        if (response.status === 419 && !request.headers.has('X-Retried')) {
          xsrfToken = null;
          const retry = new Request(request, { headers: new Headers(request.headers) });
          retry.headers.set('X-XSRF-TOKEN', await fetchXsrfToken());
          retry.headers.set('X-Retried', '1');
          return ky(retry, { retry: 0, throwHttpErrors: false });
        }
        return response;
      },
    ],
    beforeError: [
      async (error) => {
        const body = (await error.response
          .clone()
          .json()
          .catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
        if (error.response.status === 401 && !error.request.url.includes('/api/auth/')) onUnauthorized?.();
        return Object.assign(error, {
          apiError: new ApiError(error.response.status, body.message ?? error.message, body.errors ?? {}),
        });
      },
    ],
  },
});

/** Turns ky's errors into ApiError / NetworkError; every feature's fetcher goes through this. */
export async function call<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof HTTPError) throw (err as HTTPError & { apiError: ApiError }).apiError;
    if (err instanceof TypeError || (err as Error)?.name === 'TimeoutError') throw new NetworkError();
    throw err;
  }
}

export const getJson = <T>(path: string, options?: Options) => call(api.get(path, options).json<T>());
export const postJson = <T>(path: string, json?: unknown, options?: Options) =>
  call(api.post(path, { json: json ?? {}, ...options }).json<T>());
export const putJson = <T>(path: string, json?: unknown, options?: Options) =>
  call(api.put(path, { json: json ?? {}, ...options }).json<T>());
export const deleteJson = <T>(path: string, options?: Options) => call(api.delete(path, options).json<T>());

/**
 * A multipart upload (files) through XMLHttpRequest, with upload progress (0–1) for the bar the
 * user sees. Not through ky: its upload progress streams the request body, which Chrome sends only
 * over HTTP/2 (over HTTP/1.1 it fails with ERR_ALPN_NEGOTIATION_FAILED). The same rules as `api`:
 * the anti-forgery header with one retry on 419, the rotated token kept, ApiError / NetworkError,
 * a 401 reported; `headers` carries an Idempotency-Key where a caller has one.
 */
export async function postForm<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const attempt = async (token: string) => {
    const answer = await sendForm(`/api/${path}`, body, { ...options.headers, 'X-XSRF-TOKEN': token }, options);
    const rotated = answer.header('X-XSRF-TOKEN');
    if (rotated) xsrfToken = rotated;
    return answer;
  };
  let answer = await attempt(xsrfToken ?? (await call(fetchXsrfToken())));
  if (answer.status === 419) {
    xsrfToken = null;
    options.onProgress?.(0);
    answer = await attempt(await call(fetchXsrfToken()));
  }
  const json = answer.json() as { message?: string; errors?: Record<string, string[]> } | undefined;
  if (answer.status >= 200 && answer.status < 300) return json as T;
  if (answer.status === 401 && !path.startsWith('auth/')) onUnauthorized?.();
  throw new ApiError(
    answer.status,
    json?.message ?? `Request failed with status code ${answer.status}`,
    json?.errors ?? {},
  );
}

export type { Paged } from '@domain/paged';

/** Starts a browser download of an API file (exports, PDFs) with the session cookie. */
/** `prefixUrl: '/'` for the few files the spec serves outside /api (the shipping label). */
export async function download(
  path: string,
  params?: Record<string, string | number | undefined | null>,
  options: { prefixUrl?: string } = {},
): Promise<void> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {}))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const response = await call(api.get(path, { searchParams: search, timeout: 120_000, ...options }));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
