/**
 * Rows a test set-up reads from the seed, with the first ones it uses known to be there: a seed with
 * fewer fails the set-up with its name, not a later assertion with an undefined.
 */
export function seededRows<T>(rows: readonly T[], what: string): [T, T, ...T[]] {
  const [first, second, ...rest] = rows;
  if (first === undefined || second === undefined) throw new Error(`The seed has fewer than two ${what}.`);
  return [first, second, ...rest];
}
