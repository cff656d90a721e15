import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { currentOtp } from '../../server/lib/totp';

/**
 * A JSON answer as a test reads it: whatever the route sent, taken apart and asserted with expect.
 * The only `any` of the test code, named so that nothing else needs one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any;

export interface ApiResponse<T = JsonBody> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** Talks to the app like a browser does: keeps its cookies and sends the anti-forgery header. */
/** What clients of one test context share: the 2FA secrets users set up, and a way to sign in again. */
export interface SharedAuth {
  otpSecrets: Map<string, string>;
  /** Tests sign the same user in many times within 30 s; a code may be used once, so the used step is forgotten. */
  forgetUsedOtpStep(email: string): Promise<void>;
  /** All test requests come from one address; its sign-in limit is not what a test is about. */
  clearAddressRateLimits(): Promise<void>;
}

export class ApiClient {
  private cookies = new Map<string, string>();
  xsrfToken: string | null = null;
  otpSecret: string | null = null;
  /** The client's network address as the server sees it (default: inject's 127.0.0.1). */
  remoteAddress: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly shared?: SharedAuth,
  ) {}

  async request<T = JsonBody>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(this.xsrfToken ? { 'x-xsrf-token': this.xsrfToken } : {}),
        ...headers,
      },
    });
    const rotated = res.headers['x-xsrf-token'];
    if (typeof rotated === 'string') this.xsrfToken = rotated;
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    const raw = decoded(res.rawPayload, res.headers['content-encoding']);
    return {
      status: res.statusCode,
      body: (isJson ? JSON.parse(raw.toString('utf8')) : raw) as T,
      headers: res.headers as ApiResponse['headers'],
    };
  }

  /** The cookie and anti-forgery headers this client sends, for a request over a real socket. */
  sessionHeaders(): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { ...(cookie ? { cookie } : {}), ...(this.xsrfToken ? { 'x-xsrf-token': this.xsrfToken } : {}) };
  }

  get<T = JsonBody>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = JsonBody>(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, payload ?? {}, headers);
  }
  put<T = JsonBody>(url: string, payload?: unknown) {
    return this.request<T>('PUT', url, payload ?? {});
  }
  delete<T = JsonBody>(url: string) {
    return this.request<T>('DELETE', url);
  }

  async fetchToken(): Promise<void> {
    const res = await this.get<{ token: string }>('/api/auth/token');
    this.xsrfToken = res.body.token;
  }

  async login(email: string, password = DEMO_PASSWORD): Promise<ApiResponse> {
    if (!this.xsrfToken) await this.fetchToken();
    return this.post('/api/auth/login', { email, password });
  }

  /** Password step and two-step verification: sets 2FA up on first use, else enters a code. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<this> {
    await this.shared?.clearAddressRateLimits();
    const login = await this.login(email, password);
    if (login.status !== 200) throw new Error(`login ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
    const key = email.toLowerCase();
    if (!login.body.otp_enabled) {
      const qr = await this.get('/api/auth/google2fa/qrcode');
      this.otpSecret = qr.body.secret;
      this.shared?.otpSecrets.set(key, qr.body.secret);
      const enabled = await this.post('/api/auth/google2fa/enable', { otp_secret: currentOtp(this.otpSecret!) });
      if (enabled.status !== 200) throw new Error(`2FA enable failed: ${JSON.stringify(enabled.body)}`);
    } else {
      this.otpSecret ??= this.shared?.otpSecrets.get(key) ?? null;
      if (!this.otpSecret) throw new Error('signIn: the 2FA secret of this user is unknown to the test context');
      await this.shared?.forgetUsedOtpStep(key);
      const verified = await this.post('/api/auth/google2fa/verify', { otp_secret: currentOtp(this.otpSecret) });
      if (verified.status !== 200) throw new Error(`2FA verify failed: ${JSON.stringify(verified.body)}`);
    }
    return this;
  }
}

/** The body as a browser reads it: a compressed answer (when the request asked for one) is decoded. */
function decoded(payload: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(payload);
  if (encoding === 'gzip') return zlib.gunzipSync(payload);
  return payload;
}
