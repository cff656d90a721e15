import { useEffect, useState } from 'react';

/**
 * Resolves once the browser reports the page's first contentful paint, or after 5 s where it reports
 * none (an old browser, a tab opened in the background).
 */
const firstContentfulPaint = new Promise<void>((resolve) => {
  setTimeout(resolve, 5000);
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    resolve();
  }
});

const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 1);

/**
 * Runs work the first page does not need (the outbox with Dexie, its badge, the service worker's
 * precache) after that page's first paint and `ready`, in an idle moment: on a phone, code fetched
 * and run before that paint delays it (docs/PERFORMANCE.md; the round in git history).
 */
export function afterFirstPaint(work: () => void, ready: Promise<unknown> = Promise.resolve()): void {
  void Promise.all([firstContentfulPaint, ready]).then(() => whenIdle(work));
}

/** False until the page has had its first paint and an idle moment (see `afterFirstPaint`). */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => afterFirstPaint(() => setDone(true)), []);
  return done;
}
