import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context';
import { currentOtp } from '../../server/lib/totp';
import { loadConfig } from '../../server/config';
import { CONTENT_SECURITY_POLICY } from '../../server/http/security-headers';
import { startHousekeeping } from '../../server/http/housekeeping';
import type { ApiClient } from '../support/client';

/** The session cookie the client holds, as it sends it. */
const sessionCookie = (c: ApiClient) => /(?:^|; )portal_session=([^;]*)/.exec(c.sessionHeaders().cookie ?? '')?.[1];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sessionCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(ctx.db)).rows[0]!.n);

describe('security headers', () => {
  it("sends the page policy and a document's headers on pages, the short API policy on JSON answers, and no-store on /api", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/niet-de-api' });
    expect(page.statusCode).toBe(404);
    const pagePolicy = String(page.headers['content-security-policy']);
    expect(pagePolicy).toBe(CONTENT_SECURITY_POLICY);
    expect(pagePolicy).toContain("script-src 'self'");
    expect(pagePolicy).toContain("frame-ancestors 'none'");
    expect(pagePolicy).toContain("img-src 'self' data:");
    expect(pagePolicy).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['permissions-policy']).toContain('camera=(self)');

    for (const [url, status] of [
      ['/api/auth/token', 200],
      ['/api/auth/me', 401],
      ['/api/bestaat-niet', 404],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      // A JSON answer opened as a document loads nothing and cannot be framed.
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    for (const res of [
      page,
      ...(await Promise.all(
        ['/api/auth/token', '/api/bestaat-niet'].map((url) => ctx.app.inject({ method: 'GET', url })),
      )),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // The test portal's PUBLIC_URL is http: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const signedIn = await ctx.client().signIn('beheerder@demo.local');
    const list = await signedIn.get('/api/getallresellers');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sends HSTS when the public address is https', async () => {
    const { buildApp } = await import('../../server/app');
    const config = {
      ...loadConfig({ DATA_DIR: ctx.dataDir, PUBLIC_URL: 'https://portaal.example' }),
      webDistDir: ctx.dataDir,
    };
    const app = await buildApp({ db: ctx.db, config, storage: ctx.app.storage });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/auth/token' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await app.close();
    }
  });
});

describe('client addresses and sign-in limits', () => {
  it('trusts X-Forwarded-For only when TRUST_PROXY is configured', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('does not let a rotating X-Forwarded-For escape the per-address sign-in limit', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    const c = ctx.client();
    await c.fetchToken();
    let last = 0;
    for (let i = 0; i < 51; i++) {
      // A different unknown account each time, so only the per-address limit (50) can stop it.
      const res = await c.request(
        'POST',
        '/api/auth/login',
        { email: `niemand${i}@demo.local`, password: 'Fout1234!x' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      last = res.status;
    }
    expect(last).toBe(429);
    await ctx.db.deleteFrom('rate_limits').execute();
  });

  it('keeps the account limit for addresses that failed, but lets the owner in from an address that did not', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    const attacker = ctx.client();
    attacker.remoteAddress = '198.51.100.7';
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await attacker.login('reseller@demo.local', 'Fout1234!x')).status;
    expect(last).toBe(429);
    // Even the right password is refused from the address that failed.
    expect((await attacker.login('reseller@demo.local')).status).toBe(429);

    // Another address that guesses wrong gets one try, then it is locked too.
    const second = ctx.client();
    second.remoteAddress = '198.51.100.8';
    expect((await second.login('reseller@demo.local', 'Fout1234!x')).status).toBe(422);
    expect((await second.login('reseller@demo.local')).status).toBe(429);

    // The owner, from an address that has not failed: correct password and a valid code get in.
    const owner = ctx.client();
    owner.remoteAddress = '192.0.2.10';
    const login = await owner.login('reseller@demo.local');
    expect(login.status).toBe(200);
    const qr = await owner.get('/api/auth/google2fa/qrcode');
    expect((await owner.post('/api/auth/google2fa/enable', { otp_secret: currentOtp(qr.body.secret) })).status).toBe(
      200,
    );
    expect((await owner.get('/api/permissions')).status).toBe(200);
  });

  it('counts each try before checking it: parallel tries on a locked account from a new address check one', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    const attacker = ctx.client();
    attacker.remoteAddress = '198.51.100.30';
    for (let i = 0; i < 10; i++) expect((await attacker.login('magazijn@demo.local', 'Fout1234!x')).status).toBe(422);
    expect((await attacker.login('magazijn@demo.local', 'Fout1234!x')).status).toBe(429);

    const fresh = ctx.client();
    fresh.remoteAddress = '198.51.100.31';
    await fresh.fetchToken();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => fresh.login('magazijn@demo.local', 'Fout1234!x').then((r) => r.status)),
    );
    // 422: the password was checked; 429: refused before.
    expect(statuses.filter((s) => s === 422)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });

  it('counts each code before checking it: of 20 parallel wrong codes at most 5 are checked', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    await ctx.client().signIn('magazijn@demo.local');
    await ctx.db.deleteFrom('rate_limits').execute();
    const attacker = ctx.client();
    attacker.remoteAddress = '198.51.100.32';
    expect((await attacker.login('magazijn@demo.local')).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        attacker.post('/api/auth/google2fa/verify', { otp_secret: '000000' }).then((r) => r.status),
      ),
    );
    const checked = statuses.filter((s) => s === 422).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - checked);
  });

  it('applies the same rule to the code step', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    const first = await ctx.client().signIn('klant@demo.local');
    const secret = first.otpSecret!;
    await ctx.db.updateTable('users').set({ otp_last_step: null }).where('email', '=', 'klant@demo.local').execute();

    const attacker = ctx.client();
    attacker.remoteAddress = '198.51.100.20';
    expect((await attacker.login('klant@demo.local')).status).toBe(200);
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (await attacker.post('/api/auth/google2fa/verify', { otp_secret: '000000' })).status;
    expect(last).toBe(429);
    expect((await attacker.post('/api/auth/google2fa/verify', { otp_secret: currentOtp(secret) })).status).toBe(429);

    const owner = ctx.client();
    owner.remoteAddress = '192.0.2.20';
    expect((await owner.login('klant@demo.local')).status).toBe(200);
    expect((await owner.post('/api/auth/google2fa/verify', { otp_secret: currentOtp(secret) })).status).toBe(200);
    expect((await owner.get('/api/permissions')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('stores nothing for 1,000 token calls without a cookie, and still refuses a request without the token', async () => {
    const before = await sessionCount();
    const tokens = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/token' });
      expect(res.statusCode).toBe(200);
      tokens.add(res.json().token);
    }
    expect(tokens.size).toBe(1000);
    expect(await sessionCount()).toBe(before);

    // The anonymous token works for the password step only together with its cookie.
    const c = ctx.client();
    await c.fetchToken();
    expect(
      (
        await c.post(
          '/api/auth/login',
          { email: 'magazijn@demo.local', password: 'Demo1234!' },
          { 'x-xsrf-token': 'iets-anders' },
        )
      ).status,
    ).toBe(419);
    const stranger = ctx.client();
    stranger.xsrfToken = c.xsrfToken;
    expect(
      (await stranger.post('/api/auth/login', { email: 'magazijn@demo.local', password: 'Demo1234!' })).status,
    ).toBe(419);
    expect((await c.login('magazijn@demo.local')).status).toBe(200);
    expect(await sessionCount()).toBe(before + 1);
  });

  it('rotates the session id and the anti-forgery token at the two-step step; the old ones stop working', async () => {
    await ctx.db.deleteFrom('rate_limits').execute();
    const c = ctx.client();
    expect((await c.login('beheerder@demo.local')).status).toBe(200);
    const cookie = sessionCookie(c) ?? '';
    expect(cookie).not.toBe('');
    const xsrf = c.xsrfToken!;
    const qr = await c.get('/api/auth/google2fa/qrcode');
    const secret = qr.body.secret as string | undefined;
    let verified;
    if (secret) {
      verified = await c.post('/api/auth/google2fa/enable', { otp_secret: currentOtp(secret) });
    } else {
      // Set up earlier in this file: sign in with a code of the known secret.
      const known = await ctx.client().signIn('beheerder@demo.local');
      await ctx.db
        .updateTable('users')
        .set({ otp_last_step: null })
        .where('email', '=', 'beheerder@demo.local')
        .execute();
      verified = await c.post('/api/auth/google2fa/verify', { otp_secret: currentOtp(known.otpSecret!) });
    }
    expect(verified.status).toBe(200);
    expect(verified.headers['x-xsrf-token']).toBeTruthy();
    expect(verified.headers['x-xsrf-token']).not.toBe(xsrf);
    expect(sessionCookie(c)).not.toBe(cookie);
    expect(c.xsrfToken).toBe(verified.headers['x-xsrf-token']);
    expect((await c.get('/api/permissions')).status).toBe(200);

    // The pre-verification cookie is dead, and the old token no longer passes.
    const old = await ctx.app.inject({ method: 'GET', url: '/api/permissions', cookies: { portal_session: cookie } });
    expect(old.statusCode).toBe(401);
    expect((await c.post('/api/auth/authorized', {}, { 'x-xsrf-token': xsrf })).status).toBe(419);
    expect((await c.post('/api/auth/authorized')).body).toMatchObject({ authorized: true });
  });

  it('purges ended sessions periodically, not only at start', async () => {
    const c = await ctx.client().signIn('magazijn@demo.local');
    expect((await c.get('/api/auth/me')).status).toBe(200);
    await sql`update sessions set expires_at = now() - interval '1 minute' where user_id is not null`.execute(ctx.db);
    await sql`insert into sessions (id, user_id, xsrf_token, last_seen_at, expires_at)
      values ('stil', null, 'x', now() - interval '3 hours', now() + interval '1 hour')`.execute(ctx.db);
    const stop = startHousekeeping(ctx.db, { sessionIdleMinutes: 120 }, () => {}, 50);
    try {
      await expect.poll(sessionCount, { timeout: 5000 }).toBe(0);
      // A session made after the first round is purged by a later one.
      await sql`insert into sessions (id, user_id, xsrf_token, expires_at) values ('later', null, 'x', now() - interval '1 second')`.execute(
        ctx.db,
      );
      await expect.poll(sessionCount, { timeout: 5000 }).toBe(0);
    } finally {
      await stop();
    }
  });
});
