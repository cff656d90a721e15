import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';

/**
 * Which queries are kept on the device: every query with data, also when its last refetch failed (a
 * flaky network in the field): the data the page last showed still opens it offline.
 */
export const shouldPersistQuery = (query: { state: { data: unknown } }) => query.state.data !== undefined;

/** A query kept with data after a failed refetch is stored as it was before that failure. */
function withoutFailures(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) => (q.state.status === 'error' && q.state.data !== undefined
    ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
    : q));
  return { ...client, clientState: { ...client.clientState, queries } };
}

export interface FlushablePersister extends Persister {
  /** Writes the latest snapshot now (the app calls it when the page is hidden or left). */
  flush(): void;
}

/**
 * The query cache in a synchronous storage (localStorage): the library's sync-storage persister, at
 * most one write per `throttleMs` while the page is in use, plus `flush`.
 */
export function storagePersister({ storage, key, throttleMs = 1000 }: { storage: Storage; key: string; throttleMs?: number }): FlushablePersister {
  const serialize = (client: PersistedClient) => JSON.stringify(withoutFailures(client));
  const library = createSyncStoragePersister({ storage, key, throttleTime: throttleMs, serialize });
  let latest: PersistedClient | null = null;
  return {
    ...library,
    persistClient: (client) => {
      latest = client;
      return library.persistClient(client);
    },
    removeClient: () => {
      latest = null;
      return library.removeClient();
    },
    // The library's throttled write is a timer that dies with the page, and it has no way to write at
    // once: a reload or a closed tab within a second of a save would restore the data from before it.
    // So the latest snapshot is written here synchronously, in the same shape the library writes.
    flush: () => {
      if (!latest) return;
      const client = latest;
      latest = null;
      try {
        storage.setItem(key, serialize(client));
      } catch {
        // Storage full or refused: the persisted cache is a convenience, the app works without it.
      }
    },
  };
}
