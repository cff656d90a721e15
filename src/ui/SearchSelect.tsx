/**
 * A select you can type in (spec 1 §2.5): filters by case-insensitive substring, 'Geen resultaten'
 * when nothing matches, and on blur (after 150 ms) keeps only a valid option.
 *
 * Usage:
 *   <label htmlFor="client">Klant</label>
 *   <SearchSelect id="client" options={clients} value={clientId}
 *     onChange={(id, option) => setClientId(id)} placeholder="Kies een klant" />
 * options are { id, name }; value is the chosen id or null. Keyboard: arrows, Enter, Escape.
 * Only the options in view (and a few around them) are in the page: a list of 20,000 customers opens
 * and filters as fast as one of twenty.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useFixedPlace } from './fixed-place';
import {
  BLUR_DELAY_MS,
  filterIndexed,
  indexOptions,
  moveActive,
  NO_RESULTS,
  OPTION_ESTIMATE_PX,
  placeList,
  resolveBlur,
  type SelectOption,
} from './search-select-filter';

export type { SelectOption } from './search-select-filter';

/** The list's own padding above and below its options (styles.css: 0.25rem). */
const LIST_PADDING_PX = 4;

export interface SearchSelectProps<T extends SelectOption> {
  options: readonly T[];
  value: T['id'] | null | undefined;
  onChange: (id: T['id'] | null, option: T | null) => void;
  id?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  onBlur?: () => void;
}

export function SearchSelect<T extends SelectOption>(props: SearchSelectProps<T>) {
  const { options, value, onChange, disabled, invalid, placeholder } = props;
  const ownId = useId();
  const inputId = props.id ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const current = options.find((o) => o.id === value) ?? null;

  const [text, setText] = useState(current?.name ?? '');
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /**
   * Set by the keyboard: the highlighted option is scrolled into view. The mouse highlights what is in view already.
   */
  const follow = useRef(false);
  const [seen, setSeen] = useState(current);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The list is fixed to the window and follows the field.
  const place = useFixedPlace(open, () => {
    const rect = inputRef.current?.getBoundingClientRect();
    return rect
      ? { position: 'fixed', top: 'auto', bottom: 'auto', right: 'auto', ...placeList(rect, window.innerHeight) }
      : null;
  });

  // The value (or the options) changed from outside: show that choice.
  if (current !== seen) {
    setSeen(current);
    setText(current?.name ?? '');
    setTyped(false);
  }

  const index = useMemo(() => indexOptions(options), [options]);
  const shown = useMemo(() => filterIndexed(index, typed ? text : ''), [index, typed, text]);
  // Typing highlights the first match; when nothing matches, nothing is highlighted.
  const activeIndex = active < shown.length ? active : -1;

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => OPTION_ESTIMATE_PX,
    overscan: 6,
    paddingStart: LIST_PADDING_PX,
    paddingEnd: LIST_PADDING_PX,
    enabled: open,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const before = first ? first.start - LIST_PADDING_PX : 0;
  const after = last ? virtualizer.getTotalSize() - LIST_PADDING_PX - last.end : 0;

  useEffect(
    () => () => {
      if (blurTimer.current) clearTimeout(blurTimer.current);
    },
    [],
  );
  useEffect(() => {
    if (activeIndex < 0 || !follow.current) return;
    follow.current = false;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  const choose = (option: T | null) => {
    setText(option?.name ?? '');
    setTyped(false);
    setOpen(false);
    setActive(-1);
    if ((option?.id ?? null) !== (value ?? null)) onChange(option?.id ?? null, option);
  };

  const onBlur = () => {
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null;
      const result = resolveBlur(text, options, current);
      setText(result.text);
      setTyped(false);
      setOpen(false);
      setActive(-1);
      if ((result.value?.id ?? null) !== (value ?? null)) onChange(result.value?.id ?? null, result.value);
      props.onBlur?.();
    }, BLUR_DELAY_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      follow.current = true;
      setActive(moveActive(activeIndex, shown.length, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Enter') {
      const option = open && activeIndex >= 0 ? shown[activeIndex] : undefined;
      if (option) {
        e.preventDefault();
        choose(option);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation(); // a surrounding modal stays open
      }
      setOpen(false);
      setActive(-1);
      setText(current?.name ?? '');
      setTyped(false);
    }
  };

  return (
    <div className={`search-select${open ? ' is-open' : ''}${invalid ? ' has-error' : ''}`}>
      <input
        ref={inputRef}
        id={inputId}
        name={props.name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onFocus={() => {
          if (blurTimer.current) clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
          setOpen(true);
          // Typing highlights the first match, so Enter picks it; an empty field highlights nothing.
          follow.current = true;
          setActive(e.target.value.trim() ? 0 : -1);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="search-select-caret" aria-hidden>
        ▾
      </span>
      {open && (
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          className="search-select-list"
          style={place ?? undefined}
          aria-label={props['aria-label']}
        >
          {/* The options above and below the rendered ones keep their room, so the scroll bar is the whole list's. */}
          {before > 0 && <li role="presentation" aria-hidden style={{ height: before, padding: 0 }} />}
          {shown.length === 0 && (
            <li className="search-select-empty" role="presentation">
              {NO_RESULTS}
            </li>
          )}
          {rows.map((row) => {
            const o = shown[row.index];
            if (!o) return null;
            const i = row.index;
            return (
              <li
                key={o.id}
                ref={virtualizer.measureElement}
                id={`${listId}-${i}`}
                data-index={i}
                role="option"
                aria-selected={o.id === value}
                aria-setsize={shown.length}
                aria-posinset={i + 1}
                className={
                  `${i === activeIndex ? 'is-active' : ''}${o.id === value ? ' is-selected' : ''}`.trim() || undefined
                }
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(o)}
              >
                {o.name}
              </li>
            );
          })}
          {after > 0 && <li role="presentation" aria-hidden style={{ height: after, padding: 0 }} />}
        </ul>
      )}
    </div>
  );
}
