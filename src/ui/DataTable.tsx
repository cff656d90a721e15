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
 *       { key: 'price', header: 'Tarief', cell: { kind: 'editPrice', onSave: (row, cents) => savePrice(row.id, cents) }
 * },
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
import { useRef, useState } from 'react';
import { Pagination } from './table/Pagination';
import { cellClass, cellTitle, clips, renderCell } from './table/render-cell';
import { allState, ariaSort, nextSort, toggleAll, withFilter, withPage, withSearch } from './table/state';
import { TableToolbar } from './table/TableToolbar';
import { isActions, type Column, type DataTableProps, type RowId } from './table/types';
import { useColumnWidths } from './table/useColumnWidths';
import { useSelectColumnWidth } from './table/useSelectColumnWidth';
import { useTableRows } from './table/useTableRows';

export type { TableParams } from './table/state';
export { toSearchParams } from './table/state';
export type { CellKind } from './table/cells';
export type { Column, DataTableProps, TableFilter, TableQuery } from './table/types';

export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    columns,
    filters = [],
    searchable = true,
    searchPlaceholder = 'Zoeken…',
    mode = 'pages',
    label,
    rowId = (row: Row) => (row as { id: RowId }).id,
    emptyText = 'Er is geen data gevonden',
  } = props;
  const { params, latest, setParams, rows, loading, refreshing, fetching, failed, lastPage, loadMore, loadingMore } =
    useTableRows(props);
  const update = setParams;

  // Selection (checkbox cells).
  const [ownSelection, setOwnSelection] = useState<RowId[]>([]);
  const selected = props.selected ?? ownSelection;
  const setSelected = (ids: RowId[]) => (props.onSelectedChange ? props.onSelectedChange(ids) : setOwnSelection(ids));
  const visibleIds = rows.map(rowId);
  const selectAll = allState(selected, visibleIds);

  const tableRef = useRef<HTMLTableElement>(null);
  // A selection column first: the column after it also sticks, just right of it (styles.css).
  const selectFirst = columns[0]?.cell?.kind === 'checkbox';
  useSelectColumnWidth(tableRef, selectFirst);
  const { widths, fixed, total, startResize } = useColumnWidths(
    columns.map((c) => c.key),
    Object.fromEntries(columns.map((c) => [c.key, c.width ?? (c.cell?.kind === 'checkbox' ? 48 : undefined)])),
    tableRef,
  );

  const header = (col: Column<Row>) => {
    if (col.cell?.kind === 'checkbox') {
      return (
        <input
          type="checkbox"
          aria-label="Alles selecteren"
          checked={selectAll === 'all'}
          disabled={rows.length === 0}
          ref={(el) => {
            if (el) el.indeterminate = selectAll === 'some';
          }}
          onChange={() => setSelected(toggleAll(selected, visibleIds))}
        />
      );
    }
    // A column of buttons has no title on screen (the spec's tables); a screen reader still names it, so each cell has
    // a header.
    if (!col.header) return <span className="sr-only">Acties</span>;
    if (!col.sortable) return <span className="th-label">{col.header}</span>;
    const sortKey = col.sortKey ?? col.key;
    const dir = ariaSort(params, sortKey);
    return (
      <button type="button" className="th-sort" onClick={() => update(nextSort(latest.current, sortKey))}>
        <span className="th-label">{col.header}</span>
        <span className={`sort-icon sort-${dir}`} aria-hidden>
          {dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    );
  };

  const classes = columns.map((col, index) => cellClass(col, isActions(col, index, columns.length)));
  // A fitted table's texts that may be cut short: the cell's content in a box that does not widen its column.
  const clipped = columns.map((col, index) => props.fit === true && clips(col, isActions(col, index, columns.length)));
  const tableClass = ['table', refreshing && 'is-refreshing', selectFirst && 'has-select', props.fit && 'is-fit']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="data-table">
      <TableToolbar
        search={searchable ? params.search : null}
        placeholder={searchPlaceholder}
        onSearch={(v) => update(withSearch(latest.current, v))}
        filters={filters}
        values={params.filters}
        onFilter={(name, value) => update(withFilter(latest.current, name, value))}
        extra={props.toolbar}
      />
      <div className="table-scroll">
        <table
          ref={tableRef}
          className={tableClass}
          aria-label={label}
          aria-busy={fetching}
          style={fixed ? { tableLayout: 'fixed', width: total } : undefined}
        >
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={widths[c.key] ? { width: widths[c.key] } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((col, index) => (
                <th
                  key={col.key}
                  scope="col"
                  className={classes[index]}
                  aria-sort={col.sortable ? ariaSort(params, col.sortKey ?? col.key) : undefined}
                >
                  {header(col)}
                  {/* Mouse and touch only: a focusable handle would be read out in every header's name. */}
                  <span
                    className="col-resize"
                    aria-hidden
                    onPointerDown={(e) => startResize(e, col.key)}
                    onClick={(e) => e.stopPropagation()}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={`skeleton-${i}`} className="skeleton-row" aria-hidden>
                  {columns.map((c) => (
                    <td key={c.key}>
                      <span className="skeleton" />
                    </td>
                  ))}
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
                    <td
                      key={col.key}
                      className={classes[index]}
                      title={clipped[index] ? cellTitle(col, row) : undefined}
                    >
                      {clipped[index] ? (
                        <span className="cell-clip">{renderCell(col, row, id, { selected, setSelected })}</span>
                      ) : (
                        renderCell(col, row, id, { selected, setSelected })
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {mode === 'pages' && lastPage && !failed && (
        <Pagination
          page={params.page}
          lastPage={lastPage.last_page}
          perPage={lastPage.per_page}
          total={lastPage.total}
          rowsOnPage={rows.length}
          onPage={(p) => update(withPage(latest.current, p))}
        />
      )}
      {mode === 'loadMore' && loadMore && !failed && (
        <div className="table-footer table-footer-more">
          <button type="button" className="link-button load-more" disabled={loadingMore} onClick={loadMore}>
            {loadingMore ? 'Laden…' : 'Laad meer'}
          </button>
        </div>
      )}
    </div>
  );
}
