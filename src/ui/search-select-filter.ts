/** Pure logic of the search-select (spec 1 §2.5), kept apart from React for unit tests. */

export const BLUR_DELAY_MS = 150;
export const LIST_MAX_HEIGHT_PX = 400;
export const NO_RESULTS = 'Geen resultaten';

export interface SelectOption {
  id: string | number;
  name: string;
}

/** Options whose name contains the typed text, case-insensitively; all of them for empty text. */
export function filterOptions<T extends SelectOption>(options: readonly T[], text: string): T[] {
  const needle = text.trim().toLocaleLowerCase('nl');
  if (!needle) return [...options];
  return options.filter((o) => o.name.toLocaleLowerCase('nl').includes(needle));
}

/**
 * On losing focus: text that names an option exactly (any case) picks it; empty text clears the
 * choice; anything else reverts to the last valid option, or clears when there was none.
 */
export function resolveBlur<T extends SelectOption>(
  text: string, options: readonly T[], current: T | null,
): { value: T | null; text: string } {
  const trimmed = text.trim();
  if (!trimmed) return { value: null, text: '' };
  const exact = options.find((o) => o.name.toLocaleLowerCase('nl') === trimmed.toLocaleLowerCase('nl'));
  if (exact) return { value: exact, text: exact.name };
  return current ? { value: current, text: current.name } : { value: null, text: '' };
}

/** Arrow keys move through the list and wrap around; -1 means nothing highlighted. */
export function moveActive(index: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return index < 0 || index >= count - 1 ? 0 : index + 1;
  return index <= 0 ? count - 1 : index - 1;
}

/**
 * Where the list goes: below the field when it fits (or has the most room), else above; never
 * taller than 400 px or the room there is. Fixed positioning keeps it out of a modal's scroll box.
 */
export function placeList(
  field: { top: number; bottom: number; left: number; width: number }, viewportHeight: number, maxHeight = LIST_MAX_HEIGHT_PX, gap = 4,
  enoughRoom = Math.min(maxHeight, 200),
): { left: number; width: number; maxHeight: number; top?: number; bottom?: number } {
  const below = viewportHeight - field.bottom - gap - 8;
  const above = field.top - gap - 8;
  const base = { left: field.left, width: field.width };
  if (below >= enoughRoom || below >= above) return { ...base, top: field.bottom + gap, maxHeight: Math.max(80, Math.min(maxHeight, below)) };
  return { ...base, bottom: viewportHeight - field.top + gap, maxHeight: Math.min(maxHeight, above) };
}
