import { DEMO_PASSWORD } from '../../../server/db/seed/core';
import { currentOtp } from '../../../server/lib/totp';

export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  bytes: Buffer;
}

/**
 * A browser over real sockets: one cookie jar and anti-forgery token, and any base URL per request,
 * so one session can talk to several API processes.
 */
export class HttpBrowser {
  private cookies = new Map<string, string>();
  private xsrfToken: string | null = null;
  otpSecret: string | null = null;

  async request<T = unknown>(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const isRaw = Buffer.isBuffer(body);
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(this.xsrfToken ? { 'x-xsrf-token': this.xsrfToken } : {}),
        ...(body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()),
      );
      if (!value || expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const rotated = res.headers.get('x-xsrf-token');
    if (rotated) this.xsrfToken = rotated;
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.includes('json');
    return {
      status: res.status,
      headers: res.headers,
      body: (json ? JSON.parse(bytes.toString('utf8')) : bytes) as T,
      bytes,
    };
  }

  get<T = unknown>(base: string, path: string) {
    return this.request<T>(base, 'GET', path);
  }

  post<T = unknown>(base: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.request<T>(base, 'POST', path, body, headers);
  }

  /** The anti-forgery token a signed-out page gets before its first POST. */
  async fetchToken(base: string): Promise<void> {
    if (!this.xsrfToken) this.xsrfToken = (await this.get<{ token: string }>(base, '/api/auth/token')).body.token;
  }

  /** The password step on one process; the anti-forgery token first, from the same one. */
  async login(base: string, email: string, password = DEMO_PASSWORD): Promise<HttpAnswer> {
    await this.fetchToken(base);
    return this.post(base, '/api/auth/login', { email, password });
  }

  /** Sets up two-step verification (a first sign-in) and enters its code, on the process given. */
  async enableOtp(base: string): Promise<HttpAnswer> {
    this.otpSecret = (await this.get<{ secret: string }>(base, '/api/auth/google2fa/qrcode')).body.secret;
    return this.post(base, '/api/auth/google2fa/enable', { otp_secret: currentOtp(this.otpSecret) });
  }
}
