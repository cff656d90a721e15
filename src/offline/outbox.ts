import { liveQuery } from 'dexie';
import type { QueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { verdictOfError } from './verdict';
import { setOutboxBusy } from '../shell/update-guard';
import { OfflineDatabase, type OutboxAction } from './db';
import { sessionQueryKey } from '../session';
import { createQueue, type EnqueueOutcome, type NewAction, type Verdict } from './queue';
import { outboxLock } from './lock';
import { refreshAfterRun } from './refresh';
import { outboxPresence } from './presence';
import { outboxCache, setOutboxCache, signedInUser } from './outbox-cache';

export type { OutboxAction } from './db';
export type { EnqueueOutcome, NewAction } from './queue';

/**
 * The app's outbox (docs/ARCHITECTURE.md "The outbox"): warehouse and driver writes (check-ins,
 * check-out scans, signed sign-offs) are stored in IndexedDB with a key made here, then sent
 * through the one API client with that key as Idempotency-Key. Generic: an action is a method, a
 * path, a body and a key. The server side must run the command through runCommand (server/http/command.ts).
 *
 *   const outcome = await enqueue({
 *     method: 'POST', path: 'items/scanbulkitems', body: { delivery_id, serials },
 *     label: `Levering ${order}: ${serials.length} items uitklaren`, stale: ['deliveries'],
 *   });
 *   // outcome.status: 'sent' (with body) | 'waiting' (offline; replayed later) | 'failed' (a 4xx: message, errors)
 */
const db = new OfflineDatabase();

async function send(action: OutboxAction): Promise<Verdict> {
  try {
    const body = await call(
      api(action.path, {
        method: action.method,
        json: action.body ?? {},
        headers: { 'Idempotency-Key': action.id },
        timeout: 60_000,
      }).json(),
    );
    return { kind: 'sent', body };
  } catch (err) {
    return verdictOfError(err);
  }
}

/** This tab, as holder of the outbox lease where the Web Locks API is missing. */
const tabId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${Math.random()}`;

/** What the sent actions made stale, refreshed once per run (src/offline/refresh.ts). */
const refresh = refreshAfterRun((queryKey) => void outboxCache()?.invalidateQueries({ queryKey }));

const queue = createQueue({
  db,
  send,
  // Two tabs never send at once: Web Locks, or a Dexie lease (older Safari).
  lock: outboxLock(db, tabId),
  // Not between the password and the two-step code: the server refuses that session (401).
  currentUserId: () => {
    const user = signedInUser();
    return user?.otp_authorized ? user.id : null;
  },
  onBusy: (busy) => {
    setOutboxBusy(busy);
    if (!busy) refresh.runEnded();
  },
  onSent: (action) => refresh.sent(action),
  // The first stored action made the database: the badge, /wachtrij and the other tabs start reading it.
  onStored: () => outboxPresence.announce(),
});

/** Stores the action, then tries to send it (and anything before it). */
export const enqueue = (action: NewAction): Promise<EnqueueOutcome> => {
  const user = signedInUser();
  return queue.enqueue({ ...action, userId: user?.id ?? null, userName: user?.name ?? null });
};
export const replayOutbox = () => queue.replay();
export const retryAction = (id: string) => queue.retry(id);
export const discardAction = (id: string) => queue.discard(id);

/**
 * Safari/iOS has no Background Sync: besides start, `online` and sign-in, the outbox is tried on a
 * timer while something waits. Short, because a page loaded on a network that reached nothing (and
 * one loaded under Chromium's offline emulation) has `navigator.onLine` true and never gets `online`.
 */
export const REPLAY_INTERVAL_MS = 5_000;

let started = false;
/**
 * At app start: replay what was left, replay when the connection returns, when somebody signs in,
 * when the tab comes back into view and on a timer; and ask the browser to keep the data.
 */
export function startOutbox(client: QueryClient): void {
  setOutboxCache(client);
  if (started) return;
  started = true;
  window.addEventListener('online', () => void queue.replay());
  // Actions wait for their user: send them as soon as a session is known (sign-in, restored cache).
  client.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.query.queryKey[0] === sessionQueryKey[0] &&
      event.query.queryKey[1] === sessionQueryKey[1] &&
      signedInUser()
    ) {
      void queue.replay();
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void queue.replay();
  });
  setInterval(() => {
    if (navigator.onLine !== false) void queue.replayIfWaiting();
  }, REPLAY_INTERVAL_MS);
  void navigator.storage?.persist?.().catch(() => false);
  void queue.replay();
}

/**
 * Every stored action, live (waiting and failed), in order; the pages read them through src/offline/stored-actions.ts.
 */
export function watchStoredActions(onChange: (actions: OutboxAction[]) => void): () => void {
  const sub = liveQuery(() => db.actions.orderBy('order').toArray()).subscribe({
    next: onChange,
    error: () => onChange([]),
  });
  return () => sub.unsubscribe();
}
