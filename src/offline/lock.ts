import type { OfflineDatabase } from './db';

/**
 * Runs `task` only while this tab holds the outbox, so two tabs or windows never send the same action
 * at once. Resolves to undefined when another tab holds it (that tab sends everything that waits).
 */
export type OutboxLock = <T>(task: () => Promise<T>) => Promise<T | undefined>;

export const OUTBOX_LOCK_NAME = 'portal-outbox';

/** The Web Locks API: the browser hands the lock to one tab at a time and frees it when a tab dies. */
export function webLock(locks: LockManager): OutboxLock {
  return <T>(task: () => Promise<T>) => locks.request(OUTBOX_LOCK_NAME, () => task()) as unknown as Promise<T>;
}

export interface LeaseOptions {
  db: OfflineDatabase;
  /** This tab's id. */
  holder: string;
  /** How long a lease lasts without renewal; a tab that died frees the outbox after this. */
  leaseMs?: number;
  now?: () => number;
}

/**
 * Where the Web Locks API is missing: a lease row in IndexedDB, taken in a transaction when free,
 * expired or our own, renewed while sending and given back afterwards.
 */
export function leaseLock({ db, holder, leaseMs = 15_000, now = Date.now }: LeaseOptions): OutboxLock {
  const take = () =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(OUTBOX_LOCK_NAME);
      if (lease && lease.holder !== holder && lease.until > now()) return false;
      await db.leases.put({ name: OUTBOX_LOCK_NAME, holder, until: now() + leaseMs });
      return true;
    });
  const give = () =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(OUTBOX_LOCK_NAME);
      if (lease?.holder === holder) await db.leases.delete(OUTBOX_LOCK_NAME);
    });
  return async (task) => {
    if (!(await take())) return undefined;
    const renew = setInterval(() => void take(), leaseMs / 3);
    try {
      return await task();
    } finally {
      clearInterval(renew);
      await give();
    }
  };
}

/** The Web Locks API when the browser has it, else the lease. */
export function outboxLock(db: OfflineDatabase, holder: string): OutboxLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks && typeof locks.request === 'function' ? webLock(locks) : leaseLock({ db, holder });
}
