/**
 * Pure date logic of the date picker (spec 1 §5): shown as d-m-Y, value Y-m-d. Which days may be
 * chosen ('future', 'history', the years) is the shared rule of domain/dates, the one the API's
 * schemas check; today is the Amsterdam day. Days are Y-m-d strings, so comparing strings compares days.
 */
import { dateMsg, dateRangeBounds, isCalendarDate, todayInAmsterdam, type DateRangeType } from '@domain/dates';
import { toIsoDate } from '@domain/format';

export type { DateRangeType };

export const dutchMonthNames = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];
/** Monday first. */
export const dutchDayNames = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'];
export const dutchDayShort = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'];

export const todayIso = (now: Date = new Date()) => todayInAmsterdam(now);

/** 'd-m-Y' (also with / or . and one-digit day or month) to Y-m-d; null when it is not a real date. */
export function parseDisplayDate(text: string): string | null {
  const m = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [, day = '', month = '', year = ''] = m;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** Y-m-d to d-m-Y; '' for anything else. */
export function toDisplayDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** Whether a day may be chosen: within the type's range and the rule's years (its min and max). */
export function isAllowed(iso: string, type: DateRangeType, today: string = todayIso()): boolean {
  const { min, max } = dateRangeBounds(type, today);
  return iso >= min && iso <= max;
}

export const RANGE_ERRORS: Record<Exclude<DateRangeType, 'any'>, string> = {
  future: dateMsg.future,
  history: dateMsg.history,
};
export const INVALID_DATE = 'Vul een geldige datum in (dd-mm-jjjj).';

/** What the typed text means: a valid value, an empty field, or the error to show under it. */
export function checkTyped(
  text: string,
  type: DateRangeType,
  today: string = todayIso(),
): { value: string; error: null } | { value: null; error: string } {
  if (!text.trim()) return { value: '', error: null };
  const iso = parseDisplayDate(text);
  if (!iso) return { value: null, error: INVALID_DATE };
  if (type !== 'any' && !isAllowed(iso, type, today)) return { value: null, error: RANGE_ERRORS[type] };
  return { value: iso, error: null };
}

export interface CalendarDay {
  iso: string;
  day: number;
  inMonth: boolean;
}

/** The weeks (Monday first) that show a month; days of the neighbouring months fill the edges. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7; // Monday = 0
  const start = new Date(year, month, 1 - offset);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const weeks = Math.ceil((offset + daysInMonth) / 7);
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + w * 7 + d);
      return { iso: toIsoDate(date), day: date.getDate(), inMonth: date.getMonth() === month };
    }),
  );
}

export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const d = new Date(year, month + delta, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** Y-m-d moved by a number of days (keyboard navigation in the calendar). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return toIsoDate(new Date(y, m - 1, d + days));
}

/** 'maandag 23 november 2026', the accessible name of a day button. */
export function longDutchDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(y, m - 1, d).getDay() + 6) % 7;
  return `${dutchDayNames[weekday]} ${d} ${dutchMonthNames[m - 1]} ${y}`;
}
