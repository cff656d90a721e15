/**
 * Date field (spec 1 §5): shows d-m-Y, holds Y-m-d. Type 'future' disables days before today,
 * 'history' disables today and later. Typed dates are accepted; a calendar opens from the button.
 *
 * Usage:
 *   <label htmlFor="delivery-date">Leverdatum</label>
 *   <DatePicker id="delivery-date" type="future" value={date} onChange={setDate} />
 * value is 'Y-m-d' or ''. A typed date that is not valid or out of range shows an error under the
 * field and sets the value to ''; its input then carries `data-entry-error`, and a useApiForm form
 * does not send while it does. `error` shows an outside message (e.g. a 422) in the same place.
 * The days offered (type and years) follow the shared rule of domain/dates, the API's rule.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useFixedPlace } from './fixed-place';
import { placeList } from './search-select-filter';
import {
  addDays,
  addMonths,
  checkTyped,
  dutchDayNames,
  dutchDayShort,
  dutchMonthNames,
  isAllowed,
  longDutchDate,
  monthGrid,
  RANGE_ERRORS,
  toDisplayDate,
  todayIso,
  type DateRangeType,
} from './date';

const CALENDAR_HEIGHT = 340;

export interface DatePickerProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
  type?: DateRangeType;
  id?: string;
  name?: string;
  disabled?: boolean;
  error?: string;
  placeholder?: string;
  'aria-label'?: string;
  onBlur?: () => void;
}

export function DatePicker({
  value,
  onChange,
  type = 'any',
  id,
  name,
  disabled,
  error,
  placeholder = 'dd-mm-jjjj',
  onBlur,
  ...aria
}: DatePickerProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const errorId = `${ownId}-error`;
  const [text, setText] = useState(toDisplayDate(value));
  const [seen, setSeen] = useState(value);
  const [typedError, setTypedError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const today = todayIso();
  const start = value || today;
  const [view, setView] = useState({ year: Number(start.slice(0, 4)), month: Number(start.slice(5, 7)) - 1 });
  const [focused, setFocused] = useState(start);
  const rootRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const controlRef = useRef<HTMLDivElement>(null);

  if (value !== seen) {
    setSeen(value);
    setText(toDisplayDate(value));
    if (value) setTypedError(null);
  }

  const valueError = value && type !== 'any' && !isAllowed(value, type, today) ? RANGE_ERRORS[type] : null;
  const shownError = typedError ?? valueError ?? error ?? null;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  // Fixed to the window, below the field or above it.
  const place = useFixedPlace(open, () => {
    const rect = controlRef.current?.getBoundingClientRect();
    if (!rect) return null;
    const { left, top, bottom } = placeList(rect, window.innerHeight, CALENDAR_HEIGHT, 6, CALENDAR_HEIGHT);
    return { position: 'fixed', left, top: top ?? 'auto', bottom: bottom ?? 'auto' };
  });
  useEffect(() => {
    if (open) gridRef.current?.querySelector<HTMLButtonElement>(`[data-iso="${focused}"]`)?.focus();
  }, [open, focused, view]);

  const commitText = (t: string) => {
    const result = checkTyped(t, type, today);
    setTypedError(result.error);
    const next = result.value ?? '';
    if (next !== (value ?? '')) onChange(next);
    if (result.value) setText(toDisplayDate(result.value));
  };

  const openCalendar = () => {
    const s = value || today;
    setView({ year: Number(s.slice(0, 4)), month: Number(s.slice(5, 7)) - 1 });
    setFocused(s);
    setOpen(true);
  };
  const pick = (iso: string) => {
    setTypedError(null);
    setText(toDisplayDate(iso));
    if (iso !== value) onChange(iso);
    setOpen(false);
    toggleRef.current?.focus();
  };
  const moveFocus = (iso: string) => {
    setFocused(iso);
    setView({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) - 1 });
  };
  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const move = moves[e.key];
    if (move !== undefined) {
      e.preventDefault();
      moveFocus(addDays(focused, move));
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };
  const shiftMonth = (delta: number) => {
    const next = addMonths(view.year, view.month, delta);
    setView(next);
    setFocused(`${next.year}-${String(next.month + 1).padStart(2, '0')}-01`);
  };

  return (
    <div className={`date-picker${shownError ? ' has-error' : ''}`} ref={rootRef}>
      <div className="date-picker-control" ref={controlRef}>
        <input
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          aria-label={aria['aria-label']}
          aria-invalid={!!shownError || undefined}
          aria-describedby={shownError ? errorId : undefined}
          data-entry-error={typedError ?? undefined}
          onChange={(e) => {
            setText(e.target.value);
            const result = checkTyped(e.target.value, type, today);
            if (result.value) {
              setTypedError(null);
              if (result.value !== value) onChange(result.value);
            }
          }}
          onBlur={() => {
            commitText(text);
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitText(text);
            }
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              openCalendar();
            }
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="date-picker-toggle"
          aria-label="Kalender openen"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => (open ? setOpen(false) : openCalendar())}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </button>
      </div>
      {open && (
        <div
          className="calendar"
          style={place ?? undefined}
          role="dialog"
          aria-modal="false"
          aria-label="Kies een datum"
        >
          <div className="calendar-header">
            <button type="button" className="calendar-nav" aria-label="Vorige maand" onClick={() => shiftMonth(-1)}>
              ‹
            </button>
            <span className="calendar-title" aria-live="polite">
              {dutchMonthNames[view.month]} {view.year}
            </span>
            <button type="button" className="calendar-nav" aria-label="Volgende maand" onClick={() => shiftMonth(1)}>
              ›
            </button>
          </div>
          <table className="calendar-grid" role="grid" ref={gridRef} onKeyDown={onGridKey}>
            <thead>
              <tr>
                {dutchDayShort.map((d, i) => (
                  <th key={d} scope="col" abbr={dutchDayNames[i]}>
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(view.year, view.month).map((week) => (
                <tr key={week[0]?.iso}>
                  {week.map((day) => {
                    const allowed = isAllowed(day.iso, type, today);
                    const cls = [
                      'calendar-day',
                      day.inMonth ? '' : 'is-outside',
                      day.iso === today ? 'is-today' : '',
                      day.iso === value ? 'is-selected' : '',
                      allowed ? '' : 'is-disabled',
                    ]
                      .filter(Boolean)
                      .join(' ');
                    return (
                      <td key={day.iso} role="gridcell" aria-selected={day.iso === value}>
                        <button
                          type="button"
                          className={cls}
                          data-iso={day.iso}
                          aria-disabled={!allowed || undefined}
                          tabIndex={day.iso === focused ? 0 : -1}
                          aria-label={longDutchDate(day.iso)}
                          aria-current={day.iso === today ? 'date' : undefined}
                          onClick={() => allowed && pick(day.iso)}
                        >
                          {day.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shownError && (
        <span id={errorId} className="field-error">
          {shownError}
        </span>
      )}
    </div>
  );
}
