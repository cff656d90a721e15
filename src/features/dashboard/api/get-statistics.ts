import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { Statistics } from '@domain/contracts/statistics';

export type { StatisticsCategory as Category, Statistics } from '@domain/contracts/statistics';

export const getStatistics = (customerId: number, year: number) =>
  getJson<Statistics>(`getstatistics/${customerId}/${year}`);

export const statisticsQueryOptions = (customerId: number | null, year: number) =>
  queryOptions({
    queryKey: queryKeys.dashboard.statistics(customerId, year),
    // No customer chosen yet: nothing to ask.
    queryFn: customerId === null ? skipToken : () => getStatistics(customerId, year),
    placeholderData: keepPreviousData,
    meta: { errorText: 'Statistieken kunnen niet worden ingeladen' },
  });

export function useStatistics(customerId: number | null, year: number) {
  return useQuery(statisticsQueryOptions(customerId, year));
}
