import type { QueryClient } from '@tanstack/react-query';
import { postJson } from '../../../api/client';
import { scanMsg, serialKey } from '@domain/scan';
import { enqueue, type EnqueueOutcome } from '../../../offline/outbox';
import { queryKeys } from '../../../api/keys';
import type { AsnDetail, SerialLookup } from '@domain/contracts/prenotifications';
import { countNoun } from '@domain/format';

export interface CheckInLinePayload {
  asn_product_id: number;
  quantity?: number;
  serials: string[];
}

/**
 * Check-in goes through the outbox (works offline): stored first with its own Idempotency-Key, then
 * sent. While it waits, the cached detail already shows the arrived counts so the page stays true.
 */
export async function checkInArticles(
  queryClient: QueryClient,
  asn: Pick<AsnDetail, 'id' | 'reference'>,
  products: CheckInLinePayload[],
  finish: boolean,
): Promise<EnqueueOutcome> {
  const count = products.reduce((n, p) => n + (p.serials.length || p.quantity || 0), 0);
  const outcome = await enqueue({
    method: 'POST',
    path: finish ? 'delivery/save-and-finish' : 'delivery/save',
    body: { id: asn.id, products },
    label: `Voormelding ${asn.reference}: ${countNoun(count, 'artikel', 'artikelen')} inklaren`,
    stale: ['prenotifications', 'stock'],
  });
  if (outcome.status === 'waiting') {
    queryClient.setQueryData<AsnDetail>(
      queryKeys.prenotifications.detail(asn.id),
      (old) =>
        old && {
          ...old,
          products: old.products.map((line) => {
            const p = products.find((x) => x.asn_product_id === line.id);
            return p ? { ...line, arrived: line.arrived + (p.serials.length || p.quantity || 0) } : line;
          }),
        },
    );
  }
  return outcome;
}

/** Which of these serials are already in stock (POST /items/scanitems): serial key → the server's reason. */
export async function serialsInStock(serials: string[]): Promise<Map<string, string>> {
  const { data } = await postJson<{ data: SerialLookup[] }>('items/scanitems', { serials });
  return new Map(data.filter((d) => !d.available).map((d) => [serialKey(d.serial), d.message ?? scanMsg.inStock]));
}
