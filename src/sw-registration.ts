import { Workbox } from 'workbox-window';

/** Registers the service worker at its fixed path; a new version reloads the page (spec 1 §1). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  void wb.register();
}
