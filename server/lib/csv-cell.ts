/**
 * Text that a spreadsheet would read as a formula: '=', '+', '-', '@', or a tab or carriage return
 * in front of one (OWASP "CSV injection").
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of a ';'-separated CSV: formulas neutralised with a leading ', quoted when it holds ';', a quote or a line
 * break.
 */
export function csvCell(value: unknown): string {
  let s = value == null ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
