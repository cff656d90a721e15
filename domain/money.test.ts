import { describe, expect, it } from 'vitest';
import { centsToApiPrice, centsToInput, parseMoneyToCents } from './money';

describe('Dutch money input', () => {
  it.each([
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['12,50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['12.50', 1250],
    ['1234.5', 123450],
    ['12.345.678,90', 1234567890],
    [' € 7,05 ', 705],
    ['0,99', 99],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '1,234.56', '12,5,0', '-3', '12,505', '1.23.4', '12.', ',50', '1.2345', '1.234', '12.505'])(
    'refuses %j',
    (input) => {
      expect(parseMoneyToCents(input)).toBeNull();
    },
  );

  it('writes cents for the API with a dot and for a field with a comma', () => {
    expect(centsToApiPrice(123456)).toBe('1234.56');
    expect(centsToApiPrice(5)).toBe('0.05');
    expect(centsToInput(1250)).toBe('12,50');
  });
});
