import { DeliveryType } from '@domain/enums';
import type { AuthUser } from '../../http/access';
import { assertSuperuser } from './commands';

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
