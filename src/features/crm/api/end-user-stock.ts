import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import type { DeliveryFormOptions } from '@domain/contracts/deliveries';

/** The end customer's articles with their available and on-order counts: the stock a new end user gets (Indienst). */
export const useEndUserStockOptions = (endCustomerId: number | null) =>
  useQuery({
    queryKey: queryKeys.deliveries.options(endCustomerId ?? 0),
    queryFn: ({ signal }) => getJson<DeliveryFormOptions>(`delivery-form-options/${endCustomerId}`, { signal }),
    enabled: endCustomerId != null,
    meta: { errorText: 'Klantgegevens kunnen niet worden ingeladen' },
  });
