/** Pure logic of the search-select (spec 1 §2.5), kept apart from React for unit tests. */

export const BLUR_DELAY_MS = 150;
export const LIST_MAX_HEIGHT_PX = 400;
export const NO_RESULTS = 'Geen resultaten';
/** The height of one option before it is measured (one line: 0.5rem padding above and below). */
export const OPTION_ESTIMATE_PX = 40;

export interface SelectOption {
  id: string | number;
  name: string;
}

/** The options with their names lowercased once, so each keystroke compares without lowercasing 20,000 names again. */
export interface OptionIndex<T extends SelectOption> {
  options: readonly T[];
  names: readonly string[];
}

/**
 * Dutch has no casing rules of its own (unlike Turkish or Lithuanian), so the language-neutral lowercase is the Dutch
 * one, without a locale lookup per name.
 */
const lower = (text: string) => text.toLowerCase();

export function indexOptions<T extends SelectOption>(options: readonly T[]): OptionIndex<T> {
  return { options, names: options.map((o) => lower(o.name)) };
}

/** Options whose name contains the typed text, case-insensitively; all of them (the same array) for empty text. */
export function filterIndexed<T extends SelectOption>(index: OptionIndex<T>, text: string): readonly T[] {
  const needle = lower(text.trim());
  if (!needle) return index.options;
  return index.options.filter((_, i) => index.names[i]?.includes(needle));
}

/** Options whose name contains the typed text, case-insensitively; all of them for empty text. */
export function filterOptions<T extends SelectOption>(options: readonly T[], text: string): T[] {
  return [...filterIndexed(indexOptions(options), text)];
}

/**
 * On losing focus: text that names an option exactly (any case) picks it; empty text clears the
 * choice; anything else reverts to the last valid option, or clears when there was none.
 */
export function resolveBlur<T extends SelectOption>(
  text: string,
  options: readonly T[],
  current: T | null,
): { value: T | null; text: string } {
  const trimmed = text.trim();
  if (!trimmed) return { value: null, text: '' };
  const wanted = lower(trimmed);
  const exact = options.find((o) => lower(o.name) === wanted);
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
  field: { top: number; bottom: number; left: number; width: number },
  viewportHeight: number,
  maxHeight = LIST_MAX_HEIGHT_PX,
  gap = 4,
  enoughRoom = Math.min(maxHeight, 200),
): { left: number; width: number; maxHeight: number; top?: number; bottom?: number } {
  const below = viewportHeight - field.bottom - gap - 8;
  const above = field.top - gap - 8;
  const base = { left: field.left, width: field.width };
  if (below >= enoughRoom || below >= above)
    return { ...base, top: field.bottom + gap, maxHeight: Math.max(80, Math.min(maxHeight, below)) };
  return { ...base, bottom: viewportHeight - field.top + gap, maxHeight: Math.min(maxHeight, above) };
}
