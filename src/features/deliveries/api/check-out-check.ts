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
  | { kind: 'judged'; refusals: Map<string, string | null> }
  | { kind: 'closed'; message: string }
  | { kind: 'offline' };

/**
 * POST /delivery/checkout/check: judges `serials` (those scanned so far, then the new ones) as the
 * check-out would, in the user's part of the customer hierarchy, without applying anything.
 */
export async function checkCheckOutSerials(deliveryId: number, serials: string[]): Promise<CheckOutCheck> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  try {
    const { data } = await postJson<CheckOutCheckAnswer>('delivery/checkout/check', { id: deliveryId, serials }, { timeout: CHECK_TIMEOUT_MS });
    return { kind: 'judged', refusals: new Map(data.map((d) => [serialKey(d.serial), d.available ? null : (d.message ?? '')])) };
  } catch (err) {
    // A refusal of the whole list (cancelled or completed delivery, no longer visible): its words.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) {
      return { kind: 'closed', message: [...new Set(Object.values(err.fieldErrors).flat())].join(' ') || err.message };
    }
    // No connection, a timeout or a server failure: the server judges the batch when it is sent.
    return { kind: 'offline' };
  }
}
