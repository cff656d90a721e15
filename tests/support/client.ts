import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../../server/db/seed/core';
import { currentOtp } from '../../server/lib/totp';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** Talks to the app like a browser does: keeps its cookies and sends the anti-forgery header. */
export class ApiClient {
  private cookies = new Map<string, string>();
  xsrfToken: string | null = null;
  otpSecret: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async request<T = any>(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { ...(cookie ? { cookie } : {}), ...(this.xsrfToken ? { 'x-xsrf-token': this.xsrfToken } : {}), ...headers },
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (isJson ? res.json() : res.rawPayload) as T, headers: res.headers as ApiResponse['headers'] };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, payload ?? {}, headers);
  }
  put<T = any>(url: string, payload?: unknown) {
    return this.request<T>('PUT', url, payload ?? {});
  }
  delete<T = any>(url: string) {
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
    const login = await this.login(email, password);
    if (login.status !== 200) throw new Error(`login ${email} failed: ${login.status} ${JSON.stringify(login.body)}`);
    if (!login.body.otp_enabled) {
      const qr = await this.get('/api/auth/google2fa/qrcode');
      this.otpSecret = qr.body.secret;
      const enabled = await this.post('/api/auth/google2fa/enable', { otp_secret: currentOtp(this.otpSecret!) });
      if (enabled.status !== 200) throw new Error(`2FA enable failed: ${JSON.stringify(enabled.body)}`);
    } else {
      if (!this.otpSecret) throw new Error('signIn: this client does not know the 2FA secret of the user');
      // A code can be used once; the next time step's code is valid within the allowed drift.
      const verified = await this.post('/api/auth/google2fa/verify', { otp_secret: currentOtp(this.otpSecret, Date.now() + 30_000) });
      if (verified.status !== 200) throw new Error(`2FA verify failed: ${JSON.stringify(verified.body)}`);
    }
    return this;
  }
}
