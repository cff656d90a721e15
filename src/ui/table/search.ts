import * as v from 'valibot';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { initialParams, type TableParams } from './state';
import { readUrlState, urlKeys } from './url-state';

/**
 * A list page's search params as a route schema (src/router.tsx `page(…, { search })`): the
 * table's keys from url-state.ts plus the page's own (a tab). A value the page cannot use is
 * dropped, not an error, so a hand-edited or old link still opens the list.
 */
const lenient = <TSchema extends v.GenericSchema>(schema: TSchema) => v.fallback(v.optional(schema), undefined);

/** The router parses `?q=123` as a number. */
const text = lenient(v.pipe(v.union([v.string(), v.number()]), v.transform(String)));
const order = lenient(v.picklist(['asc', 'desc']));
const page = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)), 1),
  1,
);
/** null: the 'all' entry chosen over a non-null default filter. */
const filter = lenient(v.union([v.null(), v.number(), v.string()]));

type Key<TPrefix extends string, TName extends string> = TPrefix extends '' ? TName : `${TPrefix}_${TName}`;

export type TableSearchEntries<TPrefix extends string, TFilter extends string> = {
  [K in Key<TPrefix, 'q'> | Key<TPrefix, 'sort'>]: typeof text;
} & { [K in Key<TPrefix, 'order'>]: typeof order } & { [K in Key<TPrefix, 'page'>]: typeof page } & {
  [K in Key<TPrefix, `f_${TFilter}`>]: typeof filter;
};

/** The entries of one table's keys; `prefix` as the table's `urlState` when a page has two tables. */
export function tableSearch<const TFilter extends string = never, const TPrefix extends string = ''>(
  filters: readonly TFilter[] = [],
  prefix?: TPrefix,
): TableSearchEntries<TPrefix, TFilter> {
  const k = urlKeys(prefix);
  const entries = {
    [k.search]: text,
    [k.sort]: text,
    [k.order]: order,
    [k.page]: page,
    ...Object.fromEntries(filters.map((f) => [k.filter(f), filter])),
  };
  return entries as TableSearchEntries<TPrefix, TFilter>;
}

/** The defaults stripSearchParams leaves out of the URL: page 1 of each table. */
export const tableSearchDefaults = <const TPrefix extends string = ''>(prefix?: TPrefix) =>
  ({ [urlKeys(prefix).page]: 1 }) as { [K in Key<TPrefix, 'page'>]: 1 };

/** The table's params as a route loader reads them from the validated search (the same key the table asks for). */
export const tableParamsOf = (
  search: Record<string, unknown>,
  defaults?: Partial<TableParams>,
  prefix?: string,
): TableParams => readUrlState(search, initialParams(defaults), prefix);

/**
 * Loads a list's first page before the page shows (and on hover). A failure is left to the table,
 * which shows the list's own toast and empties: the failed entry is dropped so the table asks again.
 */
export async function preloadTable(
  queryClient: QueryClient,
  queryKey: QueryKey,
  load: () => Promise<unknown>,
): Promise<void> {
  try {
    await load();
  } catch {
    queryClient.removeQueries({ queryKey, exact: true });
  }
}
