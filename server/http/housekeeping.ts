import type { Config } from '../config';
import type { Executor } from '../db/database';
import { purgeExpiredSessions } from './session';
import { purgeOldRateLimits } from './rate-limit';
import { purgeOldIdempotencyKeys } from './command';
import { purgeSentMails } from '../modules/mail';

const HOUSEKEEPING_INTERVAL_MS = 15 * 60_000;

/**
 * Deletes ended sessions, stale rate-limit counters and idempotency keys older than a day every interval, so a
 * long-running
 * process keeps these tables small. A failed round (database away) is logged and tried next time.
 * Returns a function that stops it (and waits for a round under way).
 */
export function startHousekeeping(
  db: Executor,
  config: Pick<Config, 'sessionIdleMinutes'>,
  log: (line: string) => void,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= (async () => {
      try {
        await purgeExpiredSessions(db, config);
        await purgeOldRateLimits(db);
        await purgeOldIdempotencyKeys(db);
        await purgeSentMails(db);
      } catch (err) {
        log(`Opruimen van verlopen sessies mislukt: ${(err as Error).message}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  void round();
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
