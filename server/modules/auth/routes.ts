import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  activateSchema,
  loginSchema,
  otpSchema,
  passwordRecoverSchema,
  passwordResetSchema,
  resendActivationSchema,
} from '@domain/schemas/auth';
import { HttpError, ValidationError, parse } from '../../http/errors';
import { anonymousXsrfToken, endSession, rotateSession, startSession, type SessionState } from '../../http/session';
import { hitRateLimit, refuseWhenLimited } from '../../http/rate-limit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { matchOtp, newOtpSecret, otpQrSvg } from '../../lib/totp';
import { currentUser } from '../../http/access';
import { inTransaction } from '../../http/command';
import {
  activateAccount,
  enableOtp,
  resetPassword,
  queueActivationMail,
  queuePasswordResetMail,
  storePendingOtpSecret,
  withOtpCode,
} from './commands';
import { findUserByEmail, sessionUser } from './detail';
import { permissionList } from './lists';
import { accountLockout } from './lockout';
import { messageResponse, routeSchema } from '../../http/route-schema';
import {
  authorizedAnswerSchema,
  otpQrCodeAnswerSchema,
  permissionListSchema,
  sessionAnswerSchema,
  sessionStepSchema,
  tokenAnswerSchema,
} from '@domain/contracts/auth';

/** A call that answers with the session's user: before the code step (login, activation) only what that step needs. */
const signsIn = (body: Parameters<typeof routeSchema>[0]['body']) =>
  routeSchema({ body, response: { 200: sessionStepSchema } });
const session = routeSchema({ response: { 200: sessionAnswerSchema } });

/** The session of a route whose access asks for one (the access check already refused a request without). */
function currentSession(request: FastifyRequest): SessionState {
  if (!request.session) throw new HttpError(401, 'Je bent niet ingelogd.');
  return request.session;
}

const LOGIN_FAILED = 'Deze combinatie van e-mailadres en wachtwoord is niet geldig.';
const OTP_FAILED = 'Verificatiecode is niet correct of is verlopen.';
const EMAIL_NOT_FOUND = 'E-mailadres niet gevonden';
export { TOKEN_INVALID } from './commands';

const LOGIN_LIMIT = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };
const OTP_LIMIT = { perAccount: 5, perAddress: 30, windowSeconds: 5 * 60 };

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const loginLockout = (email: string, address: string) =>
    accountLockout(db, 'login', email, address, {
      failures: LOGIN_LIMIT.perAccount,
      windowSeconds: LOGIN_LIMIT.windowSeconds,
    });

  /** The anti-forgery token; a visitor without a session gets one in a cookie, not a session row. */
  app.get(
    '/auth/token',
    { config: { access: 'public' }, schema: routeSchema({ response: { 200: tokenAnswerSchema } }) },
    async (request, reply) => ({
      token: request.session?.xsrfToken ?? anonymousXsrfToken(request, reply, config),
    }),
  );

  const loginAddressKey = (request: FastifyRequest) => `login:ip:${request.ip}`;
  const loginAddressLimited = refuseWhenLimited(db, loginAddressKey, LOGIN_LIMIT.perAddress, LOGIN_LIMIT.windowSeconds);
  app.post(
    '/auth/login',
    { config: { access: 'public' }, onRequest: loginAddressLimited, schema: signsIn(loginSchema) },
    async (request, reply) => {
      const input = parse(loginSchema, request.body);
      const email = input.email.trim().toLowerCase();
      await hitRateLimit(db, loginAddressKey(request), LOGIN_LIMIT.perAddress, LOGIN_LIMIT.windowSeconds);
      const lockout = loginLockout(email, request.ip);
      await lockout.attempt();
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !valid || !user.activated_at) throw new HttpError(422, LOGIN_FAILED, { email: [LOGIN_FAILED] });
      await lockout.succeeded();
      const session = await startSession(db, config, request, reply, user.id);
      return sessionUser(db, session);
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: routeSchema({ response: { 200: messageResponse } }) },
    async (request, reply) => {
      await endSession(db, config, reply, request.session);
      return { message: 'Je bent uitgelogd.' };
    },
  );

  app.get('/auth/me', { config: { access: 'signed-in' }, schema: session }, async (request) =>
    sessionUser(db, currentSession(request)),
  );

  /** Whether this session is signed in and through two-step verification. */
  app.post(
    '/auth/authorized',
    { config: { access: 'public' }, schema: routeSchema({ response: { 200: authorizedAnswerSchema } }) },
    async (request) => {
      const user = request.session ? await sessionUser(db, request.session) : null;
      return {
        authorized: !!user && user.otp_authorized,
        otp_enabled: user?.otp_enabled ?? false,
        otp_authorized: user?.otp_authorized ?? false,
      };
    },
  );

  /** Restores the app's view of the session after a reload: the same answer as /auth/me. */
  app.post('/auth/restore', { config: { access: 'signed-in' }, schema: session }, async (request) =>
    sessionUser(db, currentSession(request)),
  );

  app.post(
    '/auth/activate',
    { config: { access: 'public' }, schema: signsIn(activateSchema) },
    async (request, reply) => {
      const input = parse(activateSchema, request.body);
      const passwordHash = await hashPassword(input.password);
      const userId = await activateAccount(db, input.token, passwordHash);
      const session = await startSession(db, config, request, reply, userId);
      return sessionUser(db, session);
    },
  );

  app.post(
    '/auth/resend',
    {
      config: { access: 'public' },
      schema: routeSchema({ body: resendActivationSchema, response: { 200: messageResponse } }),
    },
    async (request) => {
      const { email } = parse(resendActivationSchema, request.body);
      await hitRateLimit(db, `resend:${email.toLowerCase()}`, 3, 3600);
      const user = await findUserByEmail(db, email);
      if (user && !user.activated_at) await inTransaction(db, (trx) => queueActivationMail(trx, config, user));
      return { message: 'Als dit account nog niet is geactiveerd, is er een nieuwe activatiemail verstuurd.' };
    },
  );

  app.post(
    '/auth/password-recover',
    {
      config: { access: 'public' },
      schema: routeSchema({ body: passwordRecoverSchema, response: { 200: messageResponse } }),
    },
    async (request) => {
      const { email } = parse(passwordRecoverSchema, request.body);
      await hitRateLimit(db, `recover:ip:${request.ip}`, 20, 3600);
      const user = await findUserByEmail(db, email);
      if (!user) throw new ValidationError({ email: [EMAIL_NOT_FOUND] });
      await hitRateLimit(db, `recover:account:${user.id}`, 5, 3600);
      await inTransaction(db, (trx) => queuePasswordResetMail(trx, config, user));
      return { message: 'Er is een e-mail verstuurd met een link om je wachtwoord te herstellen.' };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public' },
      schema: routeSchema({ body: passwordResetSchema, response: { 200: messageResponse } }),
    },
    async (request) => {
      const input = parse(passwordResetSchema, request.body);
      const passwordHash = await hashPassword(input.password);
      await resetPassword(db, input.email, input.token, passwordHash);
      return { message: 'Je wachtwoord is gewijzigd.' };
    },
  );

  app.get(
    '/auth/google2fa/qrcode',
    { config: { access: 'signed-in' }, schema: routeSchema({ response: { 200: otpQrCodeAnswerSchema } }) },
    async (request) => {
      const user = currentUser(request);
      if (user.otpEnabled) throw new HttpError(403, 'Tweestapsverificatie is al ingesteld.');
      const secret = newOtpSecret();
      await storePendingOtpSecret(db, currentSession(request).id, secret);
      return { qr_code: await otpQrSvg(secret, user.email), secret };
    },
  );

  /** Counts a code try per address and on the account before it is checked (429 when locked). */
  async function countOtpTry(userId: number, address: string) {
    await hitRateLimit(db, `otp:ip:${address}`, OTP_LIMIT.perAddress, OTP_LIMIT.windowSeconds);
    await accountLockout(db, 'otp', userId, address, {
      failures: OTP_LIMIT.perAccount,
      windowSeconds: OTP_LIMIT.windowSeconds,
    }).attempt();
  }

  /** Password and code are proven: the failure counts of this account start afresh. */
  async function signInCompleted(user: { id: number; email: string }, address: string) {
    await accountLockout(db, 'otp', user.id, address, {
      failures: OTP_LIMIT.perAccount,
      windowSeconds: OTP_LIMIT.windowSeconds,
    }).clear();
    await loginLockout(user.email.trim().toLowerCase(), address).clear();
  }

  /**
   * The code step at sign-in for a user who has two-step verification. Passing it rotates the session
   * id and the anti-forgery token, in the same transaction as the code is used up.
   */
  app.post(
    '/auth/google2fa/verify',
    { config: { access: 'signed-in' }, schema: signsIn(otpSchema) },
    async (request, reply) => {
      const user = currentUser(request);
      const { otp_secret: code } = parse(otpSchema, request.body);
      await countOtpTry(user.id, request.ip);
      const session = await withOtpCode(db, user.id, code, (trx) =>
        rotateSession(trx, config, reply, currentSession(request), { otpAuthorized: true }),
      );
      if (!session) throw new ValidationError({ otp_secret: [OTP_FAILED] });
      await signInCompleted(user, request.ip);
      return sessionUser(db, session);
    },
  );

  /** Finishes the set-up: the first code proves the authenticator app holds the secret of the QR code. */
  app.post(
    '/auth/google2fa/enable',
    { config: { access: 'signed-in' }, schema: signsIn(otpSchema) },
    async (request, reply) => {
      const user = currentUser(request);
      const { otp_secret: code } = parse(otpSchema, request.body);
      await countOtpTry(user.id, request.ip);
      const secret = currentSession(request).pendingOtpSecret;
      if (user.otpEnabled) throw new HttpError(403, 'Tweestapsverificatie is al ingesteld.');
      if (!secret) throw new ValidationError({ otp_secret: ['Laad eerst de QR-code.'] });
      const step = matchOtp(secret, code);
      if (step === null) throw new ValidationError({ otp_secret: [OTP_FAILED] });
      const session = await enableOtp(db, user.id, secret, step, (trx) =>
        rotateSession(trx, config, reply, currentSession(request), { otpAuthorized: true, pendingOtpSecret: null }),
      );
      await signInCompleted(user, request.ip);
      return sessionUser(db, session);
    },
  );

  app.get(
    '/permissions',
    { config: { access: 'verified' }, schema: routeSchema({ response: { 200: permissionListSchema } }) },
    async () => permissionList(db),
  );
};
