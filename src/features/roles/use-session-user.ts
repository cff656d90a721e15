import { useRouteContext } from '@tanstack/react-router';
import type { Permission } from '../../domain/permissions';

/** The signed-in user's rights (the app layout puts the user in the route context). */
export function useRights(): { can: (right: Permission) => boolean; isSuperuser: boolean; permissions: string[] } {
  const user = (useRouteContext({ strict: false }) as unknown as { user: { permissions: string[]; roles: string[] } }).user;
  return { can: (right) => user.permissions.includes(right), isSuperuser: user.roles.includes('Superuser'), permissions: user.permissions };
}
