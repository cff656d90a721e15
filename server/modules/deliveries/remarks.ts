import { DeliveryType } from '@domain/enums';
import { repairMsg } from '@domain/schemas/repairs';
import type { AuthUser } from '../../http/access';
import { forbidden } from '../../http/errors';

/** Quotations, their mail and the remarks are the Superuser's (spec 2 §6). */
export function assertSuperuser(user: AuthUser): void {
  if (!user.isSuperuser) throw forbidden(repairMsg.superuserOnly);
}

const text = (x: unknown) => (typeof x === 'string' && x.trim() !== '' ? x.trim() : null);

/**
 * Repair remarks (`repair_description`) are written by a Superuser only (spec 2 §6): the remarks
 * call, and any request or edit that would change them. Called by the deliveries routes.
 */
export function assertRemarksAllowed(
  user: AuthUser,
  fields: Record<string, unknown>,
  stored: { delivery_type_id: number; repair_description: string | null } | null,
): void {
  if (fields.onlyChangeRepairDescription !== undefined) return assertSuperuser(user);
  if (!('repair_description' in fields)) return;
  if (stored && stored.delivery_type_id !== DeliveryType.REPARATIE) return;
  if (text(fields.repair_description) !== text(stored?.repair_description ?? null)) assertSuperuser(user);
}
