import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { Permission } from '@domain/permissions';
import { sessionForGuard, hasRight } from '../session';
import { AuthLayout } from '../shell/AuthLayout';
import { NotFoundPage } from '../shell/NotFoundPage';
import { RouteError } from '../shell/RouteError';
import { ApiError } from '../api/errors';

// The router's frame: its root, the public and the signed-in layouts, and what a route's error means.

export class ForbiddenRoute extends Error {}

/** The router's error for path params that fail their schema (`idParams`). */
export const isBadParams = (error: unknown) => error instanceof Error && error.cause instanceof v.ValiError;

/**
 * What a route shows as a page of its own, not as a fault: no right to it, an address no record can
 * have, a record that is not there (404) or not the user's (403). React reports every error a route's
 * boundary catches on the console; src/main.tsx leaves these out.
 */
export function isRouteOutcome(error: unknown): boolean {
  return (
    error instanceof ForbiddenRoute ||
    isBadParams(error) ||
    (error instanceof ApiError && (error.status === 404 || error.status === 403))
  );
}

/**
 * Route metadata: the menu, titles, breadcrumbs and guards read this table; a page renders its own top-bar actions
 * (src/shell/top-bar.tsx).
 */
export interface RouteMeta {
  /** The spec's route name (menu entries and "also active on" refer to it). */
  name?: string;
  title?: string;
  /**
   * Parent crumbs before the page's own title, by route name. A list of names is a choice: the first
   * route whose right the user holds (the customer page: 'Dashboard' if allowed, else 'CRM').
   */
  crumbs?: (string | string[])[];
  right?: Permission;
}

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

// Public routes: the authentication layout.
export const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth', component: AuthLayout });
/** The search params a page reads, with their defaults; other keys (a table's state) pass through. */
export type SearchSchema<TSearch> = v.GenericSchema<Record<string, unknown>, TSearch>;
export const searchOf =
  <TSearch,>(schema: SearchSchema<TSearch>) =>
  (raw: Record<string, unknown>) =>
    v.parse(schema, raw);

/** `?redirect=`: where the login and the two-step screens send the user afterwards. */
export const redirectSearch = v.looseObject({ redirect: v.optional(v.string()) });

export const authPage = <TPath extends string, TSearch = Record<string, unknown>>(
  path: TPath,
  title: string,
  load: () => Promise<Record<string, unknown>>,
  exportName: string,
  search?: SearchSchema<TSearch>,
) =>
  createRoute({
    getParentRoute: () => authLayout,
    path,
    staticData: { title },
    component: lazyRouteComponent(load, exportName),
    validateSearch: search && searchOf(search),
  });

/** The signed-in app's pages as `page()` (./page.tsx) makes them: the app layout starts their code by route id. */
const appPages: AnyRoute[] = [];
export const registerAppPage = (route: AnyRoute) => void appPages.push(route);

/**
 * Private routes: a signed-in user who passed two-step verification. Without a session: login;
 * without 2FA set up: the set-up; set up but not entered in this session: the code screen.
 */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // Lazy: the signed-in shell (sidebar, outbox badge) is not part of the login page's JavaScript.
  component: lazyRouteComponent(() => import('../shell/AppLayout'), 'AppLayout'),
  errorComponent: ({ error }) => <RouteError error={error} />,
  beforeLoad: async ({ context, location, matches }) => {
    // The shell's and the page's code load while the session is asked, instead of after it.
    for (const match of matches) preloadComponent(match.routeId);
    const user = await sessionForGuard(context.queryClient);
    if (!user) throw redirect({ to: '/inloggen', search: { redirect: location.href } });
    if (!user.otp_enabled) throw redirect({ to: '/tweestapsverificatie' });
    if (!user.otp_authorized) throw redirect({ to: '/tweestapsverificatie/qr' });
    const target = matches.at(-1);
    const right = target?.staticData?.right;
    if (target?.routeId === '/app/' && !hasRight(user, right)) throw redirect({ to: '/crm' });
    return { user };
  },
});

// By id, which the router gives a route when it builds the tree.
let privateRoutes: Map<string, { options: { component?: unknown } }> | undefined;
/**
 * Starts loading a private route's lazy component (a no-op once it is loaded; a failure shows when the route renders).
 */
function preloadComponent(routeId: string): void {
  privateRoutes ??= new Map([appLayout, ...appPages].map((route) => [route.id as string, route]));
  const component = privateRoutes.get(routeId)?.options.component as { preload?: () => Promise<void> } | undefined;
  void component?.preload?.();
}
