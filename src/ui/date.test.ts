import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { msg } from '@domain/schemas/common';
import { deliverySchema, endUserDeliverySchema } from '@domain/schemas/deliveries';
import { DeliveryType } from '@domain/enums';
import {
  addDays,
  addMonths,
  checkTyped,
  INVALID_DATE,
  isAllowed,
  longDutchDate,
  monthGrid,
  parseDisplayDate,
  RANGE_ERRORS,
  toDisplayDate,
} from './date';

const today = '2026-11-23';

describe('date text', () => {
  it('parses d-m-Y into Y-m-d, also with one-digit parts, slashes or dots', () => {
    expect(parseDisplayDate('23-11-2026')).toBe('2026-11-23');
    expect(parseDisplayDate('1-2-2027')).toBe('2027-02-01');
    expect(parseDisplayDate(' 05/03/2025 ')).toBe('2025-03-05');
    expect(parseDisplayDate('05.03.2025')).toBe('2025-03-05');
  });
  it('refuses dates that do not exist or are not d-m-Y', () => {
    expect(parseDisplayDate('31-04-2026')).toBeNull();
    expect(parseDisplayDate('29-02-2026')).toBeNull();
    expect(parseDisplayDate('29-02-2028')).toBe('2028-02-29');
    expect(parseDisplayDate('2026-11-23')).toBeNull();
    expect(parseDisplayDate('23-13-2026')).toBeNull();
    expect(parseDisplayDate('morgen')).toBeNull();
  });
  it('shows Y-m-d as d-m-Y', () => {
    expect(toDisplayDate('2026-01-09')).toBe('09-01-2026');
    expect(toDisplayDate('')).toBe('');
    expect(toDisplayDate(null)).toBe('');
  });
});

describe('ranges', () => {
  it("'future' forbids days before today and allows today", () => {
    expect(isAllowed('2026-11-22', 'future', today)).toBe(false);
    expect(isAllowed(today, 'future', today)).toBe(true);
    expect(isAllowed('2027-01-01', 'future', today)).toBe(true);
  });
  it("'history' forbids today and later", () => {
    expect(isAllowed('2026-11-22', 'history', today)).toBe(true);
    expect(isAllowed(today, 'history', today)).toBe(false);
    expect(isAllowed('2026-12-01', 'history', today)).toBe(false);
  });
  it('typed text gives a value, an empty field or the error to show', () => {
    expect(checkTyped('24-11-2026', 'future', today)).toEqual({ value: '2026-11-24', error: null });
    expect(checkTyped('22-11-2026', 'future', today)).toEqual({ value: null, error: RANGE_ERRORS.future });
    expect(checkTyped('23-11-2026', 'history', today)).toEqual({ value: null, error: RANGE_ERRORS.history });
    expect(checkTyped('31-02-2026', 'any', today)).toEqual({ value: null, error: INVALID_DATE });
    expect(checkTyped('  ', 'future', today)).toEqual({ value: '', error: null });
  });
});

describe('calendar', () => {
  it('lays out a month in weeks starting on Monday', () => {
    const weeks = monthGrid(2026, 10); // November 2026 starts on a Sunday
    expect(weeks[0]?.[0]).toEqual({ iso: '2026-10-26', day: 26, inMonth: false });
    expect(weeks[0]?.[6]).toEqual({ iso: '2026-11-01', day: 1, inMonth: true });
    expect(weeks).toHaveLength(6);
    expect(weeks.at(-1)?.[0]).toEqual({ iso: '2026-11-30', day: 30, inMonth: true });
    expect(weeks.at(-1)?.[1]?.inMonth).toBe(false);
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
  it('moves between months and days across year ends', () => {
    expect(addMonths(2026, 11, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths(2026, 0, -1)).toEqual({ year: 2025, month: 11 });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
  });
  it('names a day in Dutch', () => {
    expect(longDutchDate('2026-11-23')).toBe('maandag 23 november 2026');
    expect(longDutchDate('2026-11-29')).toBe('zondag 29 november 2026');
  });
});

// 23:30 UTC on 26 November is 00:30 on 27 November in Amsterdam (CET, UTC+1).
const JUST_AFTER_MIDNIGHT = new Date('2026-11-26T23:30:00Z');

describe('the picker and the schemas share one date rule', () => {
  afterEach(() => vi.useRealTimers());

  it('the date picker offers exactly the days the schema accepts, at 00:30 in Amsterdam on a UTC host', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(JUST_AFTER_MIDNIGHT);
    const schema = deliverySchema(DeliveryType.REPARATIE, true);
    const base = {
      client_id: 1,
      order_number: 'O',
      your_reference: 'R',
      contact: 'C',
      contact_email: 'c@x.nl',
      contact_phone: '06',
      products: [],
    };
    const dateErrors = (date: string) => {
      const result = v.safeParse(schema, { ...base, date });
      return result.success ? [] : result.issues.filter((i) => v.getDotPath(i) === 'date').map((i) => i.message);
    };
    for (const [day, offered] of [
      ['2026-11-26', false],
      ['2026-11-27', true],
      ['2999-12-31', true],
      ['3000-01-01', false],
    ] as const) {
      expect(isAllowed(day, 'future')).toBe(offered);
      expect(dateErrors(day).length === 0).toBe(offered);
    }
    expect(dateErrors('2026-11-26')).toEqual([msg.futureDate]);
    expect(checkTyped('26-11-2026', 'future')).toEqual({ value: null, error: msg.futureDate });
    expect(checkTyped('27-11-2026', 'future')).toEqual({ value: '2026-11-27', error: null });
    // The picker reads no year the schema would refuse.
    expect(checkTyped('01-01-1000', 'any').error).not.toBeNull();
    expect(
      v.safeParse(endUserDeliverySchema, {
        date: '2026-11-26',
        order_number: 'O',
        your_reference: 'R',
        products: [{ product_id: 1 }],
      }).success,
    ).toBe(false);
    expect(
      v.safeParse(endUserDeliverySchema, {
        date: '2026-11-27',
        order_number: 'O',
        your_reference: 'R',
        products: [{ product_id: 1 }],
      }).success,
    ).toBe(true);
  });
});
