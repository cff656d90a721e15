import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, isDutchPostcode, isPhoneNumber } from './rules';
import { msg, optionalPhone, requiredPhone } from './schemas/common';
import { contactCreateSchema } from './schemas/contacts';
import { mutationSchema } from './schemas/stock';
import { deliverySchema } from './schemas/deliveries';
import { DeliveryType } from './enums';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((i) => i.message);
};

describe('phone numbers (issue 46.3): digits, spaces, +, - and brackets', () => {
  it.each(['0612345678', '020-1234567', '+31 (0)20 123 45 67', ' 06 1234 5678 ', '(010) 123-4567'])(
    'takes %j',
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(true);
    },
  );
  it.each(['abc', '06-abc', '0612345678 ext. 2', '06/12345678', '+', '- ()', '', '06\n12'])('refuses %j', (phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });
  it('a required phone: empty is required, letters are refused with the Dutch message', () => {
    expect(messages(requiredPhone, '')).toEqual([msg.required]);
    expect(messages(requiredPhone, 'abc')).toEqual([PHONE_MESSAGE]);
    expect(v.parse(requiredPhone, ' 06 1234 5678 ')).toBe('06 1234 5678');
    expect(PHONE_MESSAGE).toBe('Vul een geldig telefoonnummer in.');
  });
  it('an optional phone may be empty or absent, not letters', () => {
    expect(messages(optionalPhone, '')).toEqual([]);
    expect(messages(optionalPhone, null)).toEqual([]);
    expect(messages(optionalPhone, 'abc')).toEqual([PHONE_MESSAGE]);
  });
  it('every schema with a phone uses the rule', () => {
    const contact = { client_id: 1, first_name: 'A', last_name: 'B', email: 'a@b.nl', has_account: '0', phone: 'abc' };
    expect(v.safeParse(contactCreateSchema, contact).issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ['phone', PHONE_MESSAGE],
    ]);
    expect(messages(mutationSchema, { contact_email: 'a@b.nl', contact_phone: 'abc', remove_client: true })).toEqual([
      PHONE_MESSAGE,
    ]);
    for (const type of [DeliveryType.REPARATIE, DeliveryType.BULK_LEVERING, DeliveryType.EXTRA_PRODUCTEN]) {
      const result = v.safeParse(deliverySchema(type, false), { client_id: 1, contact_phone: 'abc' });
      expect(result.issues?.filter((i) => v.getDotPath(i) === 'contact_phone').map((i) => i.message)).toEqual([
        PHONE_MESSAGE,
      ]);
    }
  });
});

describe('Dutch postcodes (spec 1 §5)', () => {
  it.each(['1234 AB', '1234ab', ' 9999 zz '])('takes %j', (code) => expect(isDutchPostcode(code)).toBe(true));
  it.each(['0123 AB', '1234 SA', '1234 sd', '1234 SS', '123 AB', '1234 A', 'abcd ef'])('refuses %j', (code) =>
    expect(isDutchPostcode(code)).toBe(false),
  );
});
