import { describe, expect, it } from 'vitest';
import { countNoun } from './format';

describe('countNoun', () => {
  it('puts the noun in the singular for one and in the plural for every other count', () => {
    expect(countNoun(1, 'accessoire', 'accessoires')).toBe('1 accessoire');
    expect(countNoun(2, 'accessoire', 'accessoires')).toBe('2 accessoires');
    expect(countNoun(0, 'artikel', 'artikelen')).toBe('0 artikelen');
  });
});
