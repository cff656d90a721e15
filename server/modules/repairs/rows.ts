import { DeliveryType, ItemStatus, itemStatusNames, type ItemStatusId } from '@domain/enums';
import type { ExecutorFor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { HttpError, notFound } from '../../http/errors';
import { deliveryInScope } from '../deliveries';
import './tables';

/** The repair delivery when the user may see it; another tenant's repair, or another type, is a 404. */
export async function repairInScope<Lock extends boolean = false>(
  db: ExecutorFor<Lock>,
  user: AuthUser,
  id: number,
  forUpdate?: Lock,
) {
  const d = await deliveryInScope(db, user, id, forUpdate).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  });
  if (!d || d.delivery_type_id !== DeliveryType.REPARATIE) throw notFound('Reparatie niet gevonden');
  return d;
}
export type RepairRow = Awaited<ReturnType<typeof repairInScope>>;

/** The repair status: null until chosen by hand means 'Reparatie aangevraagd' (the status at request). */
export const repairStatusId = (d: { repair_status_id: number | null }): ItemStatusId =>
  (d.repair_status_id ?? ItemStatus.REPARATIE_AANGEVRAAGD) as ItemStatusId;
export const statusOf = (id: number) => ({ id, name: itemStatusNames[id as ItemStatusId] ?? 'Onbekend' });

export const imageUrl = (deliveryId: number, mediaId: number) => `/api/deliveries/${deliveryId}/images/${mediaId}`;
export const quotationUrl = (deliveryId: number) => `/api/deliveries/${deliveryId}/quotation`;
