import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';

export interface RoleRef {
  id: number;
  name: string;
}

/** A row of GET /api/users. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  role: string;
  roles: RoleRef[];
  client_name: string;
}

/** GET /api/users/{id} (spec 2 §3 User). */
export interface UserDetail {
  id: number;
  name: string;
  email: string;
  otp_enabled: boolean;
  activated: boolean;
  created_at: string;
  roles: RoleRef[];
  contact: { id: number; email: string | null; phone: string | null; client: { id: number; name: string; client_type_id: number } };
}

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

export const userQueryOptions = (id: number) => queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: () => fetchUser(id), retry: false, meta: { errorText: 'Gebruikergegevens kunnen niet worden ingeladen' } });

