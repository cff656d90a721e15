import { describe, expect, it } from 'vitest';
import { addSerials, checkSerial, duplicatePositions, parseBulkSerials, scanMsg } from './scan';

describe('scan rules', () => {
  it('parses comma separated bulk input, ignoring blanks and whitespace', () => {
    expect(parseBulkSerials(' AB1 , ab2,,\nAB3 ;AB4\t')).toEqual(['AB1', 'ab2', 'AB3', 'AB4']);
    expect(parseBulkSerials(' , ')).toEqual([]);
  });
  it('refuses a duplicate (any case) and a length that differs from the first serial', () => {
    expect(checkSerial('SN0001', [])).toBeNull();
    expect(checkSerial('sn0001', ['SN0001'])).toBe(scanMsg.duplicate);
    expect(checkSerial('SN01', ['SN0001'])).toBe(scanMsg.length);
    expect(checkSerial('SN0002', ['SN0001'])).toBeNull();
    expect(checkSerial('SN0002', [], new Set(['SN0002']))).toBe(scanMsg.duplicate);
  });
  it('adds serials one by one and reports each refusal', () => {
    const out = addSerials(['AAA1'], ['AAA2', 'AAA2', 'B', 'AAA1', 'AAA3']);
    expect(out.accepted).toEqual(['AAA2', 'AAA3']);
    expect(out.refused).toEqual([
      { serial: 'AAA2', message: scanMsg.duplicate },
      { serial: 'B', message: scanMsg.length },
      { serial: 'AAA1', message: scanMsg.duplicate },
    ]);
  });
  it('finds later duplicates for the server', () => {
    expect(duplicatePositions(['a', 'B', 'A', 'c', 'b'])).toEqual([2, 4]);
  });
});
