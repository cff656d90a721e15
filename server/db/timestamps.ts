import pg from 'pg';

export const TIMESTAMPTZ = 1184;
/** pg's own parser of the type (postgres-date), taken before server/db/open.ts replaces it. */
const parseDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;

const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;
const MINUS = 45;

/** The number of the two digits at i, or NaN when either is not a digit. */
function twoDigits(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

/**
 * A timestamptz as PostgreSQL writes it with DateStyle ISO, '2026-11-27 23:58:08.123456+01', read by
 * position. pg's own parser (postgres-date) runs three regular expressions and a split over every value,
 * in a session on Amsterdam's clock each time: 12 KB of garbage and 0.03 ms of a page of 25 rows. The
 * rest (BC, infinity, years before 1000 or after 9999, an offset with seconds) goes to postgres-date. The
 * milliseconds are the fraction's first three digits, as postgres-date makes them.
 */
export function parseTimestamptz(text: string): Date | number | null {
  const n = text.length;
  if (
    n < 22 ||
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  )
    return parseDate(text);
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  let i = 19;
  let millis = 0;
  if (text.charCodeAt(i) === DOT) {
    let scale = 100;
    for (i += 1; i < n; i += 1) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      millis += d * scale;
      scale /= 10;
    }
    millis = Math.trunc(millis);
  }
  const sign = text.charCodeAt(i);
  if (sign !== PLUS && sign !== MINUS) return parseDate(text);
  let offsetMinutes = twoDigits(text, i + 1) * 60;
  i += 3;
  if (i < n && text.charCodeAt(i) === COLON) {
    offsetMinutes += twoDigits(text, i + 1);
    i += 3;
  }
  if (i !== n || !(year >= 1000)) return parseDate(text);
  const utc = Date.UTC(
    year,
    twoDigits(text, 5) - 1,
    twoDigits(text, 8),
    twoDigits(text, 11),
    twoDigits(text, 14),
    twoDigits(text, 17),
    millis,
  );
  const time = utc - (sign === MINUS ? -offsetMinutes : offsetMinutes) * 60_000;
  return Number.isNaN(time) ? parseDate(text) : new Date(time);
}
