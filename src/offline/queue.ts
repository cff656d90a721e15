import type { OfflineDatabase, OutboxAction, OutboxKind, OutboxMeta, OutboxMethod } from './db';
import type { OutboxLock } from './lock';
import type { StaleArea } from '../api/keys';

export interface NewAction {
  method: OutboxMethod;
  path: string;
  body: unknown;
  label: string;
  /** The areas the action changes (src/api/keys.ts staleAfter): refreshed after the server accepted it. */
  stale?: StaleArea[];
  /** A key made earlier (e.g. kept by a form); a new UUID otherwise. */
  id?: string;
  userId?: number | null;
  userName?: string | null;
  kind?: OutboxKind;
  meta?: OutboxMeta;
}

/** What sending one action came to; `send` throws for anything but a 2xx answer. */
export type Verdict =
  | { kind: 'sent'; body: unknown }
  // A 4xx: the server's verdict, shown to the user.
  | { kind: 'refused'; message: string; errors?: Record<string, string[]> }
  | { kind: 'unreachable'; message: string }; // no connection, 5xx, not signed in: try again later

export interface QueueDeps {
  db: OfflineDatabase;
  /** Sends one action with its id as Idempotency-Key and classifies the outcome. */
  send: (action: OutboxAction) => Promise<Verdict>;
  onSent?: (action: OutboxAction, body: unknown) => void;
  /** An action is stored (its transaction committed), before it is sent. */
  onStored?: (id: string) => void;
  onBusy?: (busy: boolean) => void;
  newId?: () => string;
  now?: () => number;
  /**
   * The signed-in user. When given, a run sends only that user's actions; another user's wait until
   * that user signs in on this device again (undefined: no such check).
   */
  currentUserId?: () => number | null;
  /** Keeps other tabs on this device from sending at the same time (src/offline/lock.ts). */
  lock?: OutboxLock;
}

export type EnqueueOutcome =
  | { status: 'sent'; id: string; body: unknown }
  | { status: 'waiting'; id: string }
  | { status: 'failed'; id: string; message: string; errors: Record<string, string[]> };

function uuid(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/**
 * Whether an action is this user's to see and send: each waits for the user who made it (one made
 * before actions carried their user belongs to whoever is signed in).
 */
export const belongsTo = (action: Pick<OutboxAction, 'userId'>, userId: number | null) =>
  action.userId == null || action.userId === userId;

/**
 * The outbox queue: writes go to IndexedDB first, then are sent one at a time in order. A run stops
 * at the first action the server cannot be reached for (it stays at the head); a 4xx marks that
 * action failed with the server's message and the run goes on; a 2xx removes it. Runs never overlap.
 */
export function createQueue(deps: QueueDeps) {
  const { db, send } = deps;
  const newId = deps.newId ?? uuid;
  const now = deps.now ?? Date.now;
  /**
   * The server's answers to actions whose `enqueue` call still waits for them, and only those: an
   * action sent by a later replay has nobody to read its answer, so it is not kept.
   */
  const awaited = new Set<string>();
  const answers = new Map<string, unknown>();
  let chain: Promise<void> = Promise.resolve();

  async function runOnce(): Promise<void> {
    let busy = false;
    try {
      for (;;) {
        const me = deps.currentUserId ? deps.currentUserId() : undefined;
        if (me === null) return; // nobody signed in: nothing may be sent
        const next = await db.actions
          .where('status')
          .equals('waiting')
          .sortBy('order')
          .then((rows) => rows.find((r) => me === undefined || belongsTo(r, me)));
        if (!next) return;
        if (!busy) deps.onBusy?.((busy = true));
        let verdict: Verdict;
        try {
          verdict = await send(next);
        } catch (err) {
          verdict = { kind: 'unreachable', message: (err as Error)?.message ?? 'Geen verbinding met de server.' };
        }
        if (verdict.kind === 'sent') {
          await db.actions.delete(next.id);
          if (awaited.has(next.id)) answers.set(next.id, verdict.body);
          deps.onSent?.(next, verdict.body);
        } else if (verdict.kind === 'refused') {
          await db.actions.update(next.id, {
            status: 'failed',
            error: verdict.message,
            errors: verdict.errors ?? {},
            attempts: next.attempts + 1,
          });
        } else {
          await db.actions.update(next.id, { error: verdict.message, attempts: next.attempts + 1 });
          return; // stays at the head; the next run starts with it
        }
      }
    } finally {
      if (busy) deps.onBusy?.(false);
    }
  }

  /**
   * A run asked for that has not begun reading the outbox (queued, or waiting for another tab's lock):
   * later asks join it, so a timer never piles runs up behind a slow one.
   */
  let upcoming: Promise<void> | null = null;
  const lockedRun = async () => {
    const mine = upcoming;
    const begin = () => {
      if (upcoming === mine) upcoming = null;
      return runOnce();
    };
    try {
      await (deps.lock ? deps.lock(begin) : begin());
    } finally {
      if (upcoming === mine) upcoming = null; // the lease was taken: this run did nothing
    }
  };

  /** Sends everything that waits, in order; resolves when this run (queued after any running one) ends. */
  function replay(): Promise<void> {
    if (upcoming) return upcoming;
    chain = chain.then(lockedRun, lockedRun);
    upcoming = chain;
    return chain;
  }

  /** A replay only when something waits: cheap enough for a short timer. */
  async function replayIfWaiting(): Promise<void> {
    if ((await db.actions.where('status').equals('waiting').count()) > 0) await replay();
  }

  async function enqueue(input: NewAction): Promise<EnqueueOutcome> {
    const id = input.id ?? newId();
    awaited.add(id);
    try {
      await db.transaction('rw', db.actions, async () => {
        const last = await db.actions.orderBy('order').last();
        await db.actions.add({
          id,
          method: input.method,
          path: input.path,
          body: input.body,
          label: input.label,
          stale: input.stale ?? [],
          userId: input.userId ?? null,
          userName: input.userName ?? null,
          kind: input.kind ?? 'other',
          meta: input.meta ?? {},
          createdAt: now(),
          order: (last?.order ?? 0) + 1,
          status: 'waiting',
          error: null,
          attempts: 0,
        });
      });
      deps.onStored?.(id);
      await replay();
      const stored = await db.actions.get(id);
      if (!stored) return { status: 'sent', id, body: answers.get(id) };
      return stored.status === 'failed'
        ? { status: 'failed', id, message: stored.error ?? '', errors: stored.errors ?? {} }
        : { status: 'waiting', id };
    } finally {
      awaited.delete(id);
      answers.delete(id);
    }
  }

  /** A failed action goes back in line at its old place (first in, first out still holds) and is sent. */
  async function retry(id: string): Promise<void> {
    await db.actions.update(id, { status: 'waiting', error: null });
    await replay();
  }

  async function discard(id: string): Promise<void> {
    await db.actions.delete(id);
  }

  const list = () => db.actions.orderBy('order').toArray();

  /** How many answers the queue holds in memory (each until its `enqueue` returned it). */
  const heldAnswers = () => answers.size;

  return { enqueue, replay, replayIfWaiting, retry, discard, list, heldAnswers };
}

export type Queue = ReturnType<typeof createQueue>;
