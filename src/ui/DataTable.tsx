/**
 * The generic server-driven table of every list (spec 1 §2.4).
 *
 * Usage:
 *   <DataTable<Product>
 *     label="Artikelen"
 *     queryKey={['stock', 'products']}                     // the table appends its params
 *     fetchPage={(params) => fetchProducts(params)}        // (params: TableParams) => Promise<Paged<Row>>
 *     // or: query={(params) => productsQueryOptions(params)}  (a queryOptions factory)
 *     columns={[
 *       { key: 'name', header: 'Productnaam', sortable: true, width: 240 },
 *       { key: 'created_at', header: 'Aangemaakt', cell: { kind: 'date' } },
 *       { key: 'price', header: 'Tarief', cell: { kind: 'editPrice', onSave: (row, cents) => savePrice(row.id, cents) } },
 *       { key: 'id', header: '', cell: { kind: 'view', route: 'stockDetail' } },
 *     ]}
 *     filters={[{ name: 'client', allLabel: 'Alle eindklanten', options: clients }]}  // options: { id, name }[]
 *     urlState                                              // keep search/filters/sort/page in the URL
 *     mode="loadMore"                                       // 'Laad meer' instead of pages
 *   />
 * The fetcher turns params into the query string with `toSearchParams(params, perPage?)` (search as
 * filters[all], filters[name], sort, order, page). Selection: a { kind: 'checkbox' } column plus
 * `selected` / `onSelectedChange` (ids from `rowId`, default row.id). Other props: `searchable={false}`
 * hides the search box, `defaults` sets starting filters or sort, `urlState="items"` prefixes the
 * URL keys when a page has two tables. A failed load shows the toast 'Er kan geen data geladen
 * worden' and empties the table. Every cell kind is shown working on /ui-kit (src/ui/demo).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryFunctionContext, type QueryKey, type SkipToken,
} from '@tanstack/react-query';
import type { Paged } from '../api/client';
import { getIn } from './form/form-state';
import { ActivateCell, EditPriceCell, ViewCell, type CellKind } from './table/cells';
import { plainCell } from './table/format-cell';
import { createDebouncer } from './table/debounce';
import { Pagination } from './table/Pagination';
import {
  allState, ariaSort, isFilterShown, nextSort, toggleAll, toggleId, withAllEntry, withFilter, withPage, withSearch,
  type FilterOption, type FilterValue, type TableParams,
} from './table/state';
import { useColumnWidths } from './table/useColumnWidths';
import { useTableParams } from './table/useTableParams';

export type { TableParams } from './table/state';
export { toSearchParams } from './table/state';
export type { CellKind } from './table/cells';

export interface Column<Row> {
  /** Field of the row (dotted for nested: 'client.name'); also the sort key unless sortKey is set. */
  key: string;
  header: string;
  sortable?: boolean;
  sortKey?: string;
  /** Starting width in px; the user can drag it wider or narrower. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  cell?: CellKind<Row>;
  /** The value when it is not row[key]. */
  value?: (row: Row) => unknown;
  /** Free rendering; wins over cell. */
  render?: (row: Row) => ReactNode;
  /**
   * Buttons for the row: the column sticks to the right edge when the table scrolls sideways and is
   * never clipped. Default: 'view' and 'activate' cells, and a last column without a header.
   */
  actions?: boolean;
}

const isActions = <Row,>(col: Column<Row>, index: number, count: number) =>
  col.actions ?? (col.cell?.kind === 'view' || col.cell?.kind === 'activate' || (index === count - 1 && col.header === '' && col.cell?.kind !== 'checkbox'));

export interface TableFilter {
  /** Sent as filters[name]. */
  name: string;
  /** Label of the 'all' entry (id null), e.g. 'Alle eindklanten'. */
  allLabel: string;
  options: FilterOption[];
}

type RowId = string | number;

/**
 * What a `queryOptions` factory answers. The fetcher is a method type, so a factory whose key is
 * a narrower tuple fits (method parameters compare bivariantly).
 */
export interface TableQuery<Row> {
  queryKey: QueryKey;
  queryFn?: SkipToken | { fetch(context: QueryFunctionContext): Paged<Row> | Promise<Paged<Row>> }['fetch'];
  /** `errorText`: the spec's toast when a page fails to load (when the table names none). */
  meta?: { errorText?: string };
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  queryKey?: QueryKey;
  fetchPage?: (params: TableParams, signal?: AbortSignal) => Promise<Paged<Row>>;
  query?: (params: TableParams) => TableQuery<Row>;
  filters?: TableFilter[];
  defaults?: Partial<TableParams>;
  searchable?: boolean;
  searchPlaceholder?: string;
  mode?: 'pages' | 'loadMore';
  /** Keep the state in the URL; a string is a key prefix for pages with more than one table. */
  urlState?: boolean | string;
  rowId?: (row: Row) => RowId;
  selected?: RowId[];
  onSelectedChange?: (ids: RowId[]) => void;
  /** Accessible name of the table. */
  label?: string;
  /** Extra controls in the toolbar (right side). */
  toolbar?: ReactNode;
  emptyText?: string;
  /** The toast text when a page fails to load (spec: per list, e.g. 'Rollen kunnen niet worden ingeladen'). */
  loadErrorText?: string;
  /**
   * The columns' widths are the widths (a fixed table layout filling the panel): a long text ends in
   * an ellipsis with the whole text in its title instead of widening the table. Below the sum of
   * the widths the table scrolls inside its box as any other. For a main list that must fit a
   * laptop screen (issue 21): give every column a width, their sum at most the panel's width.
   */
  fit?: boolean;
}

const LOAD_FAILED = 'Er kan geen data geladen worden';

function SearchBox({ value, onCommit, placeholder }: { value: string; onCommit: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  const debouncer = useMemo(() => createDebouncer<string>((v) => commit.current(v)), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  // Back/forward or a reset changed the search from outside: show it, unless the user is typing.
  if (value !== seen) {
    setSeen(value);
    if (!debouncer.pending) setText(value);
  }
  return (
    <div className="table-search">
      <svg className="table-search-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2.2">
        <circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" />
      </svg>
      <input type="search" aria-label="Zoeken" placeholder={placeholder} value={text}
        onChange={(e) => { setText(e.target.value); debouncer.push(e.target.value); }}
        onKeyDown={(e) => e.key === 'Enter' && debouncer.flush()} />
    </div>
  );
}

/** The selection column's real width as --select-width: the sticky column after it starts there. */
function useSelectColumnWidth(tableRef: RefObject<HTMLTableElement | null>, enabled: boolean) {
  useLayoutEffect(() => {
    const table = tableRef.current;
    const th = table?.querySelector('thead th');
    if (!enabled || !table || !th) return;
    const measure = () => table.style.setProperty('--select-width', `${th.getBoundingClientRect().width}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(th);
    return () => observer.disconnect();
  }, [tableRef, enabled]);
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    columns, filters = [], searchable = true, searchPlaceholder = 'Zoeken…', mode = 'pages', urlState, label,
    rowId = (row: Row) => (row as { id: RowId }).id, emptyText = 'Er is geen data gevonden',
  } = props;
  const queryClient = useQueryClient();
  const [params, setParams] = useTableParams(props.defaults, urlState);
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  // One fetcher whichever way the feature hands it over.
  const fetchPage = async (p: TableParams, signal: AbortSignal): Promise<Paged<Row>> => {
    if (props.fetchPage) return props.fetchPage(p, signal);
    const { queryKey, queryFn } = props.query!(p);
    if (typeof queryFn !== 'function') throw new Error('DataTable: the query has no queryFn');
    return queryFn({ queryKey, signal, meta: undefined, client: queryClient });
  };
  const keyFor = (p: TableParams): QueryKey => (props.query ? props.query(p).queryKey : [...(props.queryKey ?? ['table']), p]);
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
  const overshoot = mode === 'pages' && paged.data && !paged.isPlaceholderData && paged.data.total > 0 && params.page > paged.data.last_page
    ? paged.data.last_page : null;
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
  const refreshing = active.isFetching && !loading;

  // Selection (checkbox cells).
  const [ownSelection, setOwnSelection] = useState<RowId[]>([]);
  const selected = props.selected ?? ownSelection;
  const setSelected = (ids: RowId[]) => (props.onSelectedChange ? props.onSelectedChange(ids) : setOwnSelection(ids));
  const visibleIds = rows.map(rowId);
  const selectAll = allState(selected, visibleIds);

  const tableRef = useRef<HTMLTableElement>(null);
  const keys = columns.map((c) => c.key);
  useSelectColumnWidth(tableRef, columns[0]?.cell?.kind === 'checkbox');
  const { widths, fixed, total, startResize } = useColumnWidths(
    keys, Object.fromEntries(columns.map((c) => [c.key, c.width ?? (c.cell?.kind === 'checkbox' ? 48 : undefined)])), tableRef,
  );

  const update = (next: TableParams) => setParams(next);
  const shownFilters = filters.map((f) => ({ ...f, list: withAllEntry(f.allLabel, f.options) })).filter((f) => isFilterShown(f.list));

  const renderCell = (col: Column<Row>, row: Row): ReactNode => {
    if (col.render) return col.render(row);
    const value = col.value ? col.value(row) : getIn(row, col.key);
    const cell = col.cell ?? { kind: 'text' as const };
    switch (cell.kind) {
      case 'view': return <ViewCell route={cell.route} id={cell.id ? cell.id(row) : rowId(row)} label={cell.label} />;
      case 'checkbox': {
        const id = rowId(row);
        return <input type="checkbox" aria-label="Selecteren" checked={selected.includes(id)} onChange={() => setSelected(toggleId(selected, id))} />;
      }
      case 'editPrice': return <EditPriceCell row={row} value={value} onSave={cell.onSave} canEdit={cell.canEdit ? cell.canEdit(row) : true} />;
      case 'activate': return cell.isActive?.(row) ? null : <ActivateCell row={row} onActivate={cell.onActivate} />;
      default: return plainCell(cell.kind, value);
    }
  };

  /** A plain text cell's whole text, shown on hover where a fitted column cuts it off. */
  const cellTitle = (col: Column<Row>, row: Row): string | undefined => {
    if (col.render || (col.cell && col.cell.kind !== 'text')) return undefined;
    const value = col.value ? col.value(row) : getIn(row, col.key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  const header = (col: Column<Row>) => {
    if (col.cell?.kind === 'checkbox') {
      return (
        <input type="checkbox" aria-label="Alles selecteren" checked={selectAll === 'all'} disabled={rows.length === 0}
          ref={(el) => { if (el) el.indeterminate = selectAll === 'some'; }}
          onChange={() => setSelected(toggleAll(selected, visibleIds))} />
      );
    }
    if (!col.sortable) return <span className="th-label">{col.header}</span>;
    const sortKey = col.sortKey ?? col.key;
    const dir = ariaSort(params, sortKey);
    return (
      <button type="button" className="th-sort" onClick={() => update(nextSort(latest.current, sortKey))}>
        <span className="th-label">{col.header}</span>
        <span className={`sort-icon sort-${dir}`} aria-hidden>{dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : '↕'}</span>
      </button>
    );
  };

  const last = mode === 'pages' ? paged.data : infinite.data?.pages.at(-1);
  const cellClass = (col: Column<Row>, index: number) =>
    `align-${col.align ?? 'left'} cell-${col.cell?.kind ?? 'text'}${isActions(col, index, columns.length) ? ' cell-actions' : ''}`;
  // A selection column first: the column after it also sticks, just right of it (styles.css).
  const selectFirst = columns[0]?.cell?.kind === 'checkbox';
  const tableClass = ['table', refreshing && 'is-refreshing', selectFirst && 'has-select', props.fit && 'is-fit'].filter(Boolean).join(' ');
  return (
    <div className="data-table">
      {(searchable || shownFilters.length > 0 || props.toolbar) && (
        <div className="table-toolbar">
          {searchable && (
            <SearchBox value={params.search} placeholder={searchPlaceholder} onCommit={(v) => update(withSearch(latest.current, v))} />
          )}
          {shownFilters.map((f) => (
            <select key={f.name} className="table-filter" aria-label={f.allLabel} value={String(params.filters[f.name] ?? '')}
              onChange={(e) => {
                const option = f.list.find((o) => String(o.id ?? '') === e.target.value);
                update(withFilter(latest.current, f.name, (option?.id ?? null) as FilterValue));
              }}>
              {f.list.map((o) => <option key={String(o.id)} value={String(o.id ?? '')}>{o.name}</option>)}
            </select>
          ))}
          {props.toolbar && <div className="table-toolbar-extra">{props.toolbar}</div>}
        </div>
      )}
      <div className="table-scroll">
        <table ref={tableRef} className={tableClass} aria-label={label} aria-busy={active.isFetching}
          style={fixed ? { tableLayout: 'fixed', width: total } : props.fit ? { tableLayout: 'fixed' } : undefined}>
          <colgroup>
            {columns.map((c) => <col key={c.key} style={widths[c.key] ? { width: widths[c.key] } : undefined} />)}
          </colgroup>
          <thead>
            <tr>
              {columns.map((col, index) => (
                <th key={col.key} scope="col" className={cellClass(col, index)}
                  aria-sort={col.sortable ? ariaSort(params, col.sortKey ?? col.key) : undefined}>
                  {header(col)}
                  {/* Mouse and touch only: a focusable handle would be read out in every header's name. */}
                  <span className="col-resize" aria-hidden onPointerDown={(e) => startResize(e, col.key)} onClick={(e) => e.stopPropagation()} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={`skeleton-${i}`} className="skeleton-row" aria-hidden>
                  {columns.map((c) => <td key={c.key}><span className="skeleton" /></td>)}
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr className="empty-row">
                <td colSpan={columns.length}>{emptyText}</td>
              </tr>
            )}
            {rows.map((row, i) => {
              const id = rowId(row);
              return (
                <tr key={`${String(id)}-${i}`} className={selected.includes(id) ? 'is-selected' : undefined}>
                  {columns.map((col, index) => (
                    <td key={col.key} className={cellClass(col, index)} title={props.fit ? cellTitle(col, row) : undefined}>{renderCell(col, row)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {mode === 'pages' && last && !active.isError && (
        <Pagination page={params.page} lastPage={last.last_page} perPage={last.per_page} total={last.total}
          rowsOnPage={rows.length} onPage={(p) => update(withPage(latest.current, p))} />
      )}
      {mode === 'loadMore' && infinite.hasNextPage && !active.isError && (
        <div className="table-footer table-footer-more">
          <button type="button" className="link-button load-more" disabled={infinite.isFetchingNextPage} onClick={() => void infinite.fetchNextPage()}>
            {infinite.isFetchingNextPage ? 'Laden…' : 'Laad meer'}
          </button>
        </div>
      )}
    </div>
  );
}
