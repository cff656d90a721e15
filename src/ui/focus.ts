/** Focus helpers for dialogs and menus. */

const FOCUSABLE = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type=hidden])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside a container, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
}

/**
 * Where Tab (or Shift+Tab) must go to stay inside a dialog: wrap from the last element to the
 * first and back, or enter the list when focus is outside it. Null: the browser's own move is fine.
 */
export function nextTrapTarget<T>(items: readonly T[], active: unknown, backwards: boolean): T | null {
  const index = items.indexOf(active as T);
  const first = items[0];
  const last = items.at(-1);
  if (first === undefined || last === undefined) return null;
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === items.length - 1) return first;
  return null;
}
