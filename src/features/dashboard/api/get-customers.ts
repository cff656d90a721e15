import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';

export interface CustomerOption {
  id: number;
  name: string;
}

export const getEndCustomers = () => getJson<CustomerOption[]>('getallendcustomers');

export const endCustomersQueryOptions = () => queryOptions({ queryKey: ['dashboard', 'customers'], queryFn: getEndCustomers, staleTime: 5 * 60_000 });

export function useEndCustomers() {
  return useQuery(endCustomersQueryOptions());
}
