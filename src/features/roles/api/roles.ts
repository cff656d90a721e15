import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson, type Paged } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import { preloadTable, tableParamsOf } from '../../../ui/table/search';
import type { PermissionRow } from '@domain/contracts/auth';
import type { RoleDetail, RoleListRow as RoleRow } from '@domain/contracts/roles';

export type { RoleListRow as RoleRow, RoleDetail } from '@domain/contracts/roles';

const ROLE_LOAD_FAILED = 'Rolgegevens kunnen niet worden ingeladen';

export const fetchRoles = (params: TableParams, signal?: AbortSignal) =>
  getJson<Paged<RoleRow>>('roles', { searchParams: toSearchParams(params), signal });

export const rolesQueryOptions = (params: TableParams) =>
  queryOptions({ queryKey: [...queryKeys.roles.lists, params], queryFn: ({ signal }) => fetchRoles(params, signal) });

/** The route's preload: the list's first page. */
export function preloadRoles(queryClient: QueryClient, search: Record<string, unknown>) {
  const options = rolesQueryOptions(tableParamsOf(search));
  void preloadTable(queryClient, options.queryKey, () => queryClient.ensureQueryData(options));
}

export const fetchRole = (id: number) => getJson<RoleDetail>(`roles/${id}`);

export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.roles.detail(id),
    queryFn: () => fetchRole(id),
    retry: false,
    meta: { errorText: ROLE_LOAD_FAILED },
  });

/** Every right of the product; the list comes from the server (spec 2 §3). */
export const fetchPermissions = () => getJson<PermissionRow[]>('permissions');

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.roles.permissions,
    queryFn: fetchPermissions,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { errorText: ROLE_LOAD_FAILED },
  });
