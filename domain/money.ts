/**
 * Amounts as a Dutch user types them (spec 1 §9: euro with dot thousands and comma decimals; sent to
 * the API with a dot decimal). Every price field reads input with this one parser.
 */

export const moneyMsg = {
  invalid: 'Vul een geldig bedrag in, bijvoorbeeld 12,50.',
} as const;

/** The example every price field shows. */
export const MONEY_EXAMPLE = '12,50';

const COMMA_DECIMAL = /^\d+(,\d{1,2})?$/; // 1234,56 · 12,50 · 12
const DOT_THOUSANDS = /^\d{1,3}(\.\d{3})+,\d{1,2}$/; // 1.234,56 · 12.345.678,00
const DOT_DECIMAL = /^\d+\.\d{1,2}$/; // 12.50 · 1234.5: one or two digits after a single dot cannot be thousands

/**
 * Cents of a typed amount: '1.234,56', '1234,56', '12,50', '12' and, where it cannot mean thousands,
 * '12.50'. Dots group thousands only before a decimal comma: '1.234' or '12.505' could be thousands
 * or three decimals, so they are refused, as are '1,234.56', '12,5,0', '-3' and 'abc'.
 */
export function parseMoneyToCents(input: string): number | null {
  const s = input.replace(/\s+/g, '').replace(/^€/, '');
  let euros: string;
  let cents: string;
  if (COMMA_DECIMAL.test(s) || DOT_THOUSANDS.test(s)) {
    [euros, cents = ''] = s.replace(/\./g, '').split(',') as [string, string?];
  } else if (DOT_DECIMAL.test(s)) {
    [euros, cents = ''] = s.split('.') as [string, string?];
  } else {
    return null;
  }
  const value = Number(euros) * 100 + Number(cents.padEnd(2, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** Cents as the API's price text with a dot decimal ('1234.56'). */
export function centsToApiPrice(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** Cents as a user types them back into a field ('1234,56'). */
export function centsToInput(cents: number): string {
  return centsToApiPrice(cents).replace('.', ',');
}
