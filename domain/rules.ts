/** Business rules shared by forms and the API (spec 1 §5, spec 2 §4, §9). */

export const PASSWORD_MESSAGE =
  'Je wachtwoord moet minimaal uit 1 hoofdletter, 1 kleine letter, 1 cijfer en 1 speciale karakter bestaan en ' +
  'minimaal 8 karakters lang zijn';
export const PASSWORD_MIN_LENGTH = 8;
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** Four digits not starting with 0, optional space, two letters other than SA, SD, SS. */
const POSTCODE_PATTERN = /^[1-9][0-9]{3} ?(?!sa|sd|ss)[a-z]{2}$/i;
export const POSTCODE_MESSAGE = 'Vul een correcte postcode en huisnummer in';
export function isDutchPostcode(value: string): boolean {
  return POSTCODE_PATTERN.test(value.trim());
}
export function normalizePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} ${compact.slice(4)}`;
}

/** A phone number (issue 46): digits, spaces, +, - and brackets, with at least one digit; 'abc' is none. */
const PHONE_PATTERN = /^[0-9 +()-]*[0-9][0-9 +()-]*$/;
export const PHONE_MESSAGE = 'Vul een geldig telefoonnummer in.';
export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export const OTP_PATTERN = /^\d{6}$/;

export const SUCCESS_REDIRECT_MS = 4000;
export const TOAST_DURATION_MS = 5000;

export const EOL_HORIZON_MONTHS = 3;

export const STATISTICS_FIRST_YEAR = 2022;
export const INVOICE_FIRST_YEAR = 2022;
