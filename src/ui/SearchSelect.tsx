/**
 * A select you can type in (spec 1 §2.5): filters by case-insensitive substring, 'Geen resultaten'
 * when nothing matches, and on blur (after 150 ms) keeps only a valid option.
 *
 * Usage:
 *   <label htmlFor="client">Klant</label>
 *   <SearchSelect id="client" options={clients} value={clientId}
 *     onChange={(id, option) => setClientId(id)} placeholder="Kies een klant" />
 * options are { id, name }; value is the chosen id or null. Keyboard: arrows, Enter, Escape.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useFixedPlace } from './fixed-place';
import {
  BLUR_DELAY_MS, filterOptions, moveActive, NO_RESULTS, placeList, resolveBlur, type SelectOption,
} from './search-select-filter';

export type { SelectOption } from './search-select-filter';

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
  const [seen, setSeen] = useState(current);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The list is fixed to the window and follows the field.
  const place = useFixedPlace(open, () => {
    const rect = inputRef.current?.getBoundingClientRect();
    return rect ? { position: 'fixed', top: 'auto', bottom: 'auto', right: 'auto', ...placeList(rect, window.innerHeight) } : null;
  });

  // The value (or the options) changed from outside: show that choice.
  if (current !== seen) {
    setSeen(current);
    setText(current?.name ?? '');
    setTyped(false);
  }

  const shown = filterOptions(options, typed ? text : '');

  useEffect(() => () => { if (blurTimer.current) clearTimeout(blurTimer.current); }, []);
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

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
      setActive((i) => moveActive(i, shown.length, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && shown[active]) {
        e.preventDefault();
        choose(shown[active]!);
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
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
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
          setActive(e.target.value.trim() && filterOptions(options, e.target.value).length > 0 ? 0 : -1);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="search-select-caret" aria-hidden>▾</span>
      {open && (
        <ul id={listId} ref={listRef} role="listbox" className="search-select-list" style={place ?? undefined}
          aria-label={props['aria-label']}>
          {shown.length === 0 && <li className="search-select-empty" role="presentation">{NO_RESULTS}</li>}
          {shown.map((o, i) => (
            <li key={o.id} id={`${listId}-${i}`} data-index={i} role="option" aria-selected={o.id === value}
              className={`${i === active ? 'is-active' : ''}${o.id === value ? ' is-selected' : ''}`.trim() || undefined}
              onMouseDown={(e) => e.preventDefault()} onMouseEnter={() => setActive(i)} onClick={() => choose(o)}>
              {o.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
