/**
 * Display formatting (spec 1 §9): euro with dot thousands and comma decimals; dates and times in Amsterdam (./dates).
 */

// Made on first use: an Intl formatter loads its locale data, which cost a phone's first paint 30 ms of main thread
// (docs/PERFORMANCE.md).
let euro: Intl.NumberFormat | undefined;
export function formatEuro(cents: number): string {
  euro ??= new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
  return euro.format(cents / 100);
}
export function centsToPriceString(cents: number): string {
  return (cents / 100).toFixed(2);
}
export { parseMoneyToCents as parsePriceToCents } from './money';
export { formatDate, formatDateTime, formatTime } from './dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** Y-m-d of a Date's local calendar fields: calendar arithmetic of the date picker, never the clock (see ./dates). */
export function toIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
export const dutchMonths = [
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
/** The Dutch short month names (maart is 'mrt', not 'maa'), for chart axes and compact dates. */
export const dutchMonthAbbreviations = [
  'jan',
  'feb',
  'mrt',
  'apr',
  'mei',
  'jun',
  'jul',
  'aug',
  'sep',
  'okt',
  'nov',
  'dec',
];

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');
}

/** A count before its noun, singular for one: countNoun(1, 'accessoire', 'accessoires') is '1 accessoire'. */
export function countNoun(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
