import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/context';
import { currentOtp } from '../../server/lib/totp';
import type { ApiClient } from '../support/client';

/** The session cookie the client holds, as it sends it. */
const sessionCookie = (c: ApiClient) => /(?:^|; )portal_session=([^;]*)/.exec(c.sessionHeaders().cookie ?? '')?.[1];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('anti-forgery and session answers', () => {
  it('refuses a mutating request without the anti-forgery header with 419', async () => {
    const c = ctx.client();
    const res = await c.post('/api/auth/login', { email: 'beheerder@demo.local', password: 'Demo1234!' });
    expect(res.status).toBe(419);
  });

  it('answers 401 without a session and 404 JSON for unknown API paths', async () => {
    const c = ctx.client();
    expect((await c.get('/api/auth/me')).status).toBe(401);
    const missing = await c.get('/api/bestaat-niet');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Niet gevonden' });
  });

  it('answers 422 with per-field Dutch messages', async () => {
    const c = ctx.client();
    await c.fetchToken();
    const res = await c.post('/api/auth/login', { email: 'geen-mail', password: '' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Validatie mislukt!');
    expect(res.body.errors.email).toEqual(['Vul een geldig e-mailadres in.']);
    expect(res.body.errors.password).toEqual(['Dit veld is verplicht.']);
  });

  it('never answers 500 on malformed input', async () => {
    const c = ctx.client();
    await c.fetchToken();
    const res = await c.request('POST', '/api/auth/login', '{"email":', { 'content-type': 'application/json' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('sign-in', () => {
  it('refuses a wrong password with the spec message', async () => {
    const c = ctx.client();
    const res = await c.login('reseller@demo.local', 'Verkeerd123!');
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Deze combinatie van e-mailadres en wachtwoord is niet geldig.']);
  });

  it('changes the session id at login', async () => {
    const c = ctx.client();
    await c.fetchToken();
    const before = sessionCookie(c);
    await c.login('klant@demo.local');
    expect(sessionCookie(c)).not.toBe(before);
  });

  it('sets up two-step verification, then asks for a code at the next sign-in, and refuses a reused code', async () => {
    const c = ctx.client();
    const login = await c.login('beheerder@demo.local');
    expect(login.status).toBe(200);
    // Before the code only what the code page needs: no profile, roles or rights.
    expect(login.body).toEqual({ name: 'Bea Beheerder', otp_enabled: false, otp_authorized: false });
    expect((await c.get('/api/permissions')).status).toBe(401);

    const qr = await c.get('/api/auth/google2fa/qrcode');
    expect(qr.body.qr_code).toMatch(/^<svg/);
    expect(qr.body.secret).toMatch(/^[A-Z2-7]+$/);
    const wrong = await c.post('/api/auth/google2fa/enable', { otp_secret: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.otp_secret).toEqual(['Verificatiecode is niet correct of is verlopen.']);
    const enabled = await c.post('/api/auth/google2fa/enable', { otp_secret: currentOtp(qr.body.secret) });
    expect(enabled.body).toMatchObject({ otp_enabled: true, otp_authorized: true });
    expect((await c.get('/api/permissions')).status).toBe(200);

    const later = ctx.client();
    const again = await later.login('beheerder@demo.local');
    expect(again.body).toEqual({ name: 'Bea Beheerder', otp_enabled: true, otp_authorized: false });
    const pending = { name: 'Bea Beheerder', otp_enabled: true, otp_authorized: false };
    expect((await later.get('/api/auth/me')).body).toEqual(pending);
    expect((await later.post('/api/auth/restore', {})).body).toEqual(pending);
    expect((await later.get('/api/auth/google2fa/qrcode')).status).toBe(403);
    const code = currentOtp(qr.body.secret, Date.now() + 30_000);
    const verified = await later.post('/api/auth/google2fa/verify', { otp_secret: code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ otp_authorized: true, initials: 'BB', roles: ['Superuser'] });
    expect(verified.body.permissions).toContain('Gebruiker bekijken');
    expect((await later.get('/api/auth/me')).body).toEqual(verified.body);
    expect((await later.get('/api/permissions')).status).toBe(200);

    const third = ctx.client();
    await third.login('beheerder@demo.local');
    const reused = await third.post('/api/auth/google2fa/verify', { otp_secret: code });
    expect(reused.status).toBe(422);
    expect((await third.get('/api/permissions')).status).toBe(401);
  });

  it('limits login attempts per account', async () => {
    const c = ctx.client();
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await c.login('magazijn@demo.local', 'Fout1234!x')).status;
    expect(last).toBe(429);
  });
});

describe('password reset by e-mail', () => {
  it('says when the address is unknown', async () => {
    const c = ctx.client();
    await c.fetchToken();
    const res = await c.post('/api/auth/password-recover', { email: 'onbekend@demo.local' });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['E-mailadres niet gevonden']);
  });

  it('mails a link whose token works once', async () => {
    const c = ctx.client();
    await c.fetchToken();
    expect((await c.post('/api/auth/password-recover', { email: 'klant@demo.local' })).status).toBe(200);
    const mail = (await ctx.mail.to('klant@demo.local')).at(-1)!;
    const token = mail.text.match(/wachtwoord-vernieuwen\/([A-Za-z0-9_-]+)/)![1]!;

    const weak = await c.post('/api/auth/password-reset', {
      email: 'klant@demo.local',
      password: 'zwak',
      password_confirmation: 'zwak',
      token,
    });
    expect(weak.body.errors.password).toEqual([
      'Je wachtwoord moet minimaal uit 1 hoofdletter, 1 kleine letter, 1 cijfer en 1 speciale karakter bestaan ' +
        'en minimaal 8 karakters lang zijn',
    ]);
    const mismatch = await c.post('/api/auth/password-reset', {
      email: 'klant@demo.local',
      password: 'Nieuw1234!',
      password_confirmation: 'Anders1234!',
      token,
    });
    expect(mismatch.body.errors.password_confirmation).toBeDefined();

    const ok = await c.post('/api/auth/password-reset', {
      email: 'klant@demo.local',
      password: 'Nieuw1234!',
      password_confirmation: 'Nieuw1234!',
      token,
    });
    expect(ok.status).toBe(200);
    const twice = await c.post('/api/auth/password-reset', {
      email: 'klant@demo.local',
      password: 'Anders1234!',
      password_confirmation: 'Anders1234!',
      token,
    });
    expect(twice.status).toBe(422);
    expect((await ctx.client().login('klant@demo.local', 'Nieuw1234!')).status).toBe(200);
  });
});
