import type { Trx } from '../db/database';
import type { AuthUser } from '../http/access';

export interface ActivityEvent {
  action: string;
  item_id?: number | null;
  product_id?: number | null;
  client_id?: number | null;
  delivery_id?: number | null;
  status_id?: number | null;
}

/**
 * Writes activity rows (the events tab of a client, item, product or delivery), acting as `user`; item status changes
 * carry status_id.
 */
export async function recordEvents(trx: Trx, user: AuthUser | null, events: ActivityEvent[]): Promise<void> {
  if (!events.length) return;
  for (let i = 0; i < events.length; i += 2000) {
    await trx
      .insertInto('events')
      .values(
        events.slice(i, i + 2000).map((e) => ({
          action: e.action,
          item_id: e.item_id ?? null,
          product_id: e.product_id ?? null,
          client_id: e.client_id ?? null,
          delivery_id: e.delivery_id ?? null,
          status_id: e.status_id ?? null,
          user_id: user?.id ?? null,
        })),
      )
      .execute();
  }
}
