import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailRow } from '@domain/contracts/mail';
import { getJson, postJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { ApiError } from '../../../api/errors';

export type { MailRow } from '@domain/contracts/mail';

/** The mails not yet sent (waiting or given up), for the Superuser. */
export const mailOutboxQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.mailOutbox,
    queryFn: ({ signal }) => getJson<{ data: MailRow[] }>('mail-outbox', { signal }),
    staleTime: 0,
    // While mails wait, the list follows the worker by itself.
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.status === 'queued') ? 3_000 : false),
    meta: { errorText: 'De mailwachtrij kan niet worden ingeladen' },
  });

/** 'Opnieuw versturen': the mail goes back into the queue; the list refreshes. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => postJson<{ message: string }>(`mail-outbox/${id}/resend`),
    meta: {
      errorText: (err: unknown) =>
        `De e-mail kon niet opnieuw worden verstuurd${
          err instanceof ApiError && err.status < 500 ? `: ` + `${err.message}` : ''
        }`,
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.mailOutbox }),
  });
}
