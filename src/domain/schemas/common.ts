import * as v from 'valibot';
import { OTP_PATTERN, PASSWORD_MESSAGE, isStrongPassword, POSTCODE_MESSAGE, isDutchPostcode } from '../rules';

/** Dutch messages used by every schema; forms and the API show the same words. */
export const msg = {
  required: 'Dit veld is verplicht.',
  email: 'Vul een geldig e-mailadres in.',
  choose: 'Selecteer een optie.',
  number: 'Vul een geldig getal in.',
  date: 'Vul een geldige datum in.',
  futureDate: 'Kies een datum in de toekomst.',
  tooLong: (n: number) => `Dit veld mag maximaal ${n} tekens bevatten.`,
  otp: 'Vul een code van 6 cijfers in.',
  passwordRepeat: 'De wachtwoorden komen niet overeen.',
  invalidCharacter: 'Dit veld bevat een ongeldig teken.',
  invalidId: 'Kies een bestaande waarde.',
  invalid: 'Vul een geldige waarde in.',
} as const;

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

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max = 255) =>
  v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(max, msg.tooLong(max)), noNul);

export const optionalText = (max = 255) =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, msg.tooLong(max)), noNul)));

export const email = v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.maxLength(255, msg.tooLong(255)), v.email(msg.email));

export const password = v.pipe(
  v.string(msg.required), v.nonEmpty(msg.required), v.maxLength(255, msg.tooLong(255)), noNul, v.check(isStrongPassword, PASSWORD_MESSAGE),
);

export const otpCode = v.pipe(v.string(msg.required), v.trim(), v.nonEmpty(msg.required), v.regex(OTP_PATTERN, msg.otp));

export const postcode = v.pipe(v.string(msg.required), v.trim(), v.check(isDutchPostcode, POSTCODE_MESSAGE));

/** An id sent as number or numeric string (forms send strings); one beyond any integer column exists nowhere. */
export const id = v.pipe(
  v.union([v.number(msg.required), v.pipe(v.string(msg.required), v.regex(/^\d+$/, msg.required))], msg.required),
  v.transform(Number),
  v.integer(msg.required),
  v.minValue(1, msg.required),
  v.maxValue(MAX_ID, msg.invalidId),
);

/** The years a date may lie in: a real calendar date the database and a person can use. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

/** A Y-m-d string that names a day of the calendar (no 2026-02-30, no year 0000). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
export const calendarDate = v.check<string, string>(isCalendarDate, msg.date);

/** Y-m-d date. */
export const isoDate = v.pipe(v.string(msg.required), v.nonEmpty(msg.required), calendarDate);

/** Y-m-d that lies after today (date picker type 'future'). */
export const futureDate = v.pipe(isoDate, v.check((value) => !isCalendarDate(value) || value > todayIso(), msg.futureDate));

export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Flattens valibot issues into the API's 422 shape: dotted field name to messages. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
