import { ValidationError } from '../http/errors';

/**
 * Refuses an import with row errors (keyed `rows.<n>.<field>`, n the row's number in the spreadsheet, the headings
 * being row 1): all rows or none. The
 * file field says the first, 'Rij n: message'; every row's messages stay under their own keys.
 */
export function refuseRowErrors(errors: Record<string, string[]>): void {
  const [first] = Object.entries(errors);
  if (!first) return;
  const [key, messages] = first;
  throw new ValidationError({ file: [`Rij ${key.split('.')[1]}: ${messages[0]}`], ...errors });
}
