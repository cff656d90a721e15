import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { appLayout, authLayout, rootRoute, type RouteMeta } from './routes/kit';
import { authRoutes } from './routes/auth';
import { customersRoutes } from './routes/customers';
import { stockRoutes } from './routes/stock';
import { deliveriesRoutes } from './routes/deliveries';
import { adminRoutes } from './routes/admin';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption extends RouteMeta {}
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * The route tree: the public pages under the auth layout, the signed-in pages (src/routes/, one file per area, each
 * page declared with `page()` of src/routes/page.tsx) under the app layout.
 */
const appRoutes = [...customersRoutes, ...stockRoutes, ...deliveriesRoutes, ...adminRoutes];

export const routeTree = rootRoute.addChildren([authLayout.addChildren(authRoutes), appLayout.addChildren(appRoutes)]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}
