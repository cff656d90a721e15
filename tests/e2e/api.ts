import { request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { otpCode, type Portal } from './fixtures';

export interface PortalApi {
  get<T = any>(path: string): Promise<T>;
  post<T = any>(path: string, data?: unknown): Promise<T>;
  dispose(): Promise<void>;
}

/**
 * The portal's API over HTTP, signed in as `email` (two-step verification set up on the way), outside
 * the browser: it keeps working while a test takes the browser offline. Throws on anything but a 2xx.
 */
export async function apiAs(portal: Portal, email: string, password = DEMO_PASSWORD): Promise<PortalApi> {
  const http = await playwrightRequest.newContext({ baseURL: portal.url });
  let token = ((await (await http.get('/api/auth/token')).json()) as { token: string }).token;
  const call = async <T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> => {
    const res = await http.fetch(`/api/${path}`, { method, ...(data === undefined ? {} : { data }), headers: { 'X-XSRF-TOKEN': token } });
    const rotated = res.headers()['x-xsrf-token'];
    if (rotated) token = rotated;
    const body = await res.json().catch(() => null) as T;
    if (!res.ok()) throw new Error(`${method} /api/${path}: ${res.status()} ${JSON.stringify(body)}`);
    return body;
  };
  await call('POST', 'auth/login', { email, password });
  const { secret } = await call<{ secret: string }>('GET', 'auth/google2fa/qrcode');
  await call('POST', 'auth/google2fa/enable', { otp_secret: otpCode(secret) });
  return {
    get: (path) => call('GET', path),
    post: (path, data) => call('POST', path, data ?? {}),
    dispose: () => http.dispose(),
  };
}
