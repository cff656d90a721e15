import { beforeEach } from 'vitest';
import { midnightWait, waitFor } from './midnight';

// Every API test starts clear of Amsterdam's midnight (midnight.ts): many make today's data and read it back.
beforeEach(async () => {
  await waitFor(midnightWait());
}, 4 * 60_000);
