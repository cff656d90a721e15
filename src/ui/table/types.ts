import type { ReactNode } from 'react';
import type { QueryFunctionContext, QueryKey, SkipToken } from '@tanstack/react-query';
import type { Paged } from '../../api/client';
import type { CellKind } from './cells';
import type { FilterOption, TableParams } from './state';

export interface Column<Row> {
  /** Field of the row (dotted for nested: 'client.name'); also the sort key unless sortKey is set. */
  key: string;
  header: string;
  sortable?: boolean;
  sortKey?: string;
  /**
   * Starting width in px; the user can drag it wider or narrower. In a fitted table a column without
   * one takes the room left and is the first to give way.
   */
  width?: number;
  /**
   * What the row is (order number, serial, name): in a fitted table its values are never cut short; the
   * table scrolls sideways inside its box before they would be.
   */
  whole?: boolean;
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

/** Whether a column holds the row's buttons (see Column.actions). */
export const isActions = <Row>(col: Column<Row>, index: number, count: number) =>
  col.actions ??
  (col.cell?.kind === 'view' ||
    col.cell?.kind === 'activate' ||
    (index === count - 1 && col.header === '' && col.cell?.kind !== 'checkbox'));

export interface TableFilter {
  /** Sent as filters[name]. */
  name: string;
  /** Label of the 'all' entry (id null), e.g. 'Alle eindklanten'. */
  allLabel: string;
  options: FilterOption[];
}

export type RowId = string | number;

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
   * A list that fits its panel: the widths are what a column would like, and the
   * table is no wider than its panel while that leaves every heading its longest word. Headings wrap
   * between words, never inside one; key columns (`whole`) and dates, buttons and checkboxes keep
   * their values whole; other texts end in an ellipsis with the whole text in the cell's title. Space
   * runs short: a column without a width gives way first, then the others alike. Narrower than the
   * headings and key values together, the table scrolls sideways inside its box as any other.
   */
  fit?: boolean;
}
