import { Workbox } from 'workbox-window';
import { updateGuard } from './shell/update-guard';

const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

declare global {
  interface Window {
    /** Checks for a new version now (used by the browser tests; harmless otherwise). */
    __checkForUpdate?: () => Promise<void>;
  }
}

/**
 * Registers the service worker at its fixed path; a new version reloads the page (spec 1 §1), but
 * only when the update guard says it is safe (no unsaved input, outbox idle).
 *
 * The new worker waits after installing. When safe, this page tells it to take over
 * (SKIP_WAITING) and reloads once it controls the page. Other tabs see the take-over as a
 * controller change they did not ask for; they reload through the guard as well.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // Workbox's isUpdate only tells whether a worker controlled the page at registration; a first
  // visit that is claimed and later updated needs its own bookkeeping.
  let controlled = Boolean(navigator.serviceWorker.controller);
  let takeOverRequested = false;
  const reload = () => window.location.reload();

  wb.addEventListener('waiting', () => {
    updateGuard.offerUpdate(() => {
      takeOverRequested = true;
      wb.messageSkipWaiting();
    });
  });

  wb.addEventListener('controlling', () => {
    if (!controlled) {
      controlled = true; // the first version claimed the page: nothing to reload
      return;
    }
    if (takeOverRequested) reload();
    else updateGuard.offerUpdate(reload);
  });

  const checkForUpdate = async () => {
    try {
      await wb.update();
    } catch {
      // Offline or the server is away: the next check tries again.
    }
  };
  window.__checkForUpdate = checkForUpdate;
  setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
  window.addEventListener('online', () => void checkForUpdate());

  // Refused (a browser that blocks workers, a private window): the app works on without one.
  wb.register().catch(() => undefined);
}
