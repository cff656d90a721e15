import { describe, expect, it } from 'vitest';
import { filterIndexed, filterOptions, indexOptions, moveActive, placeList, resolveBlur } from './search-select-filter';

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
  it('filters a list indexed once, and hands back the list itself for empty text (no copy of 20,000 options)', () => {
    const index = indexOptions(options);
    expect(filterIndexed(index, 'UTRECHT').map((o) => o.id)).toEqual([1, 3]);
    expect(filterIndexed(index, '')).toBe(options);
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

describe('search-select list placement', () => {
  const field = (top: number) => ({ top, bottom: top + 40, left: 100, width: 300 });
  it('opens below with at most 400 px', () => {
    expect(placeList(field(100), 1000)).toEqual({ left: 100, width: 300, top: 144, maxHeight: 400 });
  });
  it('shrinks to the room below when that is still enough', () => {
    expect(placeList(field(600), 900)).toEqual({ left: 100, width: 300, top: 644, maxHeight: 248 });
  });
  it('opens above when the room below is small and there is more above', () => {
    expect(placeList(field(700), 800)).toEqual({ left: 100, width: 300, bottom: 104, maxHeight: 400 });
    expect(placeList(field(300), 400)).toEqual({ left: 100, width: 300, bottom: 104, maxHeight: 288 });
  });
});

describe('calendar placement (needs its full height)', () => {
  it('goes above when less than its height fits below', () => {
    const field = { top: 500, bottom: 540, left: 0, width: 300 };
    expect(placeList(field, 800, 340, 6, 340)).toMatchObject({ bottom: 306 });
    expect(placeList(field, 1000, 340, 6, 340)).toMatchObject({ top: 546 });
  });
});
