import { useRouteContext } from '@tanstack/react-router';
import type { Permission } from '../../domain/permissions';

/** What these screens need of the signed-in user (the app layout puts it in the route context). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
  permissions: string[];
  otp_enabled: boolean;
}

export function useSessionUser(): SessionUser & { can: (right: Permission) => boolean } {
  const user = (useRouteContext({ strict: false }) as unknown as { user: SessionUser }).user;
  return { ...user, can: (right: Permission) => user.permissions.includes(right) };
}
