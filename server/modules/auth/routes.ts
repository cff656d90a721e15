import type { FastifyPluginAsync } from 'fastify';
import { activateSchema, loginSchema, otpSchema, passwordRecoverSchema, passwordResetSchema, resendActivationSchema } from '../../../src/domain/schemas/auth';
import { HttpError, ValidationError, parse } from '../../http/errors';
import { startSession, endSession } from '../../http/session';
import { hitRateLimit, resetRateLimit } from '../../http/rate-limit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { matchOtp, newOtpSecret, otpQrSvg } from '../../lib/totp';
import { currentUser } from '../../http/access';
import {
  consumeAuthToken, findUserByEmail, sendActivationMail, sendPasswordResetMail, sessionUser,
} from './service';

export const LOGIN_FAILED = 'Deze combinatie van e-mailadres en wachtwoord is niet geldig.';
export const OTP_FAILED = 'Verificatiecode is niet correct of is verlopen.';
export const EMAIL_NOT_FOUND = 'E-mailadres niet gevonden';
export const TOKEN_INVALID = 'Deze link is ongeldig of verlopen. Vraag een nieuwe aan.';

const LOGIN_LIMIT = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };
const OTP_LIMIT = { perAccount: 5, perAddress: 30, windowSeconds: 5 * 60 };

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, mailer } = app;

  app.get('/auth/token', { config: { access: 'public' } }, async (request, reply) => {
    const session = request.session ?? (await startSession(db, config, reply, { userId: null }));
    return { token: session.xsrfToken };
  });

  app.post('/auth/login', { config: { access: 'public' } }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const email = input.email.toLowerCase();
    await hitRateLimit(db, `login:account:${email}`, LOGIN_LIMIT.perAccount, LOGIN_LIMIT.windowSeconds);
    await hitRateLimit(db, `login:ip:${request.ip}`, LOGIN_LIMIT.perAddress, LOGIN_LIMIT.windowSeconds);
    const user = await findUserByEmail(db, email);
    const valid = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user || !valid || !user.activated_at) throw new HttpError(422, LOGIN_FAILED, { email: [LOGIN_FAILED] });
    await resetRateLimit(db, `login:account:${email}`);
    const session = await startSession(db, config, reply, { userId: user.id, previous: request.session });
    return sessionUser(db, session);
  });

  app.post('/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    await endSession(db, reply, request.session);
    return { message: 'Je bent uitgelogd.' };
  });

  app.get('/auth/me', { config: { access: 'signed-in' } }, async (request) => sessionUser(db, request.session!));

  /** Whether this session is signed in and through two-step verification. */
  app.post('/auth/authorized', { config: { access: 'public' } }, async (request) => {
    const user = request.session ? await sessionUser(db, request.session) : null;
    return { authorized: !!user && user.otp_authorized, otp_enabled: user?.otp_enabled ?? false, otp_authorized: user?.otp_authorized ?? false };
  });

  /** Restores the app's view of the session after a reload: the same answer as /auth/me. */
  app.post('/auth/restore', { config: { access: 'signed-in' } }, async (request) => sessionUser(db, request.session!));

  app.post('/auth/activate', { config: { access: 'public' } }, async (request, reply) => {
    const input = parse(activateSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    const userId = await db.transaction().execute(async (trx) => {
      const id = await consumeAuthToken(trx, input.token, 'activation');
      if (!id) throw new ValidationError({ token: [TOKEN_INVALID] });
      await trx.updateTable('users').set({ password_hash: passwordHash, activated_at: new Date() }).where('id', '=', id).execute();
      return id;
    });
    const session = await startSession(db, config, reply, { userId, previous: request.session });
    return sessionUser(db, session);
  });

  app.post('/auth/resend', { config: { access: 'public' } }, async (request) => {
    const { email } = parse(resendActivationSchema, request.body);
    await hitRateLimit(db, `resend:${email.toLowerCase()}`, 3, 3600);
    const user = await findUserByEmail(db, email);
    if (user && !user.activated_at) await sendActivationMail(db, config, mailer, user);
    return { message: 'Als dit account nog niet is geactiveerd, is er een nieuwe activatiemail verstuurd.' };
  });

  app.post('/auth/password-recover', { config: { access: 'public' } }, async (request) => {
    const { email } = parse(passwordRecoverSchema, request.body);
    await hitRateLimit(db, `recover:ip:${request.ip}`, 20, 3600);
    const user = await findUserByEmail(db, email);
    if (!user) throw new ValidationError({ email: [EMAIL_NOT_FOUND] });
    await hitRateLimit(db, `recover:account:${user.id}`, 5, 3600);
    await sendPasswordResetMail(db, config, mailer, user);
    return { message: 'Er is een e-mail verstuurd met een link om je wachtwoord te herstellen.' };
  });

  app.post('/auth/password-reset', { config: { access: 'public' } }, async (request) => {
    const input = parse(passwordResetSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      const user = await findUserByEmail(trx, input.email);
      const id = await consumeAuthToken(trx, input.token, 'password_reset');
      if (!id || !user || user.id !== id) throw new ValidationError({ token: [TOKEN_INVALID] });
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    });
    return { message: 'Je wachtwoord is gewijzigd.' };
  });

  app.get('/auth/google2fa/qrcode', { config: { access: 'signed-in' } }, async (request) => {
    const user = currentUser(request);
    if (user.otpEnabled) throw new HttpError(403, 'Tweestapsverificatie is al ingesteld.');
    const secret = newOtpSecret();
    await db.updateTable('sessions').set({ pending_otp_secret: secret }).where('id', '=', request.session!.id).execute();
    return { qr_code: await otpQrSvg(secret, user.email), secret };
  });

  async function limitOtp(userId: number, ip: string) {
    await hitRateLimit(db, `otp:account:${userId}`, OTP_LIMIT.perAccount, OTP_LIMIT.windowSeconds);
    await hitRateLimit(db, `otp:ip:${ip}`, OTP_LIMIT.perAddress, OTP_LIMIT.windowSeconds);
  }

  /** The code step at sign-in for a user who has two-step verification. */
  app.post('/auth/google2fa/verify', { config: { access: 'signed-in' } }, async (request) => {
    const user = currentUser(request);
    const { otp_secret: code } = parse(otpSchema, request.body);
    await limitOtp(user.id, request.ip);
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select(['otp_secret', 'otp_enabled', 'otp_last_step']).where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
      if (!row.otp_enabled || !row.otp_secret) throw new HttpError(403, 'Tweestapsverificatie is nog niet ingesteld.');
      const step = matchOtp(row.otp_secret, code);
      if (step === null || (row.otp_last_step !== null && step <= row.otp_last_step)) throw new ValidationError({ otp_secret: [OTP_FAILED] });
      await trx.updateTable('users').set({ otp_last_step: step }).where('id', '=', user.id).execute();
      await trx.updateTable('sessions').set({ otp_authorized: true }).where('id', '=', request.session!.id).execute();
    });
    await resetRateLimit(db, `otp:account:${user.id}`);
    return sessionUser(db, { ...request.session!, otpAuthorized: true });
  });

  /** Finishes the set-up: the first code proves the authenticator app holds the secret of the QR code. */
  app.post('/auth/google2fa/enable', { config: { access: 'signed-in' } }, async (request) => {
    const user = currentUser(request);
    const { otp_secret: code } = parse(otpSchema, request.body);
    await limitOtp(user.id, request.ip);
    const secret = request.session!.pendingOtpSecret;
    if (user.otpEnabled) throw new HttpError(403, 'Tweestapsverificatie is al ingesteld.');
    if (!secret) throw new ValidationError({ otp_secret: ['Laad eerst de QR-code.'] });
    const step = matchOtp(secret, code);
    if (step === null) throw new ValidationError({ otp_secret: [OTP_FAILED] });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ otp_secret: secret, otp_enabled: true, otp_last_step: step }).where('id', '=', user.id).execute();
      await trx.updateTable('sessions').set({ otp_authorized: true, pending_otp_secret: null }).where('id', '=', request.session!.id).execute();
    });
    await resetRateLimit(db, `otp:account:${user.id}`);
    return sessionUser(db, { ...request.session!, otpAuthorized: true, pendingOtpSecret: null });
  });

  app.get('/permissions', { config: { access: 'verified' } }, async () =>
    db.selectFrom('permissions').select(['id', 'name']).orderBy('id').execute(),
  );
};
