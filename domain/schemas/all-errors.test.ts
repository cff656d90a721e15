import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, todayInAmsterdam } from '../dates';
import { DeliveryType } from '../enums';
import { activateSchema, passwordResetSchema } from './auth';
import { issuesToFieldErrors, msg } from './common';
import { deliverySchema, deliveryMsg } from './deliveries';
import { asnMsg, asnSchema } from './prenotifications';
import { mutationSchema } from './stock';

/** The field errors one parse gives: what one submit (and one 422) shows. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToFieldErrors(result.issues);
};
const past = addCalendarDays(todayInAmsterdam(), -30);

describe('one parse names every field, the cross-field checks included (issue 46.1)', () => {
  it('a new pre-notification with a past date, contract Ja and no end date: the date, the end date and the rest at once', () => {
    const errors = errorsOf(asnSchema(true), {
      client_id: '',
      reference: '',
      expected: past,
      contract: true,
      end_date_contract: null,
      new_project: true,
      project_number: '',
      stock_owner: '',
      products: [{ product_id: '', quantity: '1' }],
    });
    expect(errors).toEqual({
      client_id: [msg.required],
      reference: [msg.required],
      expected: [msg.futureDate],
      end_date_contract: [asnMsg.contractEnd],
      project_number: [asnMsg.projectNumber],
      stock_owner: [asnMsg.stockOwner],
      'products.0.product_id': [msg.required],
    });
  });

  it('an end date before the start date is named while the order number is still empty', () => {
    const errors = errorsOf(asnSchema(false), {
      client_id: 3,
      reference: '',
      contract: true,
      expected: '2027-01-01',
      start_date_contract: '2027-05-01',
      end_date_contract: '2027-04-01',
      stock_owner: 'Eindklant',
      products: [{ product_id: 5, quantity: 1 }],
    });
    expect(errors).toEqual({ reference: [msg.required], end_date_contract: [asnMsg.endBeforeStart] });
  });

  it('extra products with a past date and no bundle or order number: all three', () => {
    const errors = errorsOf(deliverySchema(DeliveryType.EXTRA_PRODUCTEN, true), {
      client_id: 29,
      date: past,
      bundle_id: '',
      order_number: '',
    });
    expect(errors).toEqual({
      bundle_id: [deliveryMsg.bundleRequired],
      date: [msg.futureDate],
      order_number: [msg.required],
    });
  });

  it('activation: unequal passwords and unaccepted terms together', () => {
    expect(
      errorsOf(activateSchema, {
        password: 'Geheim123!',
        password_confirmation: 'Anders123!',
        token: 't',
        accepted_terms: false,
      }),
    ).toEqual({
      password_confirmation: [msg.passwordRepeat],
      accepted_terms: ['Je moet de gebruiksvoorwaarden accepteren.'],
    });
    expect(
      errorsOf(passwordResetSchema, { email: '', password: 'Geheim123!', password_confirmation: 'x', token: 't' }),
    ).toEqual({
      email: [msg.required, msg.email],
      password_confirmation: [msg.passwordRepeat],
    });
  });

  it("a mutation without a new owner or removal names 'In gebruik door' while the e-mail is wrong too", () => {
    const errors = errorsOf(mutationSchema, { contact_email: 'geen-mail', contact_phone: '0612345678' });
    expect(Object.keys(errors).sort()).toEqual(['client_id', 'contact_email']);
  });
});
