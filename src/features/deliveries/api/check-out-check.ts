import { postJson } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import type { CheckOutCheckAnswer } from '@domain/contracts/deliveries';
import { serialKey } from '@domain/scan';

/** A scan waits at most this long for the server; then it is kept as not yet checked. */
const CHECK_TIMEOUT_MS = 6_000;

/**
 * What the server says of a check-out list: per serial key the refusal (or null), or the whole
 * delivery refused (cancelled, completed: `closed`), or `offline` when it could not be asked
 * (no connection, timeout, server failure).
 */
export type CheckOutCheck =
  { kind: 'judged'; refusals: Map<string, string | null> } | { kind: 'closed'; message: string } | { kind: 'offline' };

/**
 * POST /delivery/checkout/check: judges `serials` (those scanned so far, then the new ones) as the
 * check-out would, in the user's part of the customer hierarchy, without applying anything.
 */
export async function checkCheckOutSerials(deliveryId: number, serials: string[]): Promise<CheckOutCheck> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  try {
    const { data } = await postJson<CheckOutCheckAnswer>(
      'delivery/checkout/check',
      { id: deliveryId, serials },
      { timeout: CHECK_TIMEOUT_MS },
    );
    return {
      kind: 'judged',
      refusals: new Map(data.map((d) => [serialKey(d.serial), d.available ? null : (d.message ?? '')])),
    };
  } catch (err) {
    // A refusal of the whole list (cancelled or completed delivery, no longer visible): its words.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) {
      return { kind: 'closed', message: [...new Set(Object.values(err.fieldErrors).flat())].join(' ') || err.message };
    }
    // No connection, a timeout or a server failure: the server judges the batch when it is sent.
    return { kind: 'offline' };
  }
}

/**
 * What the scan field says once serials scanned offline were judged (the connection returned while
 * the dialog is open): the refusal of one serial as a scan shows it, else how many were refused or
 * that they passed. `checked` are the serials that waited, `refusals` the server's verdict.
 */
export function recheckOutcome(
  checked: readonly string[],
  refusals: ReadonlyMap<string, string | null>,
): { text: string; refused: boolean } {
  const refused = checked.flatMap((serial) => {
    const message = refusals.get(serialKey(serial));
    return message ? [{ serial, message }] : [];
  });
  const [first] = refused;
  if (first && refused.length === 1) return { text: `${first.serial}: ${first.message}`, refused: true };
  if (refused.length > 1)
    return { text: `${refused.length} van ${checked.length} serienummers geweigerd`, refused: true };
  return {
    text: checked.length === 1 ? `${checked[0]} gecontroleerd` : `${checked.length} serienummers gecontroleerd`,
    refused: false,
  };
}
