import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach } from 'vitest';
import { midnightWait } from './midnight';

// Every API test starts clear of Amsterdam's midnight (midnight.ts): many make today's data and read it back.
beforeEach(async () => {
  await sleep(midnightWait());
}, 4 * 60_000);
