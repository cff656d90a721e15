import { idParams, page } from './page';
import { FIELDWORK_RIGHT } from '@domain/fieldwork';
import { repairListDefaults, repairListSearch } from '../features/repairs/pages/search';
import { eolListDefaults, eolListSearch } from '../features/eol/pages/search';

/** Deliveries, repairs and end of life. */
export const deliveriesRoutes = [
  page(
    '/leveringen',
    { name: 'deliveryPickUp', title: 'Leveringen', right: 'Levering bekijken' },
    () => import('../features/deliveries/pages/DeliveriesPage'),
    'DeliveriesPage',
  ),
  page(
    '/leveringen/vandaag',
    { name: 'deliveriesToday', title: 'Mijn leveringen vandaag', crumbs: ['deliveryPickUp'], right: FIELDWORK_RIGHT },
    () => import('../features/deliveries/pages/DeliveriesTodayPage'),
    'DeliveriesTodayPage',
  ),
  page(
    '/leveringen/$id',
    { name: 'deliveryDetail', title: 'Levering', crumbs: ['deliveryPickUp'], right: 'Levering bekijken' },
    () => import('../features/deliveries/pages/DeliveryDetailPage'),
    'DeliveryDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/deliveries/api/deliveries').then((api) =>
          queryClient.ensureQueryData(api.deliveryQueryOptions(params.id)),
        ),
      loadError: 'Leveringen kunnen niet worden ingeladen',
    },
  ),
  page(
    '/reparaties',
    { name: 'repair', title: 'Reparatie overzicht', right: 'Levering bekijken' },
    () => import('../features/repairs/pages/RepairsPage'),
    'RepairsPage',
    {
      search: { schema: repairListSearch, defaults: repairListDefaults },
    },
  ),
  page(
    '/reparaties/$id',
    { name: 'repairDetail', title: 'Reparatie', crumbs: ['repair'], right: 'Levering bekijken' },
    () => import('../features/repairs/pages/RepairDetailPage'),
    'RepairDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/repairs/api/repair-detail').then((api) =>
          queryClient.ensureQueryData(api.repairQueryOptions(params.id)),
        ),
      loadError: 'Leveringen kunnen niet worden ingeladen',
    },
  ),
  // EOL: the menu entry needs no right; the server scopes the data to the user's hierarchy.
  page('/eol', { name: 'eol', title: 'EOL overzicht' }, () => import('../features/eol/pages/EolPage'), 'EolPage', {
    search: { schema: eolListSearch, defaults: eolListDefaults },
  }),
  page(
    '/eol/$id',
    { name: 'EOLDetail', title: 'EOL', crumbs: ['eol'] },
    () => import('../features/eol/pages/EolDetailPage'),
    'EolDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/eol/api/eol-items').then((api) =>
          queryClient.ensureQueryData(api.eolItemsQueryOptions(params.id)),
        ),
      loadError: 'Productgegevens kunnen niet worden ingeladen',
    },
  ),
];
