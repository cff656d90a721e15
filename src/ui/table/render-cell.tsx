import type { ReactNode } from 'react';
import { getIn } from '../form/form-state';
import { ActivateCell, EditPriceCell, ViewCell } from './cells';
import { plainCell } from './format-cell';
import { toggleId } from './state';
import type { Column, RowId } from './types';

export interface Selection {
  selected: RowId[];
  setSelected: (ids: RowId[]) => void;
}

/** What a column shows for a row: its own rendering, else its cell kind, else the value as text. */
export function renderCell<Row>(
  col: Column<Row>,
  row: Row,
  id: RowId,
  { selected, setSelected }: Selection,
): ReactNode {
  if (col.render) return col.render(row);
  const value = col.value ? col.value(row) : getIn(row, col.key);
  const cell = col.cell ?? { kind: 'text' as const };
  switch (cell.kind) {
    case 'view':
      return <ViewCell route={cell.route} id={cell.id ? cell.id(row) : id} label={cell.label} />;
    case 'checkbox':
      return (
        <input
          type="checkbox"
          aria-label="Selecteren"
          checked={selected.includes(id)}
          onChange={() => setSelected(toggleId(selected, id))}
        />
      );
    case 'editPrice':
      return (
        <EditPriceCell row={row} value={value} onSave={cell.onSave} canEdit={cell.canEdit ? cell.canEdit(row) : true} />
      );
    case 'activate':
      return cell.isActive?.(row) ? null : <ActivateCell row={row} onActivate={cell.onActivate} />;
    default:
      return plainCell(cell.kind, value);
  }
}

/** A text cell's whole text (a rendered one's if it has a value), shown on hover where a fitted column cuts it. */
export function cellTitle<Row>(col: Column<Row>, row: Row): string | undefined {
  if ((col.render && !col.value) || (col.cell && col.cell.kind !== 'text')) return undefined;
  const value = col.value ? col.value(row) : getIn(row, col.key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Whether a fitted column's values may end in an ellipsis: texts, not key columns, dates, buttons or checkboxes. */
export const clips = <Row,>(col: Column<Row>, actions: boolean) =>
  !col.whole && !actions && (col.render !== undefined || col.cell === undefined || col.cell.kind === 'text');

/** The classes of a column's cells: alignment, cell kind, and 'cell-actions' for the sticky buttons column. */
export const cellClass = <Row,>(col: Column<Row>, actions: boolean) =>
  `align-${col.align ?? 'left'} cell-${col.cell?.kind ?? 'text'}${actions ? ' cell-actions' : ''}`;
