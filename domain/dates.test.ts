import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addCalendarDays,
  amsterdamClock,
  zoneClock,
  amsterdamDay,
  amsterdamMidnight,
  dateRangeBounds,
  dateRuleError,
  fileStamp,
  formatDate,
  formatDateTime,
  formatTime,
  isCalendarDate,
  todayInAmsterdam,
  wallClockForSpreadsheet,
} from './dates';
import { msg } from './schemas/common';

// 23:30 UTC on 26 November is 00:30 on 27 November in Amsterdam (CET, UTC+1).
const JUST_AFTER_MIDNIGHT = new Date('2026-11-26T23:30:00Z');
// 22:30 UTC on 30 June is 00:30 on 1 July in Amsterdam (CEST, UTC+2).
const SUMMER_MIDNIGHT = new Date('2026-06-30T22:30:00Z');

afterEach(() => vi.useRealTimers());

describe('the clock of the tests', () => {
  it('is UTC, so host-zone code would show the wrong day here', () => {
    expect(new Date(JUST_AFTER_MIDNIGHT).getDate()).toBe(26);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toMatch(/^(UTC|Etc\/UTC)$/);
  });
});

describe('Amsterdam days and times', () => {
  it("'today' is the Dutch day, also between 00:00 and 02:00", () => {
    expect(todayInAmsterdam(JUST_AFTER_MIDNIGHT)).toBe('2026-11-27');
    expect(todayInAmsterdam(SUMMER_MIDNIGHT)).toBe('2026-07-01');
    expect(todayInAmsterdam(new Date('2026-11-26T22:59:59Z'))).toBe('2026-11-26');
    expect(amsterdamDay(new Date('2026-03-29T01:30:00Z'))).toBe('2026-03-29');
  });

  it('formats instants in Amsterdam, 24-hour, and leaves Y-m-d days alone', () => {
    expect(formatDateTime(JUST_AFTER_MIDNIGHT)).toBe('27-11-2026 00:30');
    expect(formatDateTime('2026-11-26T23:30:00.000Z')).toBe('27-11-2026 00:30');
    expect(formatTime(SUMMER_MIDNIGHT)).toBe('00:30');
    expect(formatTime(new Date('2026-11-26T13:05:00Z'))).toBe('14:05');
    expect(formatDate('2026-11-26')).toBe('26-11-2026');
    expect(formatDate(JUST_AFTER_MIDNIGHT)).toBe('27-11-2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('geen datum')).toBe('');
  });

  it('knows when a Dutch day begins', () => {
    expect(amsterdamMidnight('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(amsterdamMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(amsterdamMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('names download files and fills spreadsheet cells with the Amsterdam clock', () => {
    expect(fileStamp(JUST_AFTER_MIDNIGHT)).toEqual({ date: '20261127', time: '003000' });
    expect(wallClockForSpreadsheet(JUST_AFTER_MIDNIGHT).toISOString()).toBe('2026-11-27T00:30:00.000Z');
  });
});

describe('the one date rule (picker and schemas)', () => {
  it('knows real calendar days in the years 1900 to 2999', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('1899-12-31')).toBe(false);
    expect(isCalendarDate('1900-01-01')).toBe(true);
    expect(isCalendarDate('2999-12-31')).toBe(true);
    expect(isCalendarDate('3000-01-01')).toBe(false);
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("'future' starts today, 'history' ends yesterday; both within the years", () => {
    expect(dateRangeBounds('future', '2026-11-27')).toEqual({ min: '2026-11-27', max: '2999-12-31' });
    expect(dateRangeBounds('history', '2026-11-27')).toEqual({ min: '1900-01-01', max: '2026-11-26' });
    expect(dateRuleError('2026-11-26', 'future', '2026-11-27')).toBe(msg.futureDate);
    expect(dateRuleError('2026-11-27', 'future', '2026-11-27')).toBeNull();
    expect(dateRuleError('2026-11-27', 'history', '2026-11-27')).toBe('Kies een datum voor vandaag.');
  });
});

describe('year and month rules in Amsterdam', () => {
  it("on New Year's night at 00:30 Dutch time the new year is already here", async () => {
    const { invoiceYears, currentInvoiceMonth } = await import('./schemas/invoices');
    const { statisticsYears } = await import('./schemas/statistics');
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(currentInvoiceMonth(newYear)).toEqual({ year: 2027, month: 1 });
    expect(invoiceYears(newYear).at(-1)).toBe(2027);
    expect(statisticsYears(newYear).at(-1)).toBe(2028);
  });
});

describe('the Amsterdam clock without a zone lookup (the EU summer-time rule)', () => {
  it("equals the zone's data twice a day from 1996 to 2099, and every 15 minutes around each switch", () => {
    const same = (instant: Date) => expect(amsterdamClock(instant), instant.toISOString()).toEqual(zoneClock(instant));
    for (let ms = Date.UTC(1996, 0, 1, 0, 30); ms < Date.UTC(2100, 0, 1); ms += 12 * 3_600_000) same(new Date(ms));
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const switchAt = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (let minutes = -180; minutes <= 180; minutes += 15) same(new Date(switchAt + minutes * 60_000));
        // The second before and the second of the switch.
        same(new Date(switchAt - 1000));
        same(new Date(switchAt));
      }
    }
  });

  it('asks the zone outside those years', () => {
    expect(amsterdamClock(new Date(Date.UTC(1990, 6, 1, 12)))).toEqual(zoneClock(new Date(Date.UTC(1990, 6, 1, 12))));
    expect(amsterdamClock(new Date(Date.UTC(2150, 0, 1, 12))).hour).toBe(13);
  });

  it('gives the month of every boundary of 2026 and 2027, summer and winter time', () => {
    for (let year = 2026; year <= 2027; year++) {
      for (let month = 0; month < 12; month++) {
        const boundary = Date.UTC(year, month, 1);
        for (let minutes = -180; minutes <= 180; minutes += 15) {
          const instant = new Date(boundary + minutes * 60_000);
          const { year: y, month: m } = zoneClock(instant);
          const { year, month } = amsterdamClock(instant);
          expect({ year, month }, instant.toISOString()).toEqual({ year: y, month: m });
        }
      }
    }
  });
});
