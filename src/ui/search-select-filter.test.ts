import { describe, expect, it } from 'vitest';
import { filterOptions, moveActive, resolveBlur } from './search-select-filter';

const options = [
  { id: 1, name: 'Gemeente Utrecht' },
  { id: 2, name: 'Zorggroep Oost' },
  { id: 3, name: 'Bakkerij De Utrechtse Hoek' },
];

describe('search-select filtering', () => {
  it('matches a case-insensitive substring anywhere in the name', () => {
    expect(filterOptions(options, 'utrecht').map((o) => o.id)).toEqual([1, 3]);
    expect(filterOptions(options, 'OOST').map((o) => o.id)).toEqual([2]);
    expect(filterOptions(options, 'xyz')).toEqual([]);
  });
  it('shows everything for empty text', () => {
    expect(filterOptions(options, '  ')).toHaveLength(3);
  });
});

describe('search-select blur', () => {
  it('picks an option typed in full, in any case', () => {
    expect(resolveBlur('zorggroep oost', options, null)).toEqual({ value: options[1], text: 'Zorggroep Oost' });
  });
  it('reverts to the last valid option when the text names none', () => {
    expect(resolveBlur('Zorg', options, options[0]!)).toEqual({ value: options[0], text: 'Gemeente Utrecht' });
  });
  it('clears when there was no valid option, or the text was emptied', () => {
    expect(resolveBlur('Zorg', options, null)).toEqual({ value: null, text: '' });
    expect(resolveBlur('', options, options[0]!)).toEqual({ value: null, text: '' });
  });
});

describe('search-select keyboard', () => {
  it('moves down and up through the list and wraps around', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'ArrowUp')).toBe(0);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});
