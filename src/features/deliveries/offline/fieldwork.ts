import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { checkOutAction, finishAction, type AccessoryCount, type FinishChoice } from './fieldwork-actions';
import { enqueue, type EnqueueOutcome } from '../../../offline/outbox';

export type { AccessoryCount, FinishChoice, FinishPayload, PendingFieldwork } from './fieldwork-actions';
export { awaitsItem, finishPayload, linesForWaitingSerials, pendingFor } from './fieldwork-actions';

/** Check-out through the outbox: sent at once when online, else kept and replayed in order. */
export function checkOutSerials(
  d: Pick<DeliveryDetail, 'id' | 'order_number' | 'delivery_type_id'>,
  serials: string[],
  accessories: AccessoryCount[] = [],
): Promise<EnqueueOutcome> {
  return enqueue(checkOutAction(d, serials, accessories));
}

/** The signed finish through the outbox; the signature stays on the device until the server accepted it. */
export function finishDeliveryOffline(
  d: Pick<DeliveryDetail, 'id' | 'order_number' | 'delivery_type_id' | 'client_id' | 'products'>,
  choice: FinishChoice,
): Promise<EnqueueOutcome> {
  return enqueue(finishAction(d, choice));
}
