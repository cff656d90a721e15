import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { inTransaction } from '../../http/command';
import { countAttempt, resetRateLimit, tooManyAttempts } from '../../http/rate-limit';

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
 *
 * A try is counted before it is checked, so parallel tries cannot all pass a count read before any
 * of them failed; a try that succeeds is taken back from the account's count.
 */
export function accountLockout(
  db: Db,
  step: 'login' | 'otp',
  account: string | number,
  address: string,
  rule: LockoutRule,
) {
  const accountKey = `${step}:account:${account}`;
  const addressKey = `${step}:account-address:${account}:${address}`;
  return {
    /**
     * Counts this try on the account and from this address, in one transaction that locks the account's
     * row first: tries on one account are counted one after another. Throws 429 when the account was
     * locked (this try included) and this address had tried before.
     */
    async attempt(): Promise<void> {
      const [onAccount, fromAddress] = await inTransaction(db, async (trx) => [
        await countAttempt(trx, accountKey, rule.windowSeconds),
        await countAttempt(trx, addressKey, rule.windowSeconds),
      ]);
      if (onAccount > rule.failures && fromAddress > 1) throw tooManyAttempts();
    },
    /** A success: this address's tries are cleared and the try no longer counts against the account. */
    async succeeded(): Promise<void> {
      await resetRateLimit(db, addressKey);
      await db
        .updateTable('rate_limits')
        .set({ hits: sql`greatest(hits - 1, 0)` })
        .where('key', '=', accountKey)
        .execute();
    },
    /** After the full sign-in (password and code) the owner has proven itself: the account starts afresh. */
    async clear(): Promise<void> {
      await resetRateLimit(db, accountKey);
      await resetRateLimit(db, addressKey);
    },
  };
}
