import { useEffect, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Paged } from '../../api/client';
import { withPage, type TableParams } from './state';
import type { DataTableProps } from './types';
import { useTableParams } from './useTableParams';

const LOAD_FAILED = 'Er kan geen data geladen worden';

/**
 * The table's state (search, filters, sort, page; in the URL if asked) and its rows: one page at a
 * time, or pages added by 'Laad meer'. `latest` is the state as of the last render, for handlers.
 */
export function useTableRows<Row>(props: DataTableProps<Row>) {
  const mode = props.mode ?? 'pages';
  const queryClient = useQueryClient();
  const [params, setParams] = useTableParams(props.defaults, props.urlState);
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  // One fetcher whichever way the feature hands it over.
  const fetchPage = async (p: TableParams, signal: AbortSignal): Promise<Paged<Row>> => {
    if (props.fetchPage) return props.fetchPage(p, signal);
    if (!props.query) throw new Error('DataTable: give fetchPage or query');
    const { queryKey, queryFn } = props.query(p);
    if (typeof queryFn !== 'function') throw new Error('DataTable: the query has no queryFn');
    return queryFn({ queryKey, signal, meta: undefined, client: queryClient });
  };
  const keyFor = (p: TableParams): QueryKey =>
    props.query ? props.query(p).queryKey : [...(props.queryKey ?? ['table']), p];
  // A failed load shows the spec's toast through the query cache (src/shell/query-errors.ts): the
  // table's own text, else the query's meta, else the generic one; the table empties.
  const meta = { errorText: props.loadErrorText ?? props.query?.(params).meta?.errorText ?? LOAD_FAILED };

  const paged = useQuery({
    queryKey: keyFor(params),
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
    enabled: mode === 'pages',
    meta,
  });
  const firstPage = { ...params, page: 1 };
  const infinite = useInfiniteQuery({
    queryKey: [...keyFor(firstPage), 'more'],
    queryFn: ({ signal, pageParam }) => fetchPage({ ...firstPage, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Row>) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: mode === 'loadMore',
    meta,
  });
  const active = mode === 'pages' ? paged : infinite;

  // A page beyond the end (rows deleted, another tab's page in the URL): go to the last page.
  const overshoot =
    mode === 'pages' &&
    paged.data &&
    !paged.isPlaceholderData &&
    paged.data.total > 0 &&
    params.page > paged.data.last_page
      ? paged.data.last_page
      : null;
  useEffect(() => {
    // Replace, not push: Back must not return to the page that does not exist.
    if (overshoot !== null) setParams(withPage(latest.current, overshoot), { replace: true });
  }, [overshoot, setParams]);

  const rows: Row[] = active.isError
    ? []
    : mode === 'pages'
      ? (paged.data?.data ?? [])
      : (infinite.data?.pages.flatMap((p) => p.data) ?? []);
  const loading = active.isPending && !active.isError;
  return {
    params,
    latest,
    setParams,
    rows,
    loading,
    refreshing: active.isFetching && !loading,
    fetching: active.isFetching,
    failed: active.isError,
    /** The newest page the server answered: its counts drive the pagination. */
    lastPage: mode === 'pages' ? paged.data : infinite.data?.pages.at(-1),
    loadMore: infinite.hasNextPage ? () => void infinite.fetchNextPage() : null,
    loadingMore: infinite.isFetchingNextPage,
  };
}
