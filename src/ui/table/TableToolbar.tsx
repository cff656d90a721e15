import type { ReactNode } from 'react';
import { SearchBox } from './SearchBox';
import { isFilterShown, withAllEntry, type FilterValue } from './state';
import type { TableFilter } from './types';

/**
 * Search, the filter drop-downs that have something to choose (more than two entries with 'all',
 * spec 1 §2.4) and the page's own controls. Nothing when there is none of these.
 */
export function TableToolbar({
  search,
  onSearch,
  placeholder,
  filters,
  values,
  onFilter,
  extra,
}: {
  /** Null: no search box. */
  search: string | null;
  onSearch: (text: string) => void;
  placeholder: string;
  filters: TableFilter[];
  values: Record<string, FilterValue>;
  onFilter: (name: string, value: FilterValue) => void;
  extra?: ReactNode;
}) {
  const shown = filters
    .map((f) => ({ ...f, list: withAllEntry(f.allLabel, f.options) }))
    .filter((f) => isFilterShown(f.list));
  if (search === null && shown.length === 0 && !extra) return null;
  const idOf = (o: { id: FilterValue }) => String(o.id ?? '');
  return (
    <div className="table-toolbar">
      {search !== null && <SearchBox value={search} placeholder={placeholder} onCommit={onSearch} />}
      {shown.map((f) => (
        <select
          key={f.name}
          className="table-filter"
          aria-label={f.allLabel}
          value={String(values[f.name] ?? '')}
          onChange={(e) => onFilter(f.name, f.list.find((o) => idOf(o) === e.target.value)?.id ?? null)}
        >
          {f.list.map((o) => (
            <option key={String(o.id)} value={idOf(o)}>
              {o.name}
            </option>
          ))}
        </select>
      ))}
      {extra && <div className="table-toolbar-extra">{extra}</div>}
    </div>
  );
}
