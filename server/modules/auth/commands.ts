import crypto from 'node:crypto';
import type { Db, Executor, Trx } from '../../db/database';
import { HttpError, ValidationError } from '../../http/errors';
import { matchOtp } from '../../lib/totp';
import type { Config } from '../../config';
import { queueMail } from '../mail';
import { hashToken } from '../../http/session';
import { PRODUCT_NAME } from '@domain/product';
import { findUserByEmail } from './detail';

const ACTIVATION_TTL_HOURS = 72;

const RESET_TTL_MINUTES = 60;

/**
 * A single-use token for activation or password reset; only its hash is stored. Run in a transaction:
 * the earlier tokens end as the new one starts, never two live links.
 */
export async function createAuthToken(
  db: Executor,
  userId: number,
  kind: 'activation' | 'password_reset',
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const ttlMs = kind === 'activation' ? ACTIVATION_TTL_HOURS * 3_600_000 : RESET_TTL_MINUTES * 60_000;
  await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('auth_tokens')
    .values({ user_id: userId, kind, token_hash: hashToken(token), expires_at: new Date(Date.now() + ttlMs) })
    .execute();
  return token;
}

/** Marks a valid token used and returns its user id; null when unknown, used or expired. */
async function consumeAuthToken(
  trx: Trx,
  token: string,
  kind: 'activation' | 'password_reset',
): Promise<number | null> {
  const row = await trx
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

type MailedUser = { id: number; name: string; email: string };

/** A new activation link, mailed once the caller's transaction commits; returns the link. */
export async function queueActivationMail(
  trx: Trx,
  config: Pick<Config, 'publicUrl'>,
  user: MailedUser,
): Promise<string> {
  const token = await createAuthToken(trx, user.id, 'activation');
  const link = `${config.publicUrl}/activeren/${token}`;
  await queueMail(trx, {
    to: user.email,
    subject: `Activeer je account voor het ${PRODUCT_NAME}`,
    text:
      `Beste ${user.name},\n\nEr is een account voor je aangemaakt. Activeer je account via deze link ` +
      `(${ACTIVATION_TTL_HOURS} uur geldig):\n${link}\n\nMet vriendelijke groet,\n${PRODUCT_NAME}`,
  });
  return link;
}

/** A password-reset link, mailed once the caller's transaction commits. */
export async function queuePasswordResetMail(
  trx: Trx,
  config: Pick<Config, 'publicUrl'>,
  user: MailedUser,
): Promise<void> {
  const token = await createAuthToken(trx, user.id, 'password_reset');
  const link = `${config.publicUrl}/wachtwoord-vernieuwen/${token}?email=${encodeURIComponent(user.email)}`;
  await queueMail(trx, {
    to: user.email,
    subject: `Wachtwoord herstellen — ${PRODUCT_NAME}`,
    text:
      `Beste ${user.name},\n\nJe hebt gevraagd je wachtwoord te herstellen. Kies een nieuw wachtwoord via deze ` +
      `link (${RESET_TTL_MINUTES} minuten geldig):\n${link}\n\nHeb je dit niet gevraagd? Dan kun je deze mail ` +
      `negeren.\n\n${PRODUCT_NAME}`,
  });
}

export const TOKEN_INVALID = 'Deze link is ongeldig of verlopen. Vraag een nieuwe aan.';

/** The activation link: uses up the token and sets the first password. Returns the user id. */
export async function activateAccount(db: Db, token: string, passwordHash: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await consumeAuthToken(trx, token, 'activation');
    if (!id) throw new ValidationError({ token: [TOKEN_INVALID] });
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, activated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return id;
  });
}

/** The reset link: uses up the token, sets the password and ends every session of the account. */
export async function resetPassword(db: Db, email: string, token: string, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    const id = await consumeAuthToken(trx, token, 'password_reset');
    if (!id || !user || user.id !== id) throw new ValidationError({ token: [TOKEN_INVALID] });
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  });
}

/**
 * The code step at sign-in: when `code` matches a time step not used before, marks it used and runs
 * `then` in the same transaction (the session rotation); null for a wrong or reused code.
 */
export async function withOtpCode<T>(
  db: Db,
  userId: number,
  code: string,
  then: (trx: Trx) => Promise<T>,
): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['otp_secret', 'otp_enabled', 'otp_last_step'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!row.otp_enabled || !row.otp_secret) throw new HttpError(403, 'Tweestapsverificatie is nog niet ingesteld.');
    const step = matchOtp(row.otp_secret, code);
    if (step === null || (row.otp_last_step !== null && step <= row.otp_last_step)) return null;
    await trx.updateTable('users').set({ otp_last_step: step }).where('id', '=', userId).execute();
    return then(trx);
  });
}

/** Finishes the 2FA set-up with the proven secret and runs `then` (the session rotation) in the same transaction. */
export async function enableOtp<T>(
  db: Db,
  userId: number,
  secret: string,
  step: number,
  then: (trx: Trx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ otp_secret: secret, otp_enabled: true, otp_last_step: step })
      .where('id', '=', userId)
      .execute();
    return then(trx);
  });
}

/** Keeps the secret of a shown QR code with the session until the first code proves it. */
export async function storePendingOtpSecret(db: Executor, sessionId: string, secret: string): Promise<void> {
  await db.updateTable('sessions').set({ pending_otp_secret: secret }).where('id', '=', sessionId).execute();
}
