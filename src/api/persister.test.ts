import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { persistQueryClientRestore, type PersistedClient } from '@tanstack/react-query-persist-client';
import { ApiError, NetworkError } from './errors';
import { shouldPersistQuery, storagePersister } from './persister';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}
/** react-query and the persist client bring two copies of query-core (as in src/main.tsx). */
type PersistedQueryClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
const snapshot = (n: number) => ({ buster: '', timestamp: n, clientState: { mutations: [], queries: [] } }) as PersistedClient;

describe('storagePersister (the sync-storage persister plus a flush)', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the latest snapshot once per throttle period, and a given snapshot at once (a page left right after a save)', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persister = storagePersister({ storage, key: 'cache', throttleMs: 1000 });
    await persister.persistClient(snapshot(1));
    await persister.persistClient(snapshot(2));
    expect(storage.getItem('cache')).toBeNull();
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
    const fail = (err: Error) => async () => { throw err; };
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 1], queryFn: async () => ({ id: 1 }) });
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 1], queryFn: fail(new NetworkError()), staleTime: 0 }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 2], queryFn: async () => ({ id: 2 }) });
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 2], queryFn: fail(new ApiError(404, 'Niet gevonden')), staleTime: 0 }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['deliveries', 'detail', 3], queryFn: fail(new NetworkError()) }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['session'], queryFn: async () => null });
    expect(client.getQueryState(['deliveries', 'detail', 1])?.status).toBe('error');

    const storage = memoryStorage();
    const persister = storagePersister({ storage, key: 'cache' });
    // As src/main.tsx writes the live cache when the page is left.
    persister.writeNow({ buster: '', timestamp: Date.now(), clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }) } as unknown as PersistedClient);

    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored as unknown as PersistedQueryClient, persister });
    expect(restored.getQueryCache().getAll().map((q) => q.queryKey)).toEqual([['deliveries', 'detail', 1], ['session']]);
    expect(restored.getQueryState(['deliveries', 'detail', 1])).toMatchObject({ data: { id: 1 }, status: 'success', error: null, fetchFailureCount: 0 });
    expect(restored.getQueryData(['session'])).toBeNull();
  });
});
