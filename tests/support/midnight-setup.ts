import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, beforeEach } from 'vitest';
import { FILE_MARGIN_MS, midnightWait } from './midnight';

// Every API test file makes its data clear of Amsterdam's midnight (midnight.ts): registered before the
// file's own hooks, this runs before its seed. A seed made at 23:57 and read after a test's wait below
// found the next day's round (deliveries-backorders.test.ts on 28 Nov 2026).
beforeAll(async () => {
  await sleep(midnightWait(new Date(), FILE_MARGIN_MS));
}, FILE_MARGIN_MS + 60_000);

// Every API test starts clear of Amsterdam's midnight (midnight.ts): many make today's data and read it back.
beforeEach(async () => {
  await sleep(midnightWait());
}, 4 * 60_000);
