import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';
import type { UserDetail, UserListRow as UserRow } from '@domain/contracts/users';

export type RoleRef = UserDetail['roles'][number];
export type { UserListRow as UserRow, UserDetail } from '@domain/contracts/users';

export const fetchUsers = (params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<UserRow>>('users', { searchParams: toSearchParams(params), signal });

export const usersQueryOptions = (params: TableParams) =>
  queryOptions({ queryKey: [...queryKeys.users.lists, params], queryFn: ({ signal }) => fetchUsers(params, signal) });

/** The route's preload: the list's first page. */
export function preloadUsers(queryClient: QueryClient, search: Record<string, unknown>) {
  const options = usersQueryOptions(tableParamsOf(search));
  void preloadTable(queryClient, options.queryKey, () => queryClient.ensureQueryData(options));
}

export const fetchUser = (id: number) => getJson<UserDetail>(`users/${id}`);

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.users.detail(id),
    queryFn: () => fetchUser(id),
    retry: false,
    meta: { errorText: 'Gebruikergegevens kunnen niet worden ingeladen' },
  });
