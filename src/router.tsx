import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  stripSearchParams,
  type ParamsOptions,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import type { Permission } from '@domain/permissions';
import { FIELDWORK_RIGHT } from '@domain/fieldwork';
import { sessionForGuard, hasRight, type SessionUser } from './session';
import { AuthLayout } from './shell/AuthLayout';
import { NotFoundPage } from './shell/NotFoundPage';
import { NoAccessPage } from './shell/NoAccessPage';
import { RouteError } from './shell/RouteError';
import { ApiError } from './api/errors';
// The list pages' search schemas: small, so the route table knows the URL before a page's code loads.
import { customerListDefaults, customerListSearch, tabFor } from './features/crm/pages/search';
import { preNotificationListDefaults, preNotificationListSearch } from './features/prenotifications/pages/search';
import { roleListDefaults, roleListSearch } from './features/roles/pages/search';
import { BUNDLE_TABLE, stockDefaults, stockSearch } from './features/stock/pages/search';
import { userListDefaults, userListSearch } from './features/users/pages/search';
import { repairListDefaults, repairListSearch } from './features/repairs/pages/search';
import { eolListDefaults, eolListSearch } from './features/eol/pages/search';

class ForbiddenRoute extends Error {}

/** The router's error for path params that fail their schema (`idParams`). */
const isBadParams = (error: unknown) => error instanceof Error && error.cause instanceof v.ValiError;

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

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption extends RouteMeta {}
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

// Public routes: the authentication layout.
const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth', component: AuthLayout });
/** The search params a page reads, with their defaults; other keys (a table's state) pass through. */
type SearchSchema<TSearch> = v.GenericSchema<Record<string, unknown>, TSearch>;
const searchOf =
  <TSearch,>(schema: SearchSchema<TSearch>) =>
  (raw: Record<string, unknown>) =>
    v.parse(schema, raw);

/** `?redirect=`: where the login and the two-step screens send the user afterwards. */
const redirectSearch = v.looseObject({ redirect: v.optional(v.string()) });

const authPage = <TPath extends string, TSearch = Record<string, unknown>>(
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

const authRoutes = [
  authPage('/inloggen', 'Inloggen', () => import('./features/auth/pages/LoginPage'), 'LoginPage', redirectSearch),
  authPage('/activeren/$token', 'Account aanmaken', () => import('./features/auth/pages/ActivatePage'), 'ActivatePage'),
  authPage(
    '/wachtwoord-vergeten',
    'Wachtwoord vergeten',
    () => import('./features/auth/pages/ForgotPasswordPage'),
    'ForgotPasswordPage',
  ),
  authPage(
    '/wachtwoord-vergeten/succes',
    'Wachtwoord vergeten',
    () => import('./features/auth/pages/ForgotPasswordSuccessPage'),
    'ForgotPasswordSuccessPage',
  ),
  authPage(
    '/wachtwoord-vernieuwen/succes',
    'Wachtwoord vernieuwd',
    () => import('./features/auth/pages/ResetPasswordSuccessPage'),
    'ResetPasswordSuccessPage',
  ),
  authPage(
    '/wachtwoord-vernieuwen/$token',
    'Wachtwoord vernieuwen',
    () => import('./features/auth/pages/ResetPasswordPage'),
    'ResetPasswordPage',
    v.looseObject({ email: v.optional(v.string()) }),
  ),
  authPage(
    '/tweestapsverificatie',
    'Tweestapsverificatie',
    () => import('./features/auth/pages/TwoFactorIntroPage'),
    'TwoFactorIntroPage',
    redirectSearch,
  ),
  authPage(
    '/tweestapsverificatie/qr',
    'Tweestapsverificatie',
    () => import('./features/auth/pages/TwoFactorCodePage'),
    'TwoFactorCodePage',
    redirectSearch,
  ),
  authPage(
    '/tweestapsverificatie/succes',
    'Tweestapsverificatie',
    () => import('./features/auth/pages/TwoFactorSuccessPage'),
    'TwoFactorSuccessPage',
    redirectSearch,
  ),
];

/**
 * Private routes: a signed-in user who passed two-step verification. Without a session: login;
 * without 2FA set up: the set-up; set up but not entered in this session: the code screen.
 */
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // Lazy: the signed-in shell (sidebar, outbox badge) is not part of the login page's JavaScript.
  component: lazyRouteComponent(() => import('./shell/AppLayout'), 'AppLayout'),
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

/** A detail route's `$id` as a number: a whole number above zero, anything else is a page that does not exist. */
const idSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'Deze pagina bestaat niet'), v.transform(Number)),
});
const idParams = {
  parse: (raw: { id: string }) => v.parse(idSchema, raw),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/** What a loader gets: `search` is the URL's, as the page's tables read it. */
interface LoadArgs<TParams> {
  queryClient: QueryClient;
  params: TParams;
  search: Record<string, unknown>;
  user: SessionUser;
}

/**
 * What a page's route owns besides its component: its params, the data it loads, and what shows while and when that
 * fails.
 */
interface PageData<TPath extends string, TParams, TSearch extends object> {
  /** Parses the path params before anything loads (`idParams`); a failure shows `loadError` or the not-found page. */
  params?: ParamsOptions<TPath, TParams>['params'];
  /** The search params the page reads, with their defaults; a value equal to its default stays out of the URL. */
  search?: { schema: SearchSchema<TSearch>; defaults: Partial<TSearch> };
  /** Loads the page's data before it shows (and on hover): `queryClient.ensureQueryData(factory)`. */
  loader?: (args: LoadArgs<TParams>) => Promise<unknown>;
  /**
   * A list's first page: starts loading on hover and on entering, without holding the page back (the table shows its
   * loading rows).
   */
  preload?: (args: LoadArgs<TParams>) => void;
  /** The spec's notice when the page's data cannot be loaded. */
  loadError?: string;
}

const pending = () => (
  <div className="panel muted" aria-busy>
    Laden…
  </div>
);

const page = <TPath extends string, TParams = Record<string, string>, TSearch extends object = Record<string, unknown>>(
  path: TPath,
  meta: RouteMeta,
  load: () => Promise<Record<string, unknown>>,
  exportName: string,
  data: PageData<TPath, TParams, TSearch> = {},
) => {
  const route = createRoute({
    getParentRoute: () => appLayout,
    path,
    staticData: meta,
    component: lazyRouteComponent(load, exportName),
    params: data.params,
    validateSearch: data.search && searchOf(data.search.schema),
    beforeLoad: ({ context }) => {
      if (meta.right && !hasRight(context.user, meta.right)) throw new ForbiddenRoute();
    },
    loader:
      (data.loader || data.preload) &&
      (({ context, params, location }) => {
        const args: LoadArgs<TParams> = {
          queryClient: context.queryClient,
          params: params as TParams,
          search: location.search,
          user: context.user,
        };
        data.preload?.(args);
        return data.loader?.(args);
      }),
    pendingComponent: data.loader && pending,
    errorComponent: ({ error }) => {
      if (error instanceof ForbiddenRoute) return <NoAccessPage />;
      // An address no record can have (/klant/abc): the page does not exist, whatever its data.
      if (isBadParams(error)) return <NotFoundPage />;
      if (data.loadError)
        return (
          <div className="panel notice notice-alert" role="alert">
            {data.loadError}
          </div>
        );
      return <RouteError error={error} />;
    },
  });
  // Set after createRoute: given inside it, the middleware keeps TypeScript from inferring the page's search type.
  if (data.search)
    Object.assign(route.options, { search: { middlewares: [stripSearchParams<TSearch>(data.search.defaults)] } });
  return route;
};

const appRoutes = [
  page(
    '/',
    { name: 'statistics', title: 'Dashboard', right: 'Dashboard bekijken' },
    () => import('./features/dashboard/pages/DashboardPage'),
    'DashboardPage',
    {
      preload: ({ queryClient }) =>
        void import('./api/lookups').then((api) => queryClient.prefetchQuery(api.endCustomersQueryOptions())),
    },
  ),
  page(
    '/crm',
    { name: 'dashboard', title: 'CRM', right: 'Klant bekijken' },
    () => import('./features/crm/pages/CustomerListPage'),
    'CustomerListPage',
    {
      search: { schema: customerListSearch, defaults: customerListDefaults },
      preload: ({ queryClient, search, user }) =>
        void import('./features/crm/api/client-lists').then((api) =>
          api.preloadClientList(queryClient, tabFor(user.contact.client.client_type_id, search.tab), search),
        ),
    },
  ),
  page(
    '/klant/$id',
    { name: 'customerDetail', title: 'Klant', crumbs: [['statistics', 'dashboard']], right: 'Klant bekijken' },
    () => import('./features/crm/pages/CustomerDetailPage'),
    'CustomerDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/crm/api/get-client').then((api) =>
          queryClient.ensureQueryData(api.clientQueryOptions(params.id)),
        ),
      loadError: 'Klantgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/activiteiten/leveringen/$id',
    { name: 'activitiesRepair', title: 'Activiteiten', crumbs: ['repair'], right: 'Levering bekijken' },
    () => import('./features/activities/pages/ActivitiesPage'),
    'RepairActivitiesPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/activities/api/get-repair-events').then((api) =>
          queryClient.ensureQueryData(api.repairActivitiesQueryOptions(params.id)),
        ),
      loadError: 'Er kan geen data geladen worden',
    },
  ),
  page(
    '/activiteiten/$id',
    { name: 'activitiesClient', title: 'Activiteiten', crumbs: ['dashboard'], right: 'Klant bekijken' },
    () => import('./features/activities/pages/ActivitiesPage'),
    'ClientActivitiesPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/activities/api/get-client-events').then((api) => {
          void queryClient.prefetchQuery(api.clientNameQueryOptions(params.id));
          return queryClient.ensureQueryData(api.clientActivitiesQueryOptions(params.id));
        }),
      loadError: 'Er kan geen data geladen worden',
    },
  ),
  page(
    '/instellingen',
    { name: 'settings', title: 'Instellingen' },
    () => import('./features/users/pages/SettingsPage'),
    'SettingsPage',
  ),
  page(
    '/profiel',
    { name: 'profile', title: 'Mijn profiel' },
    () => import('./features/users/pages/ProfilePage'),
    'ProfilePage',
  ),
  page('/wachtrij', { name: 'outbox', title: 'Wachtrij' }, () => import('./offline/OutboxPage'), 'OutboxPage'),
  page(
    '/mailwachtrij',
    { name: 'mailOutbox', title: 'Mailwachtrij', crumbs: ['settings'], right: 'Gebruiker wijzigen' },
    () => import('./features/users/pages/MailOutboxPage'),
    'MailOutboxPage',
  ),
  // The UI kit on one page: a reference for feature authors and the surface of tests/e2e/ui-kit.spec.ts.
  page('/ui-kit', { name: 'uiKit', title: 'UI-kit' }, () => import('./ui/demo/UiKitPage'), 'UiKitPage'),

  page(
    '/voorraad',
    { name: 'stock', title: 'Voorraad', right: 'Voorraad bekijken' },
    () => import('./features/stock/pages/StockPage'),
    'StockPage',
    {
      search: { schema: stockSearch, defaults: stockDefaults },
      preload: ({ queryClient, search, user }) => {
        void (search.tab === 'bundels'
          ? import('./features/stock/api/bundles').then((api) => api.preloadBundles(queryClient, search, BUNDLE_TABLE))
          : import('./features/stock/api/products').then((api) => api.preloadProducts(queryClient, search)));
        void import('./features/stock/api/products').then((api) =>
          api.preloadStockFilters(queryClient, search.tab, user.contact.client.client_type_id),
        );
      },
    },
  ),
  page(
    '/voorraad/$id',
    { name: 'stockDetail', title: 'Artikel', crumbs: ['stock'], right: 'Voorraad bekijken' },
    () => import('./features/stock/pages/ProductDetailPage'),
    'ProductDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/stock/api/products').then((api) =>
          queryClient.ensureQueryData(api.productQueryOptions(params.id)),
        ),
      loadError: 'Artikelgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/bundle/$id',
    { name: 'bundleDetail', title: 'Bundel', crumbs: ['stock'], right: 'Voorraad bekijken' },
    () => import('./features/stock/pages/BundleDetailPage'),
    'BundleDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/stock/api/bundles').then((api) =>
          queryClient.ensureQueryData(api.bundleQueryOptions(params.id)),
        ),
      loadError: 'Bundelgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/item/$id',
    { name: 'itemDetail', title: 'Item', crumbs: ['stock'], right: 'Voorraad bekijken' },
    () => import('./features/stock/pages/ItemDetailPage'),
    'ItemDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/stock/api/items').then((api) =>
          queryClient.ensureQueryData(api.itemQueryOptions(params.id)),
        ),
      loadError: 'Artikelgegevens kunnen niet worden ingeladen',
    },
  ),

  page(
    '/voormeldingen',
    { name: 'PreNotification', title: 'Voormeldingen', right: 'Voormelding bekijken' },
    () => import('./features/prenotifications/pages/PreNotificationListPage'),
    'PreNotificationListPage',
    {
      search: { schema: preNotificationListSearch, defaults: preNotificationListDefaults },
      preload: ({ queryClient, search }) =>
        void import('./features/prenotifications/api/get-asn-list').then((api) =>
          api.preloadAsnList(queryClient, search.tab === 'archive' ? 'archive' : 'open', search),
        ),
    },
  ),
  page(
    '/voormeldingen/$id',
    {
      name: 'preNotificationProducts',
      title: 'Artikelen van voormelding',
      crumbs: ['PreNotification'],
      right: 'Voormelding bekijken',
    },
    () => import('./features/prenotifications/pages/PreNotificationProductsPage'),
    'PreNotificationProductsPage',
    { params: idParams },
  ),
  page(
    '/voormelding/$id',
    { name: 'preNotificationDetail', title: 'Voormelding', crumbs: ['PreNotification'], right: 'Voormelding bekijken' },
    () => import('./features/prenotifications/pages/PreNotificationDetailPage'),
    'PreNotificationDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/prenotifications/api/get-asn').then((api) =>
          queryClient.ensureQueryData(api.asnDetailQueryOptions(params.id)),
        ),
      loadError: 'Voormeldinggegevens kunnen niet worden ingeladen',
    },
  ),

  page(
    '/leveringen',
    { name: 'deliveryPickUp', title: 'Leveringen', right: 'Levering bekijken' },
    () => import('./features/deliveries/pages/DeliveriesPage'),
    'DeliveriesPage',
  ),
  page(
    '/leveringen/vandaag',
    { name: 'deliveriesToday', title: 'Mijn leveringen vandaag', crumbs: ['deliveryPickUp'], right: FIELDWORK_RIGHT },
    () => import('./features/deliveries/pages/DeliveriesTodayPage'),
    'DeliveriesTodayPage',
  ),
  page(
    '/leveringen/$id',
    { name: 'deliveryDetail', title: 'Levering', crumbs: ['deliveryPickUp'], right: 'Levering bekijken' },
    () => import('./features/deliveries/pages/DeliveryDetailPage'),
    'DeliveryDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/deliveries/api/deliveries').then((api) =>
          queryClient.ensureQueryData(api.deliveryQueryOptions(params.id)),
        ),
      loadError: 'Leveringen kunnen niet worden ingeladen',
    },
  ),
  page(
    '/reparaties',
    { name: 'repair', title: 'Reparatie overzicht', right: 'Levering bekijken' },
    () => import('./features/repairs/pages/RepairsPage'),
    'RepairsPage',
    {
      search: { schema: repairListSearch, defaults: repairListDefaults },
    },
  ),
  page(
    '/reparaties/$id',
    { name: 'repairDetail', title: 'Reparatie', crumbs: ['repair'], right: 'Levering bekijken' },
    () => import('./features/repairs/pages/RepairDetailPage'),
    'RepairDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/repairs/api/repair-detail').then((api) =>
          queryClient.ensureQueryData(api.repairQueryOptions(params.id)),
        ),
      loadError: 'Leveringen kunnen niet worden ingeladen',
    },
  ),
  // EOL: the menu entry needs no right; the server scopes the data to the user's hierarchy.
  page('/eol', { name: 'eol', title: 'EOL overzicht' }, () => import('./features/eol/pages/EolPage'), 'EolPage', {
    search: { schema: eolListSearch, defaults: eolListDefaults },
  }),
  page(
    '/eol/$id',
    { name: 'EOLDetail', title: 'EOL', crumbs: ['eol'] },
    () => import('./features/eol/pages/EolDetailPage'),
    'EolDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/eol/api/eol-items').then((api) =>
          queryClient.ensureQueryData(api.eolItemsQueryOptions(params.id)),
        ),
      loadError: 'Productgegevens kunnen niet worden ingeladen',
    },
  ),

  page(
    '/gebruikersbeheer',
    { name: 'userManagement', title: 'Gebruikersbeheer', right: 'Gebruiker bekijken' },
    () => import('./features/users/pages/UserListPage'),
    'UserListPage',
    {
      search: { schema: userListSearch, defaults: userListDefaults },
      preload: ({ queryClient, search }) =>
        void import('./features/users/api/users').then((api) => api.preloadUsers(queryClient, search)),
    },
  ),
  page(
    '/gebruikers/$id',
    { name: 'userDetails', title: 'Gebruiker', crumbs: ['userManagement'], right: 'Gebruiker bekijken' },
    () => import('./features/users/pages/UserDetailPage'),
    'UserDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/users/api/users').then((api) =>
          queryClient.ensureQueryData(api.userQueryOptions(params.id)),
        ),
      loadError: 'Gebruikergegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/rollen-en-rechten',
    { name: 'rolesRights', title: 'Rollen en rechten', right: 'Rol bekijken' },
    () => import('./features/roles/pages/RoleListPage'),
    'RoleListPage',
    {
      search: { schema: roleListSearch, defaults: roleListDefaults },
      preload: ({ queryClient, search }) =>
        void import('./features/roles/api/roles').then((api) => api.preloadRoles(queryClient, search)),
    },
  ),
  page(
    '/rollen-en-rechten/$id',
    { name: 'rolesRightsDetail', title: 'Rol', crumbs: ['rolesRights'], right: 'Rol bekijken' },
    () => import('./features/roles/pages/RoleDetailPage'),
    'RoleDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('./features/roles/api/roles').then((api) =>
          Promise.all([
            queryClient.ensureQueryData(api.roleQueryOptions(params.id)),
            queryClient.ensureQueryData(api.permissionsQueryOptions()),
          ]),
        ),
      loadError: 'Rolgegevens kunnen niet worden ingeladen',
    },
  ),
];

export const routeTree = rootRoute.addChildren([authLayout.addChildren(authRoutes), appLayout.addChildren(appRoutes)]);

// By id, which the router gives a route when it builds the tree.
let privateRoutes: Map<string, { options: { component?: unknown } }> | undefined;
/**
 * Starts loading a private route's lazy component (a no-op once it is loaded; a failure shows when the route renders).
 */
function preloadComponent(routeId: string): void {
  privateRoutes ??= new Map([appLayout, ...appRoutes].map((route) => [route.id as string, route]));
  const component = privateRoutes.get(routeId)?.options.component as { preload?: () => Promise<void> } | undefined;
  void component?.preload?.();
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}
