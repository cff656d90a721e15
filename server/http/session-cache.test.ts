import { describe, expect, it } from 'vitest';
import { AuthChanges } from '../db/auth-changes';
import { SessionCache, type CachedSession } from './session-cache';

const T0 = Date.UTC(2026, 10, 27, 9, 0);
const entry = (id: string, lastSeen = T0, expiresAt = T0 + 3_600_000): CachedSession => ({
  session: {
    id,
    userId: 1,
    otpAuthorized: true,
    pendingOtpSecret: null,
    xsrfToken: 'x',
    expiresAt: new Date(expiresAt),
  },
  user: null,
  lastSeen,
});

function liveCache(maxAgeMs = 60_000, maxEntries = 10_000) {
  const changes = new AuthChanges(null);
  const cache = new SessionCache(changes, maxAgeMs, maxEntries);
  changes.setLive(true);
  return { changes, cache };
}

describe('the session cache', () => {
  it('serves a session until it needs its touch or has ended', () => {
    const { cache } = liveCache();
    cache.set('a', entry('a'), cache.mark());
    cache.set('b', entry('b', T0, T0 + 10_000), cache.mark());
    expect(cache.get('a', T0 + 60_000)?.session.id).toBe('a');
    expect(cache.get('a', T0 + 60_001)).toBeUndefined();
    expect(cache.get('b', T0 + 10_001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing and serves nothing while the change feed is not live', () => {
    const { changes, cache } = liveCache();
    cache.set('a', entry('a'), cache.mark());
    changes.setLive(false);
    expect(cache.get('a', T0)).toBeUndefined();
    cache.set('b', entry('b'), cache.mark());
    changes.setLive(true);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('b', T0)).toBeUndefined();
  });

  it('drops one session on its change and every session on any other', () => {
    const { changes, cache } = liveCache();
    for (const id of ['a', 'b', 'c']) cache.set(id, entry(id), cache.mark());
    changes.deliver('session:b');
    expect([cache.get('a', T0), cache.get('b', T0), cache.get('c', T0)].map((e) => e?.session.id)).toEqual([
      'a',
      undefined,
      'c',
    ]);
    changes.deliver('all');
    expect(cache.size).toBe(0);
    changes.deliver('something unknown');
    expect(cache.size).toBe(0);
  });

  it('does not keep a session read before a change arrived', () => {
    const { changes, cache } = liveCache();
    const mark = cache.mark();
    changes.deliver('session:other');
    cache.set('a', entry('a'), mark);
    expect(cache.get('a', T0)).toBeUndefined();
    cache.set('a', entry('a'), cache.mark());
    expect(cache.get('a', T0)).toBeDefined();
  });

  it('holds at most its number of entries, the oldest going first', () => {
    const { cache } = liveCache(60_000, 2);
    for (const id of ['a', 'b', 'c']) cache.set(id, entry(id), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('c', T0)).toBeDefined();
  });

  it('stops hearing changes once closed', () => {
    const { changes, cache } = liveCache();
    cache.set('a', entry('a'), cache.mark());
    cache.close();
    expect(cache.size).toBe(0);
    const mark = cache.mark();
    changes.deliver('all');
    expect(cache.mark()).toBe(mark);
  });
});
