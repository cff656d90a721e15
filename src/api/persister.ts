import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';

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
  /** Writes the latest snapshot now, if one waits for the throttle. */
  flush(): void;
}

/**
 * The query cache in a synchronous storage (localStorage), written at most once per `throttleMs`
 * while the page is in use. `flush` writes at once: the app calls it when the page is hidden or left,
 * so a reload or a closed tab right after a save never restores the data from before it (a pending
 * throttled write dies with the page).
 */
export function storagePersister({ storage, key, throttleMs = 1000 }: { storage: Storage; key: string; throttleMs?: number }): FlushablePersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!latest) return;
    const client = latest;
    latest = null;
    try {
      storage.setItem(key, JSON.stringify(client));
    } catch {
      // Storage full or refused: the persisted cache is a convenience, the app works without it.
    }
  };
  return {
    persistClient: (client) => {
      latest = withoutFailures(client);
      timer ??= setTimeout(flush, throttleMs);
    },
    restoreClient: () => {
      const raw = storage.getItem(key);
      return raw ? (JSON.parse(raw) as PersistedClient) : undefined;
    },
    removeClient: () => {
      latest = null;
      storage.removeItem(key);
    },
    flush,
  };
}
