import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey, type SessionUser } from '../session';

let cache: QueryClient | null = null;

/**
 * The app's query cache, where the outbox reads who is signed in and refreshes what a sent action
 * made stale. Set at start (src/main.tsx) without loading the outbox: on a device that never stored an
 * action, the first `enqueue` may come before the outbox has started.
 */
export function setOutboxCache(client: QueryClient): void {
  cache = client;
}

export const outboxCache = (): QueryClient | null => cache;

export const signedInUser = (): SessionUser | null => cache?.getQueryData<SessionUser | null>(sessionQueryKey) ?? null;
