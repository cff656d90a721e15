import { idParams, page } from './page';
import { preNotificationListDefaults, preNotificationListSearch } from '../features/prenotifications/pages/search';
import { BUNDLE_TABLE, stockDefaults, stockSearch } from '../features/stock/pages/search';

/** Stock (articles, bundles, items) and the pre-notifications of incoming goods. */
export const stockRoutes = [
  page(
    '/voorraad',
    { name: 'stock', title: 'Voorraad', right: 'Voorraad bekijken' },
    () => import('../features/stock/pages/StockPage'),
    'StockPage',
    {
      search: { schema: stockSearch, defaults: stockDefaults },
      preload: ({ queryClient, search, user }) => {
        void (search.tab === 'bundels'
          ? import('../features/stock/api/bundles').then((api) => api.preloadBundles(queryClient, search, BUNDLE_TABLE))
          : import('../features/stock/api/products').then((api) => api.preloadProducts(queryClient, search)));
        void import('../features/stock/api/products').then((api) =>
          api.preloadStockFilters(queryClient, search.tab, user.contact.client.client_type_id),
        );
      },
    },
  ),
  page(
    '/voorraad/$id',
    { name: 'stockDetail', title: 'Artikel', crumbs: ['stock'], right: 'Voorraad bekijken' },
    () => import('../features/stock/pages/ProductDetailPage'),
    'ProductDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/stock/api/products').then((api) =>
          queryClient.ensureQueryData(api.productQueryOptions(params.id)),
        ),
      loadError: 'Artikelgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/bundle/$id',
    { name: 'bundleDetail', title: 'Bundel', crumbs: ['stock'], right: 'Voorraad bekijken' },
    () => import('../features/stock/pages/BundleDetailPage'),
    'BundleDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/stock/api/bundles').then((api) =>
          queryClient.ensureQueryData(api.bundleQueryOptions(params.id)),
        ),
      loadError: 'Bundelgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/item/$id',
    { name: 'itemDetail', title: 'Item', crumbs: ['stock'], right: 'Voorraad bekijken' },
    () => import('../features/stock/pages/ItemDetailPage'),
    'ItemDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/stock/api/items').then((api) =>
          queryClient.ensureQueryData(api.itemQueryOptions(params.id)),
        ),
      loadError: 'Artikelgegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/voormeldingen',
    { name: 'PreNotification', title: 'Voormeldingen', right: 'Voormelding bekijken' },
    () => import('../features/prenotifications/pages/PreNotificationListPage'),
    'PreNotificationListPage',
    {
      search: { schema: preNotificationListSearch, defaults: preNotificationListDefaults },
      preload: ({ queryClient, search }) =>
        void import('../features/prenotifications/api/get-asn-list').then((api) =>
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
    () => import('../features/prenotifications/pages/PreNotificationProductsPage'),
    'PreNotificationProductsPage',
    { params: idParams },
  ),
  page(
    '/voormelding/$id',
    { name: 'preNotificationDetail', title: 'Voormelding', crumbs: ['PreNotification'], right: 'Voormelding bekijken' },
    () => import('../features/prenotifications/pages/PreNotificationDetailPage'),
    'PreNotificationDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/prenotifications/api/get-asn').then((api) =>
          queryClient.ensureQueryData(api.asnDetailQueryOptions(params.id)),
        ),
      loadError: 'Voormeldinggegevens kunnen niet worden ingeladen',
    },
  ),
];
