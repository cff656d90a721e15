import { useRouteContext } from '@tanstack/react-router';
import type { Permission } from '../../domain/permissions';

/** The signed-in user's rights (the app layout puts the user in the route context). */
export function useRights(): (right: Permission) => boolean {
  const user = (useRouteContext({ strict: false }) as unknown as { user?: { permissions: string[] } }).user;
  return (right) => !!user?.permissions.includes(right);
}
