import {
  createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect, type AnyRoute,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Permission } from './domain/permissions';
import { sessionQueryOptions, hasRight } from './session';
import { AuthLayout } from './shell/AuthLayout';
import { NotFoundPage } from './shell/NotFoundPage';
import { NoAccessPage } from './shell/NoAccessPage';
import { RouteError } from './shell/RouteError';

class ForbiddenRoute extends Error {}

export interface TopBarButton {
  label: string;
  /** Named event the page listens to (src/shell/events.ts). */
  event: string;
  right?: Permission;
}

/** Route metadata: the menu, titles, breadcrumbs, guards and top-bar buttons all read this table. */
export interface RouteMeta {
  /** The spec's route name (menu entries and "also active on" refer to it). */
  name?: string;
  title?: string;
  /** Parent crumbs before the page's own title, by route name. */
  crumbs?: string[];
  right?: Permission;
  buttons?: TopBarButton[];
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
const authPage = (path: string, title: string, load: () => Promise<any>, exportName: string) =>
  createRoute({ getParentRoute: () => authLayout, path, staticData: { title }, component: lazyRouteComponent(load, exportName) });

const authRoutes = [
  authPage('/inloggen', 'Inloggen', () => import('./features/auth/pages/LoginPage'), 'LoginPage'),
  authPage('/activeren/$token', 'Account aanmaken', () => import('./features/auth/pages/ActivatePage'), 'ActivatePage'),
  authPage('/wachtwoord-vergeten', 'Wachtwoord vergeten', () => import('./features/auth/pages/ForgotPasswordPage'), 'ForgotPasswordPage'),
  authPage('/wachtwoord-vergeten/succes', 'Wachtwoord vergeten', () => import('./features/auth/pages/ForgotPasswordSuccessPage'), 'ForgotPasswordSuccessPage'),
  authPage('/wachtwoord-vernieuwen/succes', 'Wachtwoord vernieuwd', () => import('./features/auth/pages/ResetPasswordSuccessPage'), 'ResetPasswordSuccessPage'),
  authPage('/wachtwoord-vernieuwen/$token', 'Wachtwoord vernieuwen', () => import('./features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage'),
  authPage('/tweestapsverificatie', 'Tweestapsverificatie', () => import('./features/auth/pages/TwoFactorIntroPage'), 'TwoFactorIntroPage'),
  authPage('/tweestapsverificatie/qr', 'Tweestapsverificatie', () => import('./features/auth/pages/TwoFactorCodePage'), 'TwoFactorCodePage'),
  authPage('/tweestapsverificatie/succes', 'Tweestapsverificatie', () => import('./features/auth/pages/TwoFactorSuccessPage'), 'TwoFactorSuccessPage'),
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
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!user) throw redirect({ to: '/inloggen', search: { redirect: location.href } as any });
    if (!user.otp_enabled) throw redirect({ to: '/tweestapsverificatie' });
    if (!user.otp_authorized) throw redirect({ to: '/tweestapsverificatie/qr' });
    const target = matches.at(-1);
    const right = target?.staticData?.right;
    if (target?.routeId === '/app/' && !hasRight(user, right)) throw redirect({ to: '/crm' });
    return { user };
  },
});

const page = (
  path: string, meta: RouteMeta, load: () => Promise<any>, exportName: string,
): AnyRoute =>
  createRoute({
    getParentRoute: () => appLayout,
    path,
    staticData: meta,
    component: lazyRouteComponent(load, exportName),
    beforeLoad: ({ context }) => {
      if (meta.right && !hasRight(context.user, meta.right)) throw new ForbiddenRoute();
    },
    errorComponent: ({ error }) => (error instanceof ForbiddenRoute ? <NoAccessPage /> : <RouteError error={error} />),
  });


const appRoutes = [
  page('/', { name: 'statistics', title: 'Dashboard', right: 'Dashboard bekijken' }, () => import('./features/dashboard/DashboardPage'), 'DashboardPage'),
  page('/crm', {
    name: 'dashboard', title: 'CRM', right: 'Klant bekijken',
    buttons: [
      { label: 'Nieuwe klant', event: 'customer:create', right: 'Klant aanmaken' },
      { label: 'Exporteren', event: 'customer:export', right: 'Klant exporteren' },
    ],
  }, () => import('./features/crm/CustomerListPage'), 'CustomerListPage'),
  page('/klant/$id', { name: 'customerDetail', title: 'Klant', crumbs: ['dashboard'], right: 'Klant bekijken' }, () => import('./features/crm/CustomerDetailPage'), 'CustomerDetailPage'),
  page('/activiteiten/leveringen/$id', { name: 'activitiesRepair', title: 'Activiteiten' }, () => import('./features/activities/ActivitiesPage'), 'RepairActivitiesPage'),
  page('/activiteiten/$id', { name: 'activitiesClient', title: 'Activiteiten', crumbs: ['dashboard'], right: 'Klant bekijken' }, () => import('./features/activities/ActivitiesPage'), 'ClientActivitiesPage'),
  page('/instellingen', { name: 'settings', title: 'Instellingen' }, () => import('./features/users/SettingsPage'), 'SettingsPage'),
  page('/profiel', { name: 'profile', title: 'Mijn profiel' }, () => import('./features/users/ProfilePage'), 'ProfilePage'),
  page('/wachtrij', { name: 'outbox', title: 'Wachtrij' }, () => import('./offline/OutboxPage'), 'OutboxPage'),
  // The UI kit on one page: a reference for feature authors and the surface of tests/e2e/ui-kit.spec.ts.
  page('/ui-kit', { name: 'uiKit', title: 'UI-kit' }, () => import('./ui/demo/UiKitPage'), 'UiKitPage'),

  page('/voorraad', {
    name: 'stock', title: 'Voorraad', right: 'Voorraad bekijken',
    buttons: [
      { label: 'Voorraad aanmaken', event: 'stock:create', right: 'Voorraad aanmaken' },
      { label: 'Voorraad importeren', event: 'stock:import', right: 'Voorraad importeren' },
      { label: 'Voorraad exporteren', event: 'stock:export', right: 'Voorraad exporteren' },
      { label: 'Voorraad afroepen', event: 'stock:bulk-call-off', right: 'Bulkafroep aanmaken' },
    ],
  }, () => import('./features/stock/pages/StockPage'), 'StockPage'),
  page('/voorraad/$id', { name: 'stockDetail', title: 'Artikel', crumbs: ['stock'], right: 'Voorraad bekijken' }, () => import('./features/stock/pages/ProductDetailPage'), 'ProductDetailPage'),
  page('/bundle/$id', { name: 'bundleDetail', title: 'Bundel', crumbs: ['stock'], right: 'Voorraad bekijken' }, () => import('./features/stock/pages/BundleDetailPage'), 'BundleDetailPage'),
  page('/item/$id', { name: 'itemDetail', title: 'Item', crumbs: ['stock'], right: 'Voorraad bekijken' }, () => import('./features/stock/pages/ItemDetailPage'), 'ItemDetailPage'),

  page('/voormeldingen', {
    name: 'PreNotification', title: 'Voormeldingen', right: 'Voormelding bekijken',
    buttons: [
      { label: 'Voormelding aanmaken', event: 'prenotification:create', right: 'Voormelding aanmaken' },
      { label: 'Voormelding exporteren', event: 'prenotification:export', right: 'Voormelding exporteren' },
    ],
  }, () => import('./features/prenotifications/pages/PreNotificationListPage'), 'PreNotificationListPage'),
  page('/voormeldingen/$id', { name: 'preNotificationProducts', title: 'Artikelen van voormelding', crumbs: ['PreNotification'], right: 'Voormelding bekijken' }, () => import('./features/prenotifications/pages/PreNotificationProductsPage'), 'PreNotificationProductsPage'),
  page('/voormelding/$id', { name: 'preNotificationDetail', title: 'Voormelding', crumbs: ['PreNotification'], right: 'Voormelding bekijken' }, () => import('./features/prenotifications/pages/PreNotificationDetailPage'), 'PreNotificationDetailPage'),

  page('/leveringen', { name: 'deliveryPickUp', title: 'Leveringen', right: 'Levering bekijken', buttons: [{ label: 'Exporteren', event: 'delivery:export', right: 'Levering exporteren' }] }, () => import('./features/deliveries/DeliveriesPage'), 'DeliveriesPage'),
  page('/leveringen/$id', { name: 'deliveryDetail', title: 'Levering', crumbs: ['deliveryPickUp'], right: 'Levering bekijken' }, () => import('./features/deliveries/DeliveryDetailPage'), 'DeliveryDetailPage'),
  page('/reparaties', { name: 'repair', title: 'Reparatie overzicht', right: 'Levering bekijken', buttons: [{ label: 'Exporteren', event: 'repair:export', right: 'Reparaties exporteren' }] }, () => import('./features/repairs/RepairsPage'), 'RepairsPage'),
  page('/reparaties/$id', { name: 'repairDetail', title: 'Reparatie', crumbs: ['repair'], right: 'Levering bekijken' }, () => import('./features/repairs/RepairDetailPage'), 'RepairDetailPage'),
  page('/eol', { name: 'eol', title: 'EOL overzicht', buttons: [{ label: 'Exporteren', event: 'eol:export', right: 'EOL exporteren' }] }, () => import('./features/eol/EolPage'), 'EolPage'),
  page('/eol/$id', { name: 'EOLDetail', title: 'EOL', crumbs: ['eol'] }, () => import('./features/eol/EolDetailPage'), 'EolDetailPage'),

  page('/gebruikersbeheer', { name: 'userManagement', title: 'Gebruikersbeheer', right: 'Gebruiker bekijken', buttons: [{ label: 'Exporteren', event: 'users:export', right: 'Gebruikers exporteren' }] }, () => import('./features/users/UserListPage'), 'UserListPage'),
  page('/gebruikers/$id', { name: 'userDetails', title: 'Gebruiker', crumbs: ['userManagement'], right: 'Gebruiker bekijken' }, () => import('./features/users/UserDetailPage'), 'UserDetailPage'),
  page('/rollen-en-rechten', { name: 'rolesRights', title: 'Rollen en rechten', right: 'Rol bekijken', buttons: [{ label: 'Nieuwe rol', event: 'roles:create', right: 'Rol aanmaken' }] }, () => import('./features/roles/RoleListPage'), 'RoleListPage'),
  page('/rollen-en-rechten/$id', { name: 'rolesRightsDetail', title: 'Rol', crumbs: ['rolesRights'], right: 'Rol bekijken' }, () => import('./features/roles/RoleDetailPage'), 'RoleDetailPage'),
];

export const routeTree = rootRoute.addChildren([authLayout.addChildren(authRoutes), appLayout.addChildren(appRoutes)]);

/** Route name (spec) to path, for the menu and breadcrumbs. */
export const pathByName: Record<string, string> = Object.fromEntries(
  appRoutes.map((r) => [(r.options as { staticData?: RouteMeta }).staticData?.name, (r.options as { path: string }).path]),
);
export const metaByName: Record<string, RouteMeta> = Object.fromEntries(
  appRoutes.map((r) => [(r.options as { staticData?: RouteMeta }).staticData?.name, (r.options as { staticData: RouteMeta }).staticData]),
);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', defaultPreloadStaleTime: 0, scrollRestoration: true });
}
