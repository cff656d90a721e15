import type { Executor } from '../../db/database';
import { attemptsSoFar, countAttempt, resetRateLimit, tooManyAttempts } from '../../http/rate-limit';

interface LockoutRule {
  /** Failed attempts on one account within the window after which it is locked. */
  failures: number;
  windowSeconds: number;
}

/**
 * The per-account limit on failed sign-in steps (password, code). Once an account has `failures`
 * failures in the window it is locked, but only for the addresses that failed on it: the owner
 * signing in from an address that has not failed still gets through with the right password and
 * code, so an attacker cannot lock the owner out. Each further address gets one try before it is
 * locked too. See docs/DECISIONS.md (Hardening).
 */
export function accountLockout(db: Executor, step: 'login' | 'otp', account: string | number, address: string, rule: LockoutRule) {
  const accountKey = `${step}:account:${account}`;
  const addressKey = `${step}:account-address:${account}:${address}`;
  return {
    /** Throws 429 when the account is locked for this address. */
    async check(): Promise<void> {
      if ((await attemptsSoFar(db, accountKey, rule.windowSeconds)) < rule.failures) return;
      if ((await attemptsSoFar(db, addressKey, rule.windowSeconds)) > 0) throw tooManyAttempts();
    },
    async failed(): Promise<void> {
      await countAttempt(db, accountKey, rule.windowSeconds);
      await countAttempt(db, addressKey, rule.windowSeconds);
    },
    /** A success clears this address's failures; the account's count runs out with its window. */
    async succeeded(): Promise<void> {
      await resetRateLimit(db, addressKey);
    },
    /** After the full sign-in (password and code) the owner has proven itself: the account starts afresh. */
    async clear(): Promise<void> {
      await resetRateLimit(db, accountKey);
      await resetRateLimit(db, addressKey);
    },
  };
}
