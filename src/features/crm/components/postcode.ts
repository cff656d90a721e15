import { isDutchPostcode } from '@domain/rules';
import { lookupPostalCode } from '../api/postal-code';

/**
 * The postcode field's change (spec 1 §5): a valid Dutch postcode looks up street and city and
 * fills them in; anything else clears them so they can be typed by hand. A slower answer to an
 * older postcode never overwrites a newer one.
 */
export function postcodeLookup(fill: (street: string, city: string) => void) {
  let latest = '';
  return async (value: string) => {
    latest = value;
    if (!isDutchPostcode(value)) {
      fill('', '');
      return;
    }
    const found = await lookupPostalCode(value.trim());
    if (latest === value) fill(found?.street ?? '', found?.city ?? '');
  };
}
