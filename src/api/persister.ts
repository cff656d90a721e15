import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { NetworkError } from './errors';
import { queryKeys } from './keys';

/**
 * Which queries are kept on the device: those with data from the server, also when the last refetch
 * could not reach it (a page used offline keeps what it showed). A query that never loaded, or whose
 * refetch the server refused (404, 403), is not kept.
 */
export const shouldPersistQuery = (query: Pick<Query, 'state'>) =>
  query.state.status === 'success' ||
  (query.state.status === 'error' && query.state.data !== undefined && query.state.error instanceof NetworkError);

/** A query kept after a failed refetch is stored as it was before that failure. */
function withoutFailures(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error'
      ? {
          ...q,
          state: {
            ...q.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

export interface FlushablePersister extends Persister {
  /** Writes this snapshot now, synchronously (the app calls it when the page is hidden or left). */
  writeNow(client: PersistedClient): void;
}

/** The user whose session a snapshot holds: everything else in it was loaded for that user. */
export function ownerOf(client: PersistedClient): number | null {
  const session = client.clientState.queries.find(
    (q) => q.queryKey[0] === queryKeys.session[0] && q.queryKey[1] === queryKeys.session[1],
  );
  const id = (session?.state.data as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * The query cache in localStorage, one entry per user (`<prefix>:user-<id>`), and only ever the entry
 * of the user whose session the snapshot holds: a snapshot without a signed-in user (a 401, a sign-out)
 * removes every entry, and writing one user's entry removes any other user's. A restored entry whose
 * session is not its key's user is dropped. So one user's data never shows to the next on a shared device.
 *
 * The library's sync-storage persister (at most one write per `throttleMs` while the page is used, with
 * the latest snapshot) plus `writeNow`. The library's throttled write is a timer that dies with the
 * page, and the persist client only hands it changes made after its own restore, so a reload soon after
 * a save or a rejected session restored the data from before it; `writeNow` stores the live cache
 * synchronously, in the shape the library writes.
 */
export function storagePersister({
  storage,
  prefix,
  throttleMs = 1000,
}: {
  storage: Storage;
  prefix: string;
  throttleMs?: number;
}): FlushablePersister {
  const keyOf = (user: number) => `${prefix}:user-${user}`;
  /** Every entry of this cache, including the one kept before entries were per user (`prefix` alone). */
  const entries = () =>
    Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k !== null && (k === prefix || k.startsWith(`${prefix}:`)),
    );
  const removeAll = (except?: string) => {
    for (const k of entries()) if (k !== except) storage.removeItem(k);
  };
  // serialize runs right before the library's setItem: it tells the routed storage whose entry it writes.
  let writing: number | null = null;
  const serialize = (client: PersistedClient) => {
    writing = ownerOf(client);
    return JSON.stringify(withoutFailures(client));
  };
  const routed: Storage = {
    get length() {
      return storage.length;
    },
    key: (i) => storage.key(i),
    clear: () => removeAll(),
    getItem: () => {
      const [own, ...more] = entries().filter((k) => /:user-\d+$/.test(k));
      return own !== undefined && more.length === 0 ? storage.getItem(own) : null;
    },
    setItem: (_key, value) => {
      if (writing === null) return removeAll();
      const key = keyOf(writing);
      removeAll(key);
      storage.setItem(key, value);
    },
    removeItem: () => removeAll(),
  };
  const library = createSyncStoragePersister({ storage: routed, key: prefix, throttleTime: throttleMs, serialize });
  return {
    ...library,
    restoreClient: () => {
      const client = library.restoreClient() as PersistedClient | undefined;
      const own = entries().find((k) => /:user-\d+$/.test(k));
      if (client && own && own === keyOf(ownerOf(client) ?? -1)) return client;
      removeAll();
      return undefined;
    },
    writeNow: (client) => {
      try {
        routed.setItem(prefix, serialize(client));
      } catch {
        // Storage full or refused: the persisted cache is a convenience, the app works without it.
      }
    },
  };
}
