import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { ClientType } from '@domain/enums';
import type { Permission } from '@domain/permissions';
import { hasRight, sessionQueryOptions, type SessionUser } from './session';

/** The signed-in user as the private pages see it, with the facts they ask most. */
export interface SignedInUser extends SessionUser {
  clientId: number;
  clientTypeId: number;
  isSuperuser: boolean;
  isEndCustomer: boolean;
  can: (right: Permission) => boolean;
}

/**
 * The signed-in user on a private page. The app layout's guard puts the user in the route context;
 * a newer copy in the session query (after a profile change) wins.
 */
export function useSessionUser(): SignedInUser {
  const { user: guarded } = useRouteContext({ from: '/app' });
  const { data: fresh } = useQuery(sessionQueryOptions());
  // Only a user through the code step reaches the app's pages; a pending answer in the query is not this user yet.
  const user = fresh?.otp_authorized ? fresh : guarded;
  return useMemo(
    () => ({
      ...user,
      clientId: user.contact.client_id,
      clientTypeId: user.contact.client.client_type_id,
      isSuperuser: user.roles.includes('Superuser'),
      isEndCustomer: user.contact.client.client_type_id === ClientType.EINDKLANT,
      can: (right: Permission) => hasRight(user, right),
    }),
    [user],
  );
}

/** Whether the signed-in user holds a right. */
export function useCan(right: Permission): boolean {
  return useSessionUser().can(right);
}
