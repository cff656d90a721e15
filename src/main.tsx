import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryCache, QueryClient, QueryClientProvider, MutationCache, dehydrate } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { setUnauthorizedHandler } from './api/client';
import { shouldPersistQuery, storagePersister } from './api/persister';
import { ApiError } from './api/errors';
import { createAppRouter } from './router';
import { isRouteOutcome } from './routes/kit';
import './panels';
import { Toaster } from './shell/toast';
import { ConfirmHost } from './shell/confirm';
import { UpdateNotice } from './shell/UpdateNotice';
import { onMutationError, onQueryError } from './shell/query-errors';
import { bindCacheToSessionUser, endSession, onUserDataDropped, sessionQueryKey } from './session';
import { afterFirstPaint } from './shell/first-paint';
import { setOutboxCache } from './offline/outbox-cache';
import { outboxPresence } from './offline/presence';
import './styles.css';

const DAY = 24 * 60 * 60 * 1000;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 7 * DAY, // kept for the persisted cache: pages opened before going offline keep working
      retry: (count, error) => !(error instanceof ApiError) && count < 2,
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'always' },
  },
  // Every failure is shown in one place, with the spec text from the query's or mutation's meta.
  queryCache: new QueryCache({ onError: onQueryError }),
  mutationCache: new MutationCache({ onError: onMutationError }),
});

// One entry per user (portal-query-cache:user-<id>), only the signed-in user's (src/api/persister.ts).
const persister = storagePersister({ storage: window.localStorage, prefix: 'portal-query-cache' });
const persistOptions = {
  persister,
  maxAge: 7 * DAY,
  buster: import.meta.env.VITE_APP_VERSION ?? '',
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};
/**
 * The live cache written at once, as the persist client would write it: its throttled write dies
 * with the page, and it never hears of changes made before its own restore (the guard's first answer).
 */
const persistNow = () =>
  persister.writeNow({
    buster: persistOptions.buster,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, persistOptions.dehydrateOptions),
  } as unknown as Parameters<typeof persister.writeNow>[0]);
window.addEventListener('pagehide', persistNow);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') persistNow();
});
// Restore the cache before the router's guards run: when the server cannot be reached they use the
// session restored from it (sessionForGuard, src/session/session.ts). Restored once, here, and saved on
// every change from then on (PersistQueryClientProvider would restore it again after the first render,
// and render every query once more when done).
type PersistedQueryClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
await persistQueryClientRestore({
  queryClient: queryClient as unknown as PersistedQueryClient,
  ...persistOptions,
}).catch(() => undefined);
persistQueryClientSubscribe({ queryClient: queryClient as unknown as PersistedQueryClient, ...persistOptions });
const router = createAppRouter(queryClient);

// The cache is one user's: a 401, a sign-out or another user's sign-in drops it from memory and the device.
bindCacheToSessionUser(queryClient);
onUserDataDropped(() => void persister.removeClient());

setUnauthorizedHandler(() => {
  endSession(queryClient);
  if (!location.pathname.startsWith('/inloggen')) void router.navigate({ to: '/inloggen' });
});

// Work the first page does not need waits until that page is there (or 5 s) and painted: on a phone the
// service worker's precache (2 MB) and the outbox's Dexie would otherwise share the line with the page.
const firstPageResolved = new Promise<void>((resolve) => {
  const stop = router.subscribe('onResolved', () => {
    stop();
    resolve();
  });
  setTimeout(resolve, 5000);
});
const afterFirstPage = (work: () => void) => afterFirstPaint(work, firstPageResolved);

// Its code too (with workbox-window): the first page does not need it.
afterFirstPage(() => void import('./sw-registration').then((sw) => sw.registerServiceWorker()));

// The outbox (with Dexie) loads once somebody is signed in (the login page does not need it), and
// only on a device that holds one: elsewhere the first stored action starts it (src/offline/presence.ts).
setOutboxCache(queryClient);
let outboxStarted = false;
function startOutboxOnce() {
  if (outboxStarted) return;
  outboxStarted = true;
  afterFirstPage(
    () =>
      void outboxPresence.whenExists(
        () => void import('./offline/outbox').then((outbox) => outbox.startOutbox(queryClient)),
      ),
  );
}
if (queryClient.getQueryData(sessionQueryKey)) startOutboxOnce();
queryClient.getQueryCache().subscribe((event) => {
  const [area, name] = event.query.queryKey;
  if (event.type !== 'updated' || area !== sessionQueryKey[0] || name !== sessionQueryKey[1]) return;
  if (event.query.state.data) startOutboxOnce();
  // A session the server rejected leaves the device at once: offline it must not be restored.
  else if (event.query.state.data === null) persistNow();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The first page's guards, data and code are loaded before React renders it (for at most as long as
 * the router waits before it shows 'Laden…'): React then renders it as a transition, in slices with
 * room for a tap between them, instead of in one task when the router's store announces the page
 * (docs/PERFORMANCE.md; the round in git history). Not awaited here: the pages' code imports this module,
 * so it must finish evaluating before their code can run.
 */
const firstPageLoaded = Promise.race([
  router.load().catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, router.options.defaultPendingMs ?? 1000)),
]);
const reactRoot = createRoot(root, {
  // A route's own outcome (no access, not found) is a page, not a fault: only real faults reach the console.
  onCaughtError: (error, info) => {
    if (!isRouteOutcome(error)) console.error(error, info.componentStack);
  },
});
void firstPageLoaded.then(() =>
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toaster />
          <ConfirmHost />
          <UpdateNotice />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
