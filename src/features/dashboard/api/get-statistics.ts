import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';

export interface Category {
  name: string;
  count: number;
}

export interface Statistics {
  total_items_in_stock: number;
  total_items_in_use: number;
  total_items_in_repair: number;
  usedCategories: Category[];
  inStockCategories: Category[];
  inRepairCategories: Category[];
  eolItems: { month: number; amount: number; ratio: number; past: boolean }[];
  repairItems: number[];
  itemInUse: number[];
  deliveries: {
    totalbulkItems: number[];
    daysBulkPerMonth: number[];
    daysSwapPerMonth: number[];
    enlistmentItems: number[];
    daysEmployedPerMonth: number[];
    daysDeparturePerMonth: number[];
    daysRepairPerMonth: number[];
    daysMutationsPerMonth: number[];
    mutationItems: number[];
  };
  departures: number[];
  swapItems: number[];
}

export const getStatistics = (customerId: number, year: number) => getJson<Statistics>(`getstatistics/${customerId}/${year}`);

export const statisticsQueryOptions = (customerId: number | null, year: number) =>
  queryOptions({
    queryKey: queryKeys.dashboard.statistics(customerId, year),
    queryFn: () => getStatistics(customerId!, year),
    enabled: customerId !== null,
    placeholderData: keepPreviousData,
    meta: { errorText: 'Statistieken kunnen niet worden ingeladen' },
  });

export function useStatistics(customerId: number | null, year: number) {
  return useQuery(statisticsQueryOptions(customerId, year));
}
