import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxAction } from './db';
import { belongsTo } from './queue';
import { afterFirstPaint } from '../shell/first-paint';
import { outboxPresence } from './presence';
import { sessionQueryKey, type SessionUser } from '../session';

/**
 * What the outbox holds, for the pages that show it (the delivery page's waiting check-outs, the
 * badge, /wachtrij), without putting Dexie (32 KB) in their code: it is read once the page has had
 * its first paint, the moment the outbox itself starts (src/main.tsx), and only on a device that holds
 * an outbox; elsewhere it is empty until the first action is stored (src/offline/presence.ts). One live
 * read serves every hook. Until it has come, the outbox looks empty and `useOutboxRead` is false.
 */
let stored: OutboxAction[] = [];
let read = false;
let watching = false;
const listeners = new Set<() => void>();

function publish(actions: OutboxAction[]) {
  stored = actions;
  read = true;
  listeners.forEach((listener) => listener());
}

function readLive() {
  void import('./outbox').then(
    (outbox) => outbox.watchStoredActions(publish),
    // The code did not arrive (offline before the service worker held it): try again online.
    () => window.addEventListener('online', readLive, { once: true }),
  );
}

function watch() {
  if (watching) return;
  watching = true;
  afterFirstPaint(
    () =>
      void outboxPresence.whenExists(readLive).then((existed) => {
        if (!existed && !read) publish([]); // nothing was ever stored on this device
      }),
  );
}

function subscribe(listener: () => void) {
  watch();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function useStoredActions(): OutboxAction[] {
  return useSyncExternalStore(subscribe, () => stored);
}

/** Whether the outbox has been read: before that, an empty list does not mean nothing waits. */
export function useOutboxRead(): boolean {
  return useSyncExternalStore(subscribe, () => read);
}

/** The signed-in user's id as the cache holds it, without asking the server. */
function useSessionUserId(): number | null {
  const client = useQueryClient();
  const onChange = useCallback((listener: () => void) => client.getQueryCache().subscribe(listener), [client]);
  return useSyncExternalStore(onChange, () => client.getQueryData<SessionUser | null>(sessionQueryKey)?.id ?? null);
}

/**
 * The signed-in user's stored actions, live (waiting and failed), in order: what the user may see, send and discard.
 */
export function useOutboxActions(): OutboxAction[] {
  const actions = useStoredActions();
  const me = useSessionUserId();
  return useMemo(() => actions.filter((a) => belongsTo(a, me)), [actions, me]);
}

/** How many actions of other users wait on this device (sent when they sign in here again). */
export function useOthersWaitingCount(): number {
  const actions = useStoredActions();
  const me = useSessionUserId();
  return actions.filter((a) => !belongsTo(a, me)).length;
}
