import { useRouteContext } from '@tanstack/react-router';
import type { Permission } from '../../domain/permissions';

/** What the customer screens need of the signed-in user (the app layout puts it in the route context). */
export interface CrmUser {
  permissions: string[];
  contact: { client_id: number; client: { id: number; name: string; client_type_id: number } };
}

export function useCurrentUser(): CrmUser & { can: (right: Permission) => boolean; clientTypeId: number; clientId: number } {
  const user = (useRouteContext({ strict: false }) as unknown as { user: CrmUser }).user;
  return {
    ...user,
    clientTypeId: user.contact.client.client_type_id,
    clientId: user.contact.client_id,
    can: (right: Permission) => user.permissions.includes(right),
  };
}
