import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { timestamptzParser } from './timestamps';

const TIMESTAMPTZ = 1184;
const standard = timestamptzParser(pg.types.getTypeParser(TIMESTAMPTZ, 'text')).standard!;
/** How often the parser under test left a text to pg's parser. */
let leftToStandard = 0;
const parse = timestamptzParser((text) => {
  leftToStandard++;
  return standard(text);
});

/** What a parser gives, comparable: a Date's time (NaN for an invalid one), else the value itself. */
const value = (v: unknown) => (v instanceof Date ? ['date', v.getTime()] : ['other', v]);

/** A timestamptz as PostgreSQL writes it: the fraction without trailing zeros (none at all when zero). */
function written(ms: number, micros: number, offsetSeconds: number): string {
  const local = new Date(ms + offsetSeconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const fraction = (local.getUTCMilliseconds() * 1000 + micros) ? `.${pad(local.getUTCMilliseconds() * 1000 + micros, 6)}`.replace(/0+$/, '') : '';
  const abs = Math.abs(offsetSeconds);
  const [h, m, s] = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60];
  const zone = `${offsetSeconds < 0 ? '-' : '+'}${pad(h)}${m || s ? `:${pad(m)}` : ''}${s ? `:${pad(s)}` : ''}`;
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} `
    + `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction}${zone}`;
}

describe('timestamptz parsing', () => {
  it('gives the same Date as pg\'s own parser for timestamps of 1900–2100 in every offset shape PostgreSQL writes', () => {
    // Amsterdam's offsets (+01, +02, and before 1940 +00:19:32 and +00:20), and others in hours, minutes and seconds.
    const offsets = [3600, 7200, 1172, 1200, 0, -3600 * 5, 3600 * 5 + 1800, -(3600 * 3 + 1800), 3600 * 14, -3600 * 12, 45, -45];
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let n = 0; n < 20_000; n++) {
      const ms = from + Math.floor(random() * (to - from));
      const micros = n % 3 === 0 ? 0 : Math.floor(random() * 1000);
      const text = written(n % 5 === 0 ? ms - (ms % 1000) : ms, n % 5 === 0 ? 0 : micros, offsets[n % offsets.length]!);
      expect(value(parse(text)), text).toEqual(value(standard(text)));
    }
    expect(leftToStandard).toBe(0);
  });

  it('reads every fraction of one to six digits as pg does (milliseconds cut, not rounded)', () => {
    for (let micros = 0; micros < 1_000_000; micros += 37) {
      const digits = String(micros).padStart(6, '0');
      for (const fraction of [digits, digits.slice(0, 3), digits.slice(0, 1)]) {
        const text = `2026-11-27 14:20:21.${fraction}+01`;
        expect((parse(text) as Date).getTime(), text).toBe((standard(text) as Date).getTime());
      }
    }
    expect(leftToStandard).toBe(0);
  });

  it('leaves what it does not read by position to pg\'s parser: infinity, BC, years before 100, odd text', () => {
    for (const text of ['infinity', '-infinity', '0044-03-15 12:00:00+00:19:32 BC', '0099-12-31 23:59:59+00', '0001-01-01 00:00:00+00',
      '12345-01-01 00:00:00+00', '2026-11-27 14:20:21', '2026-11-27 14:20:21Z', '2026-11-27T14:20:21+01', '2026-1x-27 14:20:21+01',
      '2026-11-27 14:20:21.5+1', '2026-11-27 14:20:21+01:3', '2026-11-27 14:20:21+01 ', 'vandaag']) {
      expect(value(parse(text)), text).toEqual(value(standard(text)));
    }
    expect((parse('2026-11-27 14:20:21.123456+01') as Date).toISOString()).toBe('2026-11-27T13:20:21.123Z');
    expect((parse('1939-05-01 00:00:00+00:20') as Date).toISOString()).toBe('1939-04-30T23:40:00.000Z');
  });

  it('keeps pg\'s parser underneath when set a second time (a module evaluated again)', () => {
    expect(timestamptzParser(timestamptzParser(standard)).standard).toBe(standard);
  });
});
