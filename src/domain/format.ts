/** Display formatting (spec 1 §9): euro with dot thousands and comma decimals, nl-NL dates, 24-hour time. */

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}
export function centsToPriceString(cents: number): string {
  return (cents / 100).toFixed(2);
}
/** Parses '12,50', '12.50' or '1.234,50' into cents; null when it is not a price. */
export function parsePriceToCents(input: string): number | null {
  const s = input.trim();
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(s)) return null;
  const normalized = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  return Math.round(Number(normalized) * 100);
}

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}
const pad = (n: number) => String(n).padStart(2, '0');

/** d-m-Y as in the date picker and tables. Date-only strings (Y-m-d) are not shifted by time zones. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}-${m}-${y}`;
  }
  const d = toDate(value);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  return `${formatDate(value)} ${formatTime(value)}`;
}
/** Y-m-d of a local date, the value form of the date picker. */
export function toIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
export const dutchMonths = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).map((p) => p[0]!.toUpperCase()).slice(0, 2).join('');
}
