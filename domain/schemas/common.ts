import * as v from 'valibot';
import { dateMsg, isCalendarDate, isInDateRange } from '../dates';
import {
  OTP_PATTERN,
  PASSWORD_MESSAGE,
  PHONE_MESSAGE,
  isPhoneNumber,
  isStrongPassword,
  POSTCODE_MESSAGE,
  isDutchPostcode,
} from '../rules';

/** Dutch messages used by every schema; forms and the API show the same words. */
export const msg = {
  required: 'Dit veld is verplicht.',
  email: 'Vul een geldig e-mailadres in.',
  choose: 'Selecteer een optie.',
  number: 'Vul een geldig getal in.',
  date: dateMsg.invalid,
  futureDate: dateMsg.future,
  tooLong: (n: number) => `Dit veld mag maximaal ${n} tekens bevatten.`,
  otp: 'Vul een code van 6 cijfers in.',
  passwordRepeat: 'De wachtwoorden komen niet overeen.',
  invalidCharacter: 'Dit veld bevat een ongeldig teken.',
  invalidId: 'Kies een bestaande waarde.',
  invalid: 'Vul een geldige waarde in.',
  tooMany: (n: number) => `Dit veld mag maximaal ${n} waarden bevatten.`,
  tooDeep: 'Dit veld is te diep genest.',
} as const;

/** The most field errors one 422 answer lists (issue 22: one error per element made a 22 MB answer). */
export const MAX_FIELD_ERRORS = 50;

/**
 * Dutch words for every issue a schema does not word itself: a missing key of an object without
 * its own message, a value of the wrong type, a check written without a text. valibot's own
 * fallback is English ('Invalid key: Expected "password" but received undefined').
 */
function fallbackMessage(issue: v.BaseIssue<unknown>): string {
  return issue.input === undefined || issue.input === null || issue.input === '' ? msg.required : msg.invalid;
}
v.setSchemaMessage(fallbackMessage);
v.setGlobalMessage(fallbackMessage);

/** The largest id a database `integer` column holds; a larger id can exist nowhere. */
export const MAX_ID = 2_147_483_647;

/** PostgreSQL cannot store a NUL character in text; every text is checked for it. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const noNul = v.check<string, string>(hasNoNul, msg.invalidCharacter);

/** How many entries a list in a request may have at most (issue 22): more than any screen sends. */
export const MAX_LIST = { lines: 1000, contacts: 100 } as const;

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max = 255) =>
  v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(max, msg.tooLong(max)), noNul);

export const optionalText = (max = 255) =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, msg.tooLong(max)), noNul)));

/** The phone rule on a trimmed text; an empty one is left to the required check. */
const phoneNumber = v.check<string, string>((x) => x === '' || isPhoneNumber(x), PHONE_MESSAGE);
/** A required phone number of at most 30 characters (domain/rules.ts: isPhoneNumber). */
export const requiredPhone = v.pipe(requiredText(30), phoneNumber);
export const optionalPhone = v.optional(
  v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(30, msg.tooLong(30)), noNul, phoneNumber)),
);

export const email = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.nonEmpty(msg.required),
  v.maxLength(255, msg.tooLong(255)),
  v.email(msg.email),
);

export const password = v.pipe(
  v.string(msg.required),
  v.nonEmpty(msg.required),
  v.maxLength(255, msg.tooLong(255)),
  noNul,
  v.check(isStrongPassword, PASSWORD_MESSAGE),
);

export const otpCode = v.pipe(
  v.string(msg.required),
  v.trim(),
  v.nonEmpty(msg.required),
  v.regex(OTP_PATTERN, msg.otp),
);

export const postcode = v.pipe(v.string(msg.required), v.trim(), v.check(isDutchPostcode, POSTCODE_MESSAGE));

/** An id sent as number or numeric string (forms send strings); one beyond any integer column exists nowhere. */
export const id = v.pipe(
  v.union([v.number(msg.required), v.pipe(v.string(msg.required), v.regex(/^\d+$/, msg.required))], msg.required),
  v.transform(Number),
  v.integer(msg.required),
  v.minValue(1, msg.required),
  v.maxValue(MAX_ID, msg.invalidId),
);

export { isCalendarDate } from '../dates';

export const calendarDate = v.check<string, string>(isCalendarDate, msg.date);

/** Y-m-d date. */
export const isoDate = v.pipe(v.string(msg.required), v.nonEmpty(msg.required), calendarDate);

/** A calendar day from today on (date picker type 'future', spec 1 §5); today is the Amsterdam day. */
export const notBeforeToday = v.check<string, string>(
  (value) => !isCalendarDate(value) || isInDateRange(value, 'future'),
  msg.futureDate,
);

/** Y-m-d from today on. */
export const futureDate = v.pipe(isoDate, notBeforeToday);

/** Flattens valibot issues into the API's 422 shape: dotted field name to messages. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  let fields = 0;
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    if (!errors[key]) {
      if (fields === MAX_FIELD_ERRORS) break;
      fields += 1;
    }
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The columns of an import template in order, from each field's header (the import's row errors name them). */
export function importColumnsOf<F extends string>(headers: Record<F, string>): readonly { field: F; header: string }[] {
  return (Object.entries(headers) as [F, string][]).map(([field, header]) => ({ field, header }));
}
