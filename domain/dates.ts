/**
 * Days and times as a Dutch user reads them (spec 1 §9, spec 2 §9): every date shown, printed or
 * checked is the wall clock of Europe/Amsterdam, whatever the zone of the host or the browser.
 * Y-m-d strings are calendar days and are never shifted; instants (Date, ISO timestamps) are read
 * in Amsterdam. Also the one date rule of the date picker and the schemas (spec 1 §5).
 */

export const APP_TIME_ZONE = 'Europe/Amsterdam';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Made on first use, like the euro format (./format): creating it costs a phone about 90 ms (the zone's
// data), so it is asked only for instants outside the years of the rule below.
let wallClockFormat: Intl.DateTimeFormat | undefined;
const wallClock = () =>
  (wallClockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

const HOUR = 3_600_000;
/** 01:00 UTC on the last Sunday of a month (0-based). */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Amsterdam's offset from UTC in hours, by the EU's summer-time rule (Directive 2000/84/EC, the
 * Netherlands' rule since 1996): summer time (UTC+2) from the last Sunday of March to the last Sunday
 * of October, 01:00 UTC both; UTC+1 otherwise. Null outside 1996–2099, where the zone's data decides.
 * domain/dates.test.ts holds the rule to the zone's data at every switch of those years.
 */
function amsterdamOffsetHours(ms: number): number | null {
  const year = new Date(ms).getUTCFullYear();
  if (!(year >= 1996 && year <= 2099)) return null;
  const [start, end] = summerOf(year);
  return ms >= start && ms < end ? 2 : 1;
}

/** Summer time's start and end of a year, worked out once per year: a list answer asks for each row. */
const summers = new Map<number, readonly [number, number]>();
function summerOf(year: number): readonly [number, number] {
  let summer = summers.get(year);
  if (!summer) summers.set(year, (summer = [lastSundayOneUtc(year, 2), lastSundayOneUtc(year, 9)]));
  return summer;
}

/** The Amsterdam wall clock at an instant. */
export function amsterdamClock(instant: Date): WallClock {
  const offset = amsterdamOffsetHours(instant.getTime());
  if (offset !== null) {
    const wall = new Date(instant.getTime() + offset * HOUR);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  return zoneClock(instant);
}

/** The Amsterdam wall clock at an instant as the zone's data gives it. */
export function zoneClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const p of wallClock().formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Y-m-d of the day an instant falls on in Amsterdam. */
export function amsterdamDay(instant: Date): string {
  const c = amsterdamClock(instant);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** Today in the Netherlands as Y-m-d: the 'today' of every date rule. */
export function todayInAmsterdam(now: Date = new Date()): string {
  return amsterdamDay(now);
}

function toInstant(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** d-m-Y; a Y-m-d day as it is, an instant as its Amsterdam day. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const day = typeof value === 'string' && DATE_ONLY.exec(value);
  if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  const instant = toInstant(value);
  if (Number.isNaN(instant.getTime())) return '';
  const c = amsterdamClock(instant);
  return `${pad(c.day)}-${pad(c.month)}-${pad(c.year, 4)}`;
}

/** H:i, 24-hour, in Amsterdam. */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const instant = toInstant(value);
  if (Number.isNaN(instant.getTime())) return '';
  const c = amsterdamClock(instant);
  return `${pad(c.hour)}:${pad(c.minute)}`;
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** The instant a Y-m-d day begins in Amsterdam (00:00 there; 23:00 or 22:00 UTC the day before). */
export function amsterdamMidnight(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d);
  let instant = asUtc;
  // Twice: the zone's offset at the guess may differ from the one at midnight on a switch day.
  for (let i = 0; i < 2; i++) instant = asUtc - (wallClockForSpreadsheet(new Date(instant)).getTime() - instant);
  return new Date(instant);
}

/**
 * A Date whose UTC fields are the Amsterdam wall clock at the instant: what a spreadsheet cell (which
 * has no zone and is written from the UTC fields) must hold for a Dutch reader.
 */
export function wallClockForSpreadsheet(instant: Date): Date {
  const c = amsterdamClock(instant);
  return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second, instant.getUTCMilliseconds()));
}

/** 'YYYYMMDD' and 'HHMMSS' of an instant in Amsterdam, for download file names. */
export function fileStamp(now: Date = new Date()): { date: string; time: string } {
  const c = amsterdamClock(now);
  return {
    date: `${pad(c.year, 4)}${pad(c.month)}${pad(c.day)}`,
    time: `${pad(c.hour)}${pad(c.minute)}${pad(c.second)}`,
  };
}

// ---- The date rule (spec 1 §5) shared by the date picker and the schemas ----

/** The years a date may lie in: a real calendar day the database and a person can use. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;

/** 'future' forbids days before today; 'history' forbids today and later (spec 1 §5). */
export type DateRangeType = 'future' | 'history' | 'any';

export const dateMsg = {
  invalid: 'Vul een geldige datum in.',
  future: 'Kies een datum vanaf vandaag.',
  history: 'Kies een datum voor vandaag.',
} as const;

/** A Y-m-d string that names a day of the calendar within the allowed years (no 2026-02-30, no year 0000). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether a calendar day lies in the range; `today` is the Amsterdam day unless given. */
export function isInDateRange(iso: string, type: DateRangeType, today: string = todayInAmsterdam()): boolean {
  if (type === 'future') return iso >= today;
  if (type === 'history') return iso < today;
  return true;
}

/** Why a Y-m-d value breaks the rule, or null when it keeps it. */
export function dateRuleError(iso: string, type: DateRangeType, today: string = todayInAmsterdam()): string | null {
  if (!isCalendarDate(iso)) return dateMsg.invalid;
  if (type !== 'any' && !isInDateRange(iso, type, today)) return dateMsg[type];
  return null;
}

/** The first and last day the date picker offers (its min and max). */
export function dateRangeBounds(type: DateRangeType, today: string = todayInAmsterdam()): { min: string; max: string } {
  const first = `${MIN_DATE_YEAR}-01-01`;
  const last = `${MAX_DATE_YEAR}-12-31`;
  if (type === 'future') return { min: today, max: last };
  if (type === 'history') return { min: first, max: addCalendarDays(today, -1) };
  return { min: first, max: last };
}

/** A Y-m-d day moved by whole days (calendar arithmetic, no time zone involved). */
export function addCalendarDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
