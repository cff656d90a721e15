/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/**
 * Paths the worker never answers for: the API (the app keeps its own persisted query cache, and a
 * stale answer from here would bypass it) and server-made files such as shipping labels.
 */
const serverOnly = [/^\/api(\/|$)/, /^\/deliveries\//];
const isServerOnly = (url: URL) =>
  url.origin !== self.location.origin || serverOnly.some((re) => re.test(url.pathname));

// The shell is precached; every navigation is answered with it, also offline and for deep links.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...serverOnly, /^\/excel\//] }));

// Images outside the precache (icons added later, the apple-touch-icon) rarely change.
registerRoute(
  ({ request, url }) => request.destination === 'image' && !isServerOnly(url),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Import templates: usable offline, refreshed in the background.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/excel/'),
  new StaleWhileRevalidate({ cacheName: 'templates', plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
);

// A new version waits until the page says it is safe to take over (src/sw-registration.ts).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first version takes the open page at once, so it works offline without a reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
