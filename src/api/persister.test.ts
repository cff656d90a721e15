import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { persistQueryClientRestore, type PersistedClient } from '@tanstack/react-query-persist-client';
import { ApiError, NetworkError } from './errors';
import { ownerOf, shouldPersistQuery, storagePersister } from './persister';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}
/** react-query and the persist client bring two copies of query-core (as in src/main.tsx). */
type PersistedQueryClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
const query = (queryKey: unknown[], data: unknown) => ({
  queryKey,
  queryHash: JSON.stringify(queryKey),
  state: { data, status: 'success', dataUpdatedAt: 1 },
});
/** A snapshot of the cache as the persist client hands it over: the session of `user` (null: nobody) and its lists. */
const snapshot = (n: number, user: number | null = 7, queries: ReturnType<typeof query>[] = []) =>
  ({
    buster: '',
    timestamp: n,
    clientState: {
      mutations: [],
      queries: [query(['auth', 'session'], user === null ? null : { id: user, name: `Gebruiker ${user}` }), ...queries],
    },
  }) as unknown as PersistedClient;

describe('storagePersister (the sync-storage persister plus a flush)', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the latest snapshot once per throttle period, and a given snapshot at once (a page left right after a save)', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persister = storagePersister({ storage, prefix: 'cache', throttleMs: 1000 });
    await persister.persistClient(snapshot(1));
    await persister.persistClient(snapshot(2));
    expect(storage.length).toBe(0);
    vi.advanceTimersByTime(1000);
    expect((await persister.restoreClient())?.timestamp).toBe(2);

    await persister.persistClient(snapshot(3));
    persister.writeNow(snapshot(3));
    expect((await persister.restoreClient())?.timestamp).toBe(3);
    vi.advanceTimersByTime(1000); // the library's own throttled write then stores the same snapshot
    expect((await persister.restoreClient())?.timestamp).toBe(3);

    persister.writeNow(snapshot(4)); // a change the library was never handed (made before its subscription)
    expect((await persister.restoreClient())?.timestamp).toBe(4);
  });
});

describe('what is kept on the device', () => {
  it('keeps data whose refetch could not reach the server, as it was; drops refusals and queries that never loaded', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fail = (err: Error) => async () => {
      throw err;
    };
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await client
      .fetchQuery({ queryKey: ['deliveries', 'detail', 1], queryFn: fail(new NetworkError()), staleTime: 0 })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 2], queryFn: async () => ({ id: 2 }) });
    await client
      .fetchQuery({
        queryKey: ['deliveries', 'detail', 2],
        queryFn: fail(new ApiError(404, 'Niet gevonden')),
        staleTime: 0,
      })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['deliveries', 'detail', 3], queryFn: fail(new NetworkError()) })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['auth', 'session'], queryFn: async () => ({ id: 7 }) });
    expect(client.getQueryState(['deliveries', 'detail', 1])?.status).toBe('error');

    const storage = memoryStorage();
    const persister = storagePersister({ storage, prefix: 'cache' });
    // As src/main.tsx writes the live cache when the page is left.
    persister.writeNow({
      buster: '',
      timestamp: Date.now(),
      clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }),
    } as unknown as PersistedClient);

    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored as unknown as PersistedQueryClient, persister });
    expect(
      restored
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([
      ['deliveries', 'detail', 1],
      ['auth', 'session'],
    ]);
    expect(restored.getQueryState(['deliveries', 'detail', 1])).toMatchObject({
      data: { id: 1 },
      status: 'success',
      error: null,
      fetchFailureCount: 0,
    });
    expect(restored.getQueryData(['auth', 'session'])).toEqual({ id: 7 });
  });
});

describe("one user's cache: a shared device never shows it to the next user", () => {
  const lists = [query(['lookups', 'clients', 'end-customers'], [{ id: 1, name: 'Klant van elke reseller' }])];

  it("stores a snapshot under its session's user, and only that user's: another user's entry and the old shared one go", () => {
    const storage = memoryStorage();
    storage.setItem('cache', '{"old":"shared entry"}');
    storage.setItem('other-app', 'stays');
    const persister = storagePersister({ storage, prefix: 'cache' });
    persister.writeNow(snapshot(1, 1, lists));
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual(['cache:user-1', 'other-app']);
    persister.writeNow(snapshot(2, 3));
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual(['cache:user-3', 'other-app']);
    expect(storage.getItem('cache:user-3')).not.toContain('Klant van elke reseller');
  });

  it('a snapshot without a signed-in user (a 401, a sign-out) removes every entry, also from the throttled write', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persister = storagePersister({ storage, prefix: 'cache', throttleMs: 1000 });
    persister.writeNow(snapshot(1, 1, lists));
    await persister.persistClient(snapshot(2, 1, lists)); // the last write the page planned for user 1
    await persister.persistClient(snapshot(3, null)); // then the 401
    vi.advanceTimersByTime(1000);
    expect(storage.length).toBe(0);
    expect(await persister.restoreClient()).toBeUndefined();
  });

  it("restores only an entry whose session is its key's user", async () => {
    const storage = memoryStorage();
    const persister = storagePersister({ storage, prefix: 'cache' });
    persister.writeNow(snapshot(1, 1, lists));
    const restored = await persister.restoreClient();
    assert.exists(restored);
    expect(ownerOf(restored)).toBe(1);
    const stored = storage.getItem('cache:user-1');
    assert.exists(stored);
    storage.setItem('cache:user-2', stored);
    storage.removeItem('cache:user-1');
    expect(await persister.restoreClient()).toBeUndefined();
    expect(storage.length).toBe(0);
  });
});
