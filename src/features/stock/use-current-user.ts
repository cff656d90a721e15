import { useRouteContext } from '@tanstack/react-router';
import type { Permission } from '../../domain/permissions';

/** What the stock screens need of the signed-in user (the app layout puts it in the route context). */
interface StockUser {
  permissions: string[];
  contact: { client_id: number; client: { id: number; name: string; client_type_id: number } };
}

export function useCurrentUser() {
  const user = (useRouteContext({ strict: false }) as unknown as { user: StockUser }).user;
  return {
    clientTypeId: user.contact.client.client_type_id,
    clientId: user.contact.client_id,
    can: (right: Permission) => user.permissions.includes(right),
  };
}
