import { formatDate, formatDateTime, formatEuro, formatTime } from '@domain/format';

/** A price in cents from cents (number), '12.50' (dot decimal, as the API sends prices) or { price: '12.50' }. */
export function toCents(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value === 'string') {
    if (!/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
    return Math.round(Number(value) * 100);
  }
  if (typeof value === 'object' && 'price' in value) return toCents((value as { price: unknown }).price);
  return null;
}

/** The text of a plain cell kind: text, date (d-m-Y), time (H:i), date-time, or price (euro). */
export function plainCell(kind: 'text' | 'date' | 'time' | 'dateTime' | 'price', value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'date':
      return formatDate(value as string);
    case 'time':
      return formatTime(value as string);
    case 'dateTime':
      return formatDateTime(value as string);
    case 'price': {
      const cents = toCents(value);
      return cents === null ? '' : formatEuro(cents);
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
