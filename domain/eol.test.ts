import { describe, expect, it } from 'vitest';
import { addMonths, eolDate, eolHorizonEnd, isWithinEolHorizon, monthsUntilEol } from './eol';

describe('EOL rule', () => {
  it('adds calendar months and clamps to the last day of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-23', 3)).toBe('2027-02-23');
    expect(addMonths('2026-11-23', -36)).toBe('2023-11-23');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it("reaches EOL the product's EOL months after the purchase date", () => {
    expect(eolDate('2023-02-15', 48)).toBe('2027-02-15');
    expect(eolDate(null, 48)).toBeNull();
    expect(eolDate('2023-02-15', null)).toBeNull();
  });

  it('counts whole months until the EOL day, negative once it has passed', () => {
    expect(monthsUntilEol('2027-02-23', '2026-11-23')).toBe(3);
    expect(monthsUntilEol('2027-02-22', '2026-11-23')).toBe(2);
    expect(monthsUntilEol('2026-11-30', '2026-11-23')).toBe(0);
    expect(monthsUntilEol('2026-11-23', '2026-11-23')).toBe(0);
    expect(monthsUntilEol('2026-11-22', '2026-11-23')).toBe(-1);
    expect(monthsUntilEol('2027-02-28', '2026-11-30')).toBe(3);
  });

  it('shows items up to exactly three months ahead, not a day later', () => {
    expect(eolHorizonEnd('2026-11-23')).toBe('2027-02-23');
    expect(isWithinEolHorizon('2027-02-23', '2026-11-23')).toBe(true);
    expect(isWithinEolHorizon('2027-02-24', '2026-11-23')).toBe(false);
    expect(isWithinEolHorizon('2025-01-01', '2026-11-23')).toBe(true);
  });
});
