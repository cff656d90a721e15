import { useEffect, useState } from 'react';

/** How long a page waits for a service worker to hold the app before fetching ahead itself. */
const PATIENCE_MS = 5000;

/**
 * Resolves true when the page should fetch code it may need offline itself: no service worker holds
 * the app within PATIENCE_MS (a first visit on a slow connection, a browser without service workers);
 * false when one does (it precaches every chunk at install, so nothing needs fetching ahead).
 */
const fetchAheadNeeded: Promise<boolean> = new Promise((resolve) => {
  setTimeout(() => resolve(true), PATIENCE_MS);
  if ('serviceWorker' in navigator)
    void navigator.serviceWorker.ready.then(
      () => resolve(false),
      () => resolve(true),
    );
});

/** False until the page knows it must fetch ahead what it may need offline (see fetchAheadNeeded). */
export function useFetchAhead(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let mounted = true;
    void fetchAheadNeeded.then((value) => mounted && setNeeded(value));
    return () => {
      mounted = false;
    };
  }, []);
  return needed;
}
