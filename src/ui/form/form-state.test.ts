import { describe, expect, it } from 'vitest';
import { getIn, setIn, withoutErrors } from './form-state';

describe('form state by dotted path', () => {
  it('reads and writes nested values without changing the original', () => {
    const values = { name: 'A', contacts: [{ email: 'a@b.nl' }], address: { street: '' } };
    const next = setIn(values, 'contacts.0.email', 'c@d.nl') as typeof values;
    expect(getIn(next, 'contacts.0.email')).toBe('c@d.nl');
    expect(values.contacts[0]?.email).toBe('a@b.nl');
    expect(Array.isArray(next.contacts)).toBe(true);
    expect(getIn('text', 'length')).toBeUndefined();
    expect(next.address).toBe(values.address);
    expect(setIn({}, 'lines.1.price', 5)).toEqual({ lines: [undefined, { price: 5 }] });
  });

  it('drops the errors of a field and of everything under it', () => {
    const errors = { 'address.street': ['x'], 'address.city': ['y'], addressee: ['z'] };
    expect(withoutErrors(errors, 'address')).toEqual({ addressee: ['z'] });
    expect(withoutErrors(errors, 'name')).toBe(errors);
  });
});
