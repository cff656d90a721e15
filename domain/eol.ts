import { ItemStatus, type ItemStatusId } from './enums';
import { EOL_HORIZON_MONTHS } from './rules';

/**
 * End of life of an item (spec 2 §2.11, §9): the purchase date plus the product's EOL months.
 * Dates are 'YYYY-MM-DD' strings; month arithmetic clamps to the month's last day, as PostgreSQL's
 * `date + interval 'n months'` does, so the server's SQL filter and these functions agree.
 */

export { EOL_HORIZON_MONTHS };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `date` plus `months` calendar months; the 31st of January plus one month is the 28th (or 29th) of February. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** The day the item reaches its end of life; null when the purchase date or the product's EOL is unknown. */
export function eolDate(purchaseDate: string | null, eolMonths: number | null): string | null {
  if (!purchaseDate || eolMonths == null) return null;
  return addMonths(purchaseDate, eolMonths);
}

/**
 * Whole months from `today` until `eol`: the largest n with today + n months on or before the EOL
 * day. 0 in the last month, negative once the EOL day has passed.
 */
export function monthsUntilEol(eol: string, today: string): number {
  const [ey, em] = parts(eol);
  const [ty, tm] = parts(today);
  let n = (ey - ty) * 12 + (em - tm);
  while (addMonths(today, n) > eol) n -= 1;
  while (addMonths(today, n + 1) <= eol) n += 1;
  return n;
}

/** The last EOL day the overview shows today: today plus the horizon (3 months). */
export function eolHorizonEnd(today: string): string {
  return addMonths(today, EOL_HORIZON_MONTHS);
}

/** Whether an item with this EOL day is on the EOL overview today (also when its EOL day has passed). */
export function isWithinEolHorizon(eol: string, today: string): boolean {
  return eol <= eolHorizonEnd(today);
}

/**
 * Items that no longer need an EOL action: already marked EOL (swapped or retired) or lost.
 * Every other live item with a purchase date, of a product with EOL months, counts.
 */
export const eolSettledStatuses: readonly ItemStatusId[] = [ItemStatus.EOL, ItemStatus.VERMIST];
