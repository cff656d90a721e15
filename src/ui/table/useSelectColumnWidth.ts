import { useLayoutEffect, type RefObject } from 'react';

/** The selection column's real width as --select-width: the sticky column after it starts there. */
export function useSelectColumnWidth(tableRef: RefObject<HTMLTableElement | null>, enabled: boolean) {
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
