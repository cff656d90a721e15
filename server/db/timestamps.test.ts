import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { parseTimestamptz, TIMESTAMPTZ } from './timestamps';

const postgresDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * An instant as PostgreSQL writes it at an offset: the fraction without trailing zeros, minutes only when not whole
 * hours.
 */
function pgText(instant: number, micros: number, offsetMinutes: number): string {
  const wall = new Date(instant + offsetMinutes * 60_000);
  const fraction = micros ? `.${pad(micros, 6)}`.replace(/0+$/, '') : '';
  const zone = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.trunc(offsetMinutes / 60))}${offsetMinutes % 60 ? `:${pad(offsetMinutes % 60)}` : ''}`;
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${fraction}${zone}`;
}

describe('parseTimestamptz', () => {
  it('reads every instant at every offset to the millisecond, the fraction truncated', () => {
    const offsets = [0, 60, 120, -180, 330, -210, 765, -600];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let k = 0; k < 5000; k += 1) {
      const seconds = Date.UTC(1000, 0, 1) / 1000 + (next() % 280_000) * 100_000 + (next() % 100_000);
      const micros = k % 4 === 0 ? 0 : next() % 1_000_000;
      const offset = offsets[k % offsets.length]!;
      const text = pgText(seconds * 1000, micros, offset);
      expect((parseTimestamptz(text) as Date).getTime(), text).toBe(seconds * 1000 + Math.trunc(micros / 1000));
    }
  });

  it("agrees with pg's own parser, and leaves to it what it does not read by position", () => {
    for (const text of [
      '2026-11-27 23:58:08+01',
      '2026-03-29 02:30:00.5+02',
      '2026-11-27 23:58:08.123456-03:30',
      '1999-12-31 23:59:59.999+00',
      'infinity',
      '-infinity',
      '0099-06-01 12:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '1900-01-01 00:00:00+00:19:32',
      '12026-01-01 00:00:00+00',
    ]) {
      expect(parseTimestamptz(text), text).toEqual(postgresDate(text));
    }
  });

  it("reads every fraction of a second as pg's own parser does", () => {
    for (let micros = 1; micros < 1_000_000; micros += 7) {
      const text = pgText(Date.UTC(2026, 10, 27, 10), micros, 60);
      expect((parseTimestamptz(text) as Date).getTime(), text).toBe((postgresDate(text) as Date).getTime());
    }
  });

  it("hands text it cannot read to pg's parser instead of making up a date", () => {
    for (const text of [
      '2026-1x-27 10:00:00+00',
      '2026-11-27 10:00:00',
      '2026-11-27T10:00:00Z',
      '2026-11-27 10:00:00+0x',
    ]) {
      expect(parseTimestamptz(text), text).toEqual(postgresDate(text));
    }
  });
});
