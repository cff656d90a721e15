import { idParams, page } from './page';
import { customerListDefaults, customerListSearch, tabFor } from '../features/crm/pages/search';

/** The dashboard, the customers and their activity. */
export const customersRoutes = [
  page(
    '/',
    { name: 'statistics', title: 'Dashboard', right: 'Dashboard bekijken' },
    () => import('../features/dashboard/pages/DashboardPage'),
    'DashboardPage',
    {
      preload: ({ queryClient }) =>
        void import('../api/lookups').then((api) => queryClient.prefetchQuery(api.endCustomersQueryOptions())),
    },
  ),
  page(
    '/crm',
    { name: 'dashboard', title: 'CRM', right: 'Klant bekijken' },
    () => import('../features/crm/pages/CustomerListPage'),
    'CustomerListPage',
    {
      search: { schema: customerListSearch, defaults: customerListDefaults },
      preload: ({ queryClient, search, user }) =>
        void import('../features/crm/api/client-lists').then((api) =>
          api.preloadClientList(queryClient, tabFor(user.contact.client.client_type_id, search.tab), search),
        ),
    },
  ),
  page(
    '/klant/$id',
    { name: 'customerDetail', title: 'Klant', crumbs: [['statistics', 'dashboard']], right: 'Klant bekijken' },
    () => import('../features/crm/pages/CustomerDetailPage'),
    'CustomerDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/crm/api/get-client').then((api) =>
          queryClient.ensureQueryData(api.clientQueryOptions(params.id)),
        ),
      loadError: 'Klantgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/activiteiten/leveringen/$id',
    { name: 'activitiesRepair', title: 'Activiteiten', crumbs: ['repair'], right: 'Levering bekijken' },
    () => import('../features/activities/pages/ActivitiesPage'),
    'RepairActivitiesPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/activities/api/get-repair-events').then((api) =>
          queryClient.ensureQueryData(api.repairActivitiesQueryOptions(params.id)),
        ),
      loadError: 'Er kan geen data geladen worden',
    },
  ),
  page(
    '/activiteiten/$id',
    { name: 'activitiesClient', title: 'Activiteiten', crumbs: ['dashboard'], right: 'Klant bekijken' },
    () => import('../features/activities/pages/ActivitiesPage'),
    'ClientActivitiesPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/activities/api/get-client-events').then((api) => {
          void queryClient.prefetchQuery(api.clientNameQueryOptions(params.id));
          return queryClient.ensureQueryData(api.clientActivitiesQueryOptions(params.id));
        }),
      loadError: 'Er kan geen data geladen worden',
    },
  ),
];
