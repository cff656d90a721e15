import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
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
const snapshot = (n: number) => ({ buster: '', timestamp: n, clientState: { mutations: [], queries: [] } }) as PersistedClient;

describe('storagePersister (the sync-storage persister plus a flush)', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the latest snapshot once per throttle period, and at once on flush (a page left right after a save)', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persister = storagePersister({ storage, key: 'cache', throttleMs: 1000 });
    await persister.persistClient(snapshot(1));
    await persister.persistClient(snapshot(2));
    expect(storage.getItem('cache')).toBeNull();
    vi.advanceTimersByTime(1000);
    expect((await persister.restoreClient())?.timestamp).toBe(2);

    await persister.persistClient(snapshot(3));
    persister.flush();
    expect((await persister.restoreClient())?.timestamp).toBe(3);
    vi.advanceTimersByTime(1000); // the library's own throttled write then stores the same snapshot
    expect((await persister.restoreClient())?.timestamp).toBe(3);

    await persister.persistClient(snapshot(4));
    await persister.removeClient();
    persister.flush(); // nothing waits to be flushed after a removal
    expect(await persister.restoreClient()).toBeUndefined();
  });
});

describe('what is kept', () => {
  it('keeps a query whose refetch failed with the data it had, as a success', async () => {
    const storage = memoryStorage();
    const persister = storagePersister({ storage, key: 'cache', throttleMs: 1000 });
    const failed = { queryKey: ['deliveries', 'detail', 1], queryHash: '["deliveries","detail",1]', state: { data: { id: 1 }, status: 'error', error: new Error('Geen verbinding'), fetchFailureCount: 3, fetchFailureReason: new Error('x') } };
    await persister.persistClient({ ...snapshot(1), clientState: { mutations: [], queries: [failed] } } as unknown as PersistedClient);
    persister.flush(); // the flush writes in the library's serialized shape
    const state = (await persister.restoreClient())!.clientState.queries[0]!.state;
    expect(state).toMatchObject({ data: { id: 1 }, status: 'success', error: null, fetchFailureCount: 0 });
    expect(shouldPersistQuery({ state: { data: undefined } })).toBe(false);
    expect(shouldPersistQuery({ state: { data: null } })).toBe(true);
  });
});
