import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { FormOptions } from '@domain/contracts/prenotifications';

/** What the pre-notification form offers for one end customer. */
export const useFormOptions = (clientId: number | null) =>
  useQuery({
    queryKey: queryKeys.prenotifications.options(clientId ?? 0),
    queryFn: ({ signal }) => getJson<FormOptions>(`asn-form-options/${clientId}`, { signal }),
    enabled: clientId != null,
  });
