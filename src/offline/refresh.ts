import { staleKeys } from '../api/keys';
import type { OutboxAction } from './db';

/**
 * The query key prefixes a sent action made stale: those of its areas (src/api/keys.ts), or the keys an older stored
 * action named.
 */
export const keysToRefresh = (action: Pick<OutboxAction, 'stale' | 'invalidate'>): (readonly unknown[])[] => [
  ...staleKeys(...(action.stale ?? [])),
  ...(action.invalidate ?? []),
];

/**
 * Queries to refresh once the run that sent their actions ends: one refetch per run, not one per
 * action (a replay of a hundred check-outs would refetch today's deliveries a hundred times).
 */
export function refreshAfterRun(invalidate: (queryKey: readonly unknown[]) => unknown) {
  const pending = new Map<string, readonly unknown[]>();
  return {
    sent(action: Pick<OutboxAction, 'stale' | 'invalidate'>) {
      for (const key of keysToRefresh(action)) pending.set(JSON.stringify(key), key);
    },
    runEnded() {
      const keys = [...pending.values()];
      pending.clear();
      for (const key of keys) invalidate(key);
    },
  };
}
