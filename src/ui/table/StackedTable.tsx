import type { ReactNode } from 'react';

export interface StackedColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** A test id for the column's cell (a count the tests read). */
  testId?: (row: T) => string;
}

/**
 * A short table that stacks on a phone (styles.css `.table-stacked`): every row a block, its first cell the
 * block's heading and each other cell shown as 'Label: value'.
 */
export function StackedTable<T extends { id: number }>({
  label,
  columns,
  rows,
  className,
}: {
  label: string;
  columns: StackedColumn<T>[];
  rows: T[];
  className?: string;
}) {
  return (
    <div className="table-scroll">
      <table className={className ? `table table-stacked ${className}` : 'table table-stacked'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c, i) => (
                <td key={c.label} data-label={i === 0 ? undefined : c.label} data-testid={c.testId?.(row)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
