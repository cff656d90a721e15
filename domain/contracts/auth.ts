/** Answers of the sign-in calls (spec 1 §3 "User session", §7 Auth), shared by server and web. */
import * as v from 'valibot';
import { idName } from './wire';
import { userContactSchema } from './users';

/** The signed-in user: GET /auth/me, POST /auth/restore, and the answer of login, activation and the code steps. */
export const sessionUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  initials: v.string(),
  /** Role names. */
  roles: v.array(v.string()),
  /** Right names, sorted. */
  permissions: v.array(v.string()),
  otp_enabled: v.boolean(),
  /** Through the code step in this session: only then is the whole profile told. */
  otp_authorized: v.literal(true),
  contact: userContactSchema,
});
export type SessionUserAnswer = v.InferOutput<typeof sessionUserSchema>;
/** After the password alone: what the code page needs, whose session it is and whether two-step is set up. */
export const pendingSessionUserSchema = v.object({
  name: v.string(),
  otp_enabled: v.boolean(),
  otp_authorized: v.literal(false),
});
export type PendingSessionUserAnswer = v.InferOutput<typeof pendingSessionUserSchema>;
/** A session's user before or after the code step (login, activation, GET /auth/me). */
export const sessionStepSchema = v.union([sessionUserSchema, pendingSessionUserSchema]);
/** GET /auth/me and POST /auth/restore: null when the session's user is gone. */
export const sessionAnswerSchema = v.nullable(sessionStepSchema);

/** GET /auth/token: the anti-forgery token. */
export const tokenAnswerSchema = v.object({ token: v.string() });
/** POST /auth/authorized. */
export const authorizedAnswerSchema = v.object({
  authorized: v.boolean(),
  otp_enabled: v.boolean(),
  otp_authorized: v.boolean(),
});
/** GET /auth/google2fa/qrcode: the QR code (SVG) and its secret for typing in. */
export const otpQrCodeAnswerSchema = v.object({ qr_code: v.string(), secret: v.string() });
export type OtpQrCodeAnswer = v.InferOutput<typeof otpQrCodeAnswerSchema>;
/** GET /permissions: every right. */
export const permissionListSchema = v.array(idName);
export type PermissionRow = v.InferOutput<typeof permissionListSchema>[number];
