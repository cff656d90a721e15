import { describe, expect, it } from 'vitest';
import { plainCell, toCents } from './format-cell';

const nbsp = (s: string) => s.replace(/\s/g, ' ');

describe('price cells', () => {
  it('read cents, dot-decimal price strings and price objects', () => {
    expect(toCents(4250)).toBe(4250);
    expect(toCents('42.50')).toBe(4250);
    expect(toCents('0.1')).toBe(10);
    expect(toCents({ price: '19.99' })).toBe(1999);
    expect(toCents('')).toBeNull();
    expect(toCents('twaalf')).toBeNull();
    expect(toCents(null)).toBeNull();
  });
  it('show euro with dot thousands and comma decimals', () => {
    expect(nbsp(plainCell('price', 123450))).toBe('€ 1.234,50');
    expect(nbsp(plainCell('price', '7.5'))).toBe('€ 7,50');
    expect(plainCell('price', 'n.v.t.')).toBe('');
  });
});

describe('date and time cells', () => {
  it('show d-m-Y for a date without shifting it', () => {
    expect(plainCell('date', '2026-03-09')).toBe('09-03-2026');
  });
  it('show the Amsterdam date and time of a timestamp, whatever the zone of the machine', () => {
    expect(plainCell('dateTime', '2026-03-09T13:05:00.000Z')).toBe('09-03-2026 14:05');
    expect(plainCell('time', '2026-03-09T13:05:00.000Z')).toBe('14:05');
    expect(plainCell('dateTime', '2026-03-09T23:30:00.000Z')).toBe('10-03-2026 00:30');
  });
  it('leave empty values empty and show other text as is', () => {
    expect(plainCell('date', null)).toBe('');
    expect(plainCell('text', 0)).toBe('0');
    expect(plainCell('text', 'Utrecht')).toBe('Utrecht');
  });
});
