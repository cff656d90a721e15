import { useMemo, useState } from 'react';
import { clientMsg } from '@domain/schemas/clients';
import { POSTCODE_MESSAGE, isDutchPostcode } from '@domain/rules';
import { lookupPostalCode } from '../api/postal-code';

/** What the last lookup said: nothing yet, street and city found, or a valid postcode the server does not know. */
export type PostcodeState = 'idle' | 'found' | 'unknown';

/**
 * The postcode field's change (spec 1 §5): a valid Dutch postcode looks up street and city and
 * fills them in; anything else clears them so they can be typed by hand. A slower answer to an
 * older postcode never overwrites a newer one. `report` hears how the lookup went.
 */
export function postcodeLookup(
  fill: (street: string, city: string) => void,
  report: (state: PostcodeState) => void = () => {},
) {
  let latest = '';
  return async (value: string) => {
    latest = value;
    if (!isDutchPostcode(value)) {
      fill('', '');
      report('idle');
      return;
    }
    // A lookup that fails (offline) leaves street and city to the user, like an unknown postcode.
    const found = await lookupPostalCode(value.trim()).catch(() => null);
    if (latest !== value) return;
    fill(found?.street ?? '', found?.city ?? '');
    report(found ? 'found' : 'unknown');
  };
}

/** The message a postcode field shows when it is left with a postcode in the wrong format; none for an empty one. */
export function postcodeFormatError(value: string): string | undefined {
  return value.trim() !== '' && !isDutchPostcode(value) ? POSTCODE_MESSAGE : undefined;
}

/**
 * The lookup of a form's postcode field: `lookup` for its change, and `notice` ('Postcode niet
 * gevonden. Vul straat en plaats zelf in.') to show at the field when the postcode is unknown;
 * `unknown` then makes street and city required by hand.
 */
export function usePostcodeLookup(fill: (street: string, city: string) => void) {
  const [state, setState] = useState<PostcodeState>('idle');
  const lookup = useMemo(() => postcodeLookup(fill, setState), [fill]);
  const unknown = state === 'unknown';
  return { lookup, unknown, notice: unknown ? clientMsg.postcodeUnknown : undefined };
}
