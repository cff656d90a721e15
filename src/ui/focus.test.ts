import { describe, expect, it } from 'vitest';
import { nextTrapTarget } from './focus';

describe('focus trap', () => {
  const items = ['name', 'price', 'save', 'cancel'];
  it('wraps from the last element to the first, and back with Shift', () => {
    expect(nextTrapTarget(items, 'cancel', false)).toBe('name');
    expect(nextTrapTarget(items, 'name', true)).toBe('cancel');
  });
  it('lets the browser move within the dialog', () => {
    expect(nextTrapTarget(items, 'price', false)).toBeNull();
    expect(nextTrapTarget(items, 'price', true)).toBeNull();
  });
  it('brings focus from outside (the dialog itself) into the list', () => {
    expect(nextTrapTarget(items, 'dialog', false)).toBe('name');
    expect(nextTrapTarget(items, 'dialog', true)).toBe('cancel');
  });
  it('has nothing to focus in an empty dialog', () => {
    expect(nextTrapTarget([], 'dialog', false)).toBeNull();
  });
});
