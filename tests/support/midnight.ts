import { amsterdamClock } from '@domain/dates';

/** The longest a test takes from making today's data to reading it back, with room to spare. */
const MARGIN_MS = 3 * 60_000;

/**
 * Before a file makes its data (the demo seed of createTestContext, tests/support/context.ts): a test's
 * margin plus the longest an API test file takes, with room to spare. A file that started outside it
 * ends before any of its tests would wait for midnight, so no test reads a seed made the day before.
 */
export const FILE_MARGIN_MS = MARGIN_MS + 3 * 60_000;

/** Milliseconds until the next midnight in Amsterdam. */
export function untilAmsterdamMidnight(now = new Date()): number {
  const c = amsterdamClock(now);
  return ((24 - c.hour) * 3600 - c.minute * 60 - c.second) * 1000 - now.getUTCMilliseconds();
}

/**
 * How long a test starting now must wait to stay clear of Amsterdam's midnight: 0, or until just past
 * it. The portal's "today" is the database's current_date on Amsterdam's clock; a test that made
 * today's deliveries at 23:59 and opened 'Mijn leveringen vandaag' at 00:00 rightly found none (two
 * flaky browser tests on 27 Nov 2026).
 */
export function midnightWait(now = new Date(), margin = MARGIN_MS): number {
  const left = untilAmsterdamMidnight(now);
  return left > margin ? 0 : left + 1000;
}
