import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type Paged } from './client';
import { queryKeys } from './keys';
import type { ClientOption } from '@domain/contracts/clients';

/**
 * Lists that more than one area chooses from (dropdowns and filters). One key each, so a change
 * refreshes every dropdown that shows the list (src/api/keys.ts `staleAfter`).
 */
export interface Option {
  id: number;
  name: string;
}

const LOOKUP_STALE_MS = 60_000;

export const endCustomersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lookups.endCustomers,
    queryFn: () => getJson<ClientOption[]>('getallendcustomers'),
    staleTime: LOOKUP_STALE_MS,
  });

export const resellersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lookups.resellers,
    queryFn: () => getJson<ClientOption[]>('getallresellers'),
    staleTime: LOOKUP_STALE_MS,
  });

/** The direct children of a client: a reseller's end customers, an end customer's end users. */
export const childrenOfQueryOptions = (parentId: number) =>
  queryOptions({
    queryKey: queryKeys.lookups.childrenOf(parentId),
    queryFn: () => getJson<Option[]>(`getendclientsbyparentid/${parentId}`),
    staleTime: LOOKUP_STALE_MS,
  });

/** The roles an account may get (GET /api/roles, all on one page; needs 'Rol bekijken'). */
export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lookups.roles,
    queryFn: async () => (await getJson<Paged<Option>>('roles', { searchParams: { per_page: 200 } })).data,
    retry: false,
  });

export const productGroupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.lookups.productGroups,
    queryFn: () => getJson<Option[]>('product-groups'),
    staleTime: 5 * 60_000,
    meta: { errorText: 'Productgroepen kunnen niet worden ingeladen' },
  });

/** One product group's name (GET /api/product-groups/{id}). */
export const productGroupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.lookups.productGroup(id),
    queryFn: () => getJson<Option>(`product-groups/${id}`),
    staleTime: 5 * 60_000,
    meta: { errorText: 'Productgroep kan niet worden ingeladen' },
  });

export const useEndCustomers = (enabled = true) => useQuery({ ...endCustomersQueryOptions(), enabled });
export const useResellers = (enabled = true) => useQuery({ ...resellersQueryOptions(), enabled });
export const useChildrenOf = (parentId: number | null | undefined, enabled = true) =>
  useQuery({ ...childrenOfQueryOptions(parentId ?? 0), enabled: enabled && !!parentId });
export const useRoleOptions = (enabled = true) => useQuery({ ...roleOptionsQueryOptions(), enabled });
export const useProductGroups = () => useQuery(productGroupsQueryOptions());
/** `shown`: the name already at hand while the group loads. */
export const useProductGroup = (id: number, shown?: Option | null) =>
  useQuery({ ...productGroupQueryOptions(id), placeholderData: shown ?? undefined });
