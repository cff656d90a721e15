/**
 * The scan rules of the check-in modal (spec 2 §5), shared by the modal and the server so both
 * refuse the same serials with the same words.
 */

export const scanMsg = {
  duplicate: 'Serienummer is al gescand.',
  /** Check-in of a serial a live item already has (not in spec 2; its duplicate text was shown before, issue 21). */
  inStock: 'Serienummer staat al in de voorraad.',
  /** Check-out: accepted offline, judged by the server when the batch is sent (issue 21). */
  unchecked: 'nog niet gecontroleerd',
  length: 'Serienummer komt niet overeen',
  nothing: 'Vul een aantal of serienummers in.',
} as const;

/** Scanners add whitespace or control characters; serials compare without case. */
export function normalizeSerial(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

export const serialKey = (serial: string) => normalizeSerial(serial).toUpperCase();

/** Bulk entry: comma separated (new lines and semicolons also split, as pasted from a sheet). */
export function parseBulkSerials(text: string): string[] {
  return text
    .split(/[,;\r\n\t]+/)
    .map(normalizeSerial)
    .filter((s) => s !== '');
}

/**
 * Why a serial is refused, or null when it may be added: a duplicate of one already scanned (here
 * or in stock), or a length that differs from the first scanned serial.
 */
export function checkSerial(
  serial: string,
  scanned: readonly string[],
  taken: ReadonlySet<string> = new Set(),
): string | null {
  const key = serialKey(serial);
  if (key === '') return null;
  if (taken.has(key) || scanned.some((s) => serialKey(s) === key)) return scanMsg.duplicate;
  const first = scanned[0];
  if (first !== undefined && normalizeSerial(first).length !== normalizeSerial(serial).length) return scanMsg.length;
  return null;
}

interface ScanOutcome {
  accepted: string[];
  refused: { serial: string; message: string }[];
}

/** Adds serials one by one with the rules above; the list so far is the reference for each next one. */
export function addSerials(
  existing: readonly string[],
  incoming: readonly string[],
  taken: ReadonlySet<string> = new Set(),
): ScanOutcome {
  const all = [...existing];
  const outcome: ScanOutcome = { accepted: [], refused: [] };
  for (const raw of incoming) {
    const serial = normalizeSerial(raw);
    if (!serial) continue;
    const message = checkSerial(serial, all, taken);
    if (message) outcome.refused.push({ serial, message });
    else {
      all.push(serial);
      outcome.accepted.push(serial);
    }
  }
  return outcome;
}

/** Positions of serials that occur earlier in the list (case-insensitive): the server's in-request check. */
export function duplicatePositions(serials: readonly string[]): number[] {
  const seen = new Set<string>();
  const dupes: number[] = [];
  serials.forEach((s, i) => {
    const key = serialKey(s);
    if (seen.has(key)) dupes.push(i);
    seen.add(key);
  });
  return dupes;
}
