import { useCallback, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

export const MIN_COLUMN_WIDTH = 56;

/**
 * Resizable columns. Until the first drag the browser lays the table out (widths are hints); the
 * first drag measures every header and switches to fixed widths, so only the dragged column moves.
 */
export function useColumnWidths(
  keys: string[],
  initial: Record<string, number | undefined>,
  tableRef: RefObject<HTMLTableElement | null>,
) {
  const [widths, setWidths] = useState<Record<string, number | undefined>>(initial);
  const [fixed, setFixed] = useState(false);

  const freeze = useCallback((): Record<string, number> => {
    const ths = Array.from(tableRef.current?.querySelectorAll<HTMLTableCellElement>('thead th') ?? []);
    const measured: Record<string, number> = {};
    keys.forEach((key, i) => (measured[key] = ths[i]?.getBoundingClientRect().width ?? widths[key] ?? 120));
    setWidths(measured);
    setFixed(true);
    return measured;
  }, [keys, tableRef, widths]);

  const startResize = useCallback(
    (event: ReactPointerEvent, key: string) => {
      event.preventDefault();
      event.stopPropagation();
      const startX = event.clientX;
      const startWidth = freeze()[key] ?? 120;
      document.body.classList.add('is-resizing');
      const move = (e: PointerEvent) => {
        const width = Math.max(MIN_COLUMN_WIDTH, Math.round(startWidth + e.clientX - startX));
        setWidths((w) => ({ ...w, [key]: width }));
      };
      const up = () => {
        document.body.classList.remove('is-resizing');
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    },
    [freeze],
  );

  const total = fixed ? keys.reduce((sum, k) => sum + (widths[k] ?? 0), 0) : undefined;
  return { widths, fixed, total, startResize };
}
