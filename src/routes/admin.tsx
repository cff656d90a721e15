import { idParams, page } from './page';
import { roleListDefaults, roleListSearch } from '../features/roles/pages/search';
import { userListDefaults, userListSearch } from '../features/users/pages/search';

/** Settings, the profile, the queues, users and roles. */
export const adminRoutes = [
  page(
    '/instellingen',
    { name: 'settings', title: 'Instellingen' },
    () => import('../features/users/pages/SettingsPage'),
    'SettingsPage',
  ),
  page(
    '/profiel',
    { name: 'profile', title: 'Mijn profiel' },
    () => import('../features/users/pages/ProfilePage'),
    'ProfilePage',
  ),
  page('/wachtrij', { name: 'outbox', title: 'Wachtrij' }, () => import('../offline/OutboxPage'), 'OutboxPage'),
  page(
    '/mailwachtrij',
    { name: 'mailOutbox', title: 'Mailwachtrij', crumbs: ['settings'], right: 'Gebruiker wijzigen' },
    () => import('../features/users/pages/MailOutboxPage'),
    'MailOutboxPage',
  ),
  // The UI kit on one page: a reference for feature authors and the surface of tests/e2e/ui-kit.spec.ts.
  page('/ui-kit', { name: 'uiKit', title: 'UI-kit' }, () => import('../ui/demo/UiKitPage'), 'UiKitPage'),
  page(
    '/gebruikersbeheer',
    { name: 'userManagement', title: 'Gebruikersbeheer', right: 'Gebruiker bekijken' },
    () => import('../features/users/pages/UserListPage'),
    'UserListPage',
    {
      search: { schema: userListSearch, defaults: userListDefaults },
      preload: ({ queryClient, search }) =>
        void import('../features/users/api/users').then((api) => api.preloadUsers(queryClient, search)),
    },
  ),
  page(
    '/gebruikers/$id',
    { name: 'userDetails', title: 'Gebruiker', crumbs: ['userManagement'], right: 'Gebruiker bekijken' },
    () => import('../features/users/pages/UserDetailPage'),
    'UserDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/users/api/users').then((api) =>
          queryClient.ensureQueryData(api.userQueryOptions(params.id)),
        ),
      loadError: 'Gebruikergegevens kunnen niet worden ingeladen',
    },
  ),
  page(
    '/rollen-en-rechten',
    { name: 'rolesRights', title: 'Rollen en rechten', right: 'Rol bekijken' },
    () => import('../features/roles/pages/RoleListPage'),
    'RoleListPage',
    {
      search: { schema: roleListSearch, defaults: roleListDefaults },
      preload: ({ queryClient, search }) =>
        void import('../features/roles/api/roles').then((api) => api.preloadRoles(queryClient, search)),
    },
  ),
  page(
    '/rollen-en-rechten/$id',
    { name: 'rolesRightsDetail', title: 'Rol', crumbs: ['rolesRights'], right: 'Rol bekijken' },
    () => import('../features/roles/pages/RoleDetailPage'),
    'RoleDetailPage',
    {
      params: idParams,
      loader: ({ queryClient, params }) =>
        import('../features/roles/api/roles').then((api) =>
          Promise.all([
            queryClient.ensureQueryData(api.roleQueryOptions(params.id)),
            queryClient.ensureQueryData(api.permissionsQueryOptions()),
          ]),
        ),
      loadError: 'Rolgegevens kunnen niet worden ingeladen',
    },
  ),
];
