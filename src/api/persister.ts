import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { NetworkError } from './errors';

/**
 * Which queries are kept on the device: those with data from the server, also when the last refetch
 * could not reach it (a page used offline keeps what it showed). A query that never loaded, or whose
 * refetch the server refused (404, 403), is not kept.
 */
export const shouldPersistQuery = (query: Pick<Query, 'state'>) =>
  query.state.status === 'success' || (query.state.status === 'error' && query.state.data !== undefined && query.state.error instanceof NetworkError);

/** A query kept after a failed refetch is stored as it was before that failure. */
function withoutFailures(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) => (q.state.status === 'error'
    ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
    : q));
  return { ...client, clientState: { ...client.clientState, queries } };
}

export interface FlushablePersister extends Persister {
  /** Writes this snapshot now, synchronously (the app calls it when the page is hidden or left). */
  writeNow(client: PersistedClient): void;
}

/**
 * The query cache in localStorage: the library's sync-storage persister (at most one write per
 * `throttleMs` while the page is used) plus `writeNow`. The library's throttled write is a timer that
 * dies with the page, and the persist client only hands it changes made after its own restore, so a
 * reload soon after a save or a rejected session restored the data from before it; `writeNow` stores
 * the live cache synchronously, in the shape the library writes.
 */
export function storagePersister({ storage, key, throttleMs = 1000 }: { storage: Storage; key: string; throttleMs?: number }): FlushablePersister {
  const serialize = (client: PersistedClient) => JSON.stringify(withoutFailures(client));
  const library = createSyncStoragePersister({ storage, key, throttleTime: throttleMs, serialize });
  return {
    ...library,
    writeNow: (client) => {
      try {
        storage.setItem(key, serialize(client));
      } catch {
        // Storage full or refused: the persisted cache is a convenience, the app works without it.
      }
    },
  };
}
