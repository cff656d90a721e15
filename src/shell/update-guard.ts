import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Decides when a new app version may reload the page (spec 1 §1: a new worker version causes a
 * reload). Never while a form holds unsaved input or the outbox is sending: then the update notice
 * offers the reload, and the reload happens by itself as soon as it is safe.
 *
 * Forms: report whether they hold unsaved input.
 *
 *   const form = useApiForm({ ... });
 *   useUnsavedWork(form.values.email !== '' || form.values.password !== '');
 *
 *   // outside React: registerUnsavedWork('signature-pad'); ... clearUnsavedWork('signature-pad');
 *
 * The outbox (src/offline/): report while it is sending.
 *
 *   setOutboxBusy(true);
 *   try { await replay(); } finally { setOutboxBusy(false); }
 *
 * src/sw-registration.ts calls `offerUpdate(apply)` when a new worker is ready; the notice
 * (UpdateNotice) calls `confirmUpdate()` when the user clicks 'Nu vernieuwen'.
 */

export interface UpdateGuardState {
  /** A new version is ready and waits for a safe moment (the notice is shown). */
  updateReady: boolean;
  /** Some form holds unsaved input. */
  unsavedWork: boolean;
  /** The outbox is sending. */
  outboxBusy: boolean;
  /** The user asked for the reload ('Nu vernieuwen'); it waits only for the outbox. */
  confirmed: boolean;
}

export interface UpdateGuard {
  registerUnsavedWork(id: string): void;
  clearUnsavedWork(id: string): void;
  setOutboxBusy(busy: boolean): void;
  /** A new version is ready: `apply` runs now when safe, otherwise as soon as it is safe or confirmed. */
  offerUpdate(apply: () => void): void;
  /** The user chose to reload: unsaved input is given up, a sending outbox is still waited for. */
  confirmUpdate(): void;
  /** No unsaved input and the outbox is idle. */
  isSafe(): boolean;
  /** Who holds unsaved input now (the ids registered). */
  unsavedIds(): string[];
  getState(): UpdateGuardState;
  subscribe(listener: () => void): () => void;
}

export function createUpdateGuard(): UpdateGuard {
  const unsaved = new Set<string>();
  const listeners = new Set<() => void>();
  let outboxBusy = false;
  let pending: (() => void) | null = null;
  let confirmed = false;
  let state = snapshot();

  function snapshot(): UpdateGuardState {
    return {
      updateReady: pending !== null,
      unsavedWork: unsaved.size > 0,
      outboxBusy,
      confirmed: pending !== null && confirmed,
    };
  }

  const isSafe = () => unsaved.size === 0 && !outboxBusy;

  function changed() {
    if (pending && !outboxBusy && (confirmed || unsaved.size === 0)) {
      const apply = pending;
      pending = null;
      confirmed = false;
      apply();
    }
    const next = snapshot();
    const same = (Object.keys(next) as Array<keyof UpdateGuardState>).every((key) => next[key] === state[key]);
    if (same) return;
    state = next;
    listeners.forEach((listener) => listener());
  }

  return {
    registerUnsavedWork(id) {
      unsaved.add(id);
      changed();
    },
    clearUnsavedWork(id) {
      unsaved.delete(id);
      changed();
    },
    setOutboxBusy(busy) {
      outboxBusy = busy;
      changed();
    },
    offerUpdate(apply) {
      pending = apply;
      changed();
    },
    confirmUpdate() {
      if (!pending) return;
      confirmed = true;
      changed();
    },
    isSafe,
    unsavedIds: () => [...unsaved],
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The one guard of the page. */
export const updateGuard = createUpdateGuard();

export function registerUnsavedWork(id: string): void {
  updateGuard.registerUnsavedWork(id);
}

export function clearUnsavedWork(id: string): void {
  updateGuard.clearUnsavedWork(id);
}

export function setOutboxBusy(busy: boolean): void {
  updateGuard.setOutboxBusy(busy);
}

/**
 * Marks the calling component as holding unsaved input while `isDirty` is true (and mounted); a
 * dialog opened before it then asks before a click beside it throws the input away (src/ui/Modal).
 */
export function useUnsavedWork(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    updateGuard.registerUnsavedWork(id);
    return () => updateGuard.clearUnsavedWork(id);
  }, [id, isDirty]);
}

/** The guard's state for the update notice. */
export function useUpdateGuardState(): UpdateGuardState {
  return useSyncExternalStore(updateGuard.subscribe, updateGuard.getState, updateGuard.getState);
}
