import { queryOptions, useMutation, useQuery, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { download, getJson, postForm, postJson, putJson, type Paged } from '../../../api/client';
import { queryKeys, refreshAfter, refreshAfterDeleting } from '../../../api/keys';
import { toSearchParams, type TableParams } from '../../../ui/DataTable';
import type {
  DeliveryCommandAnswer,
  DeliveryDetail,
  DeliveryFormOptions,
  DeliveryListRow,
} from '@domain/contracts/deliveries';
import { deliveryToast } from '@domain/schemas/deliveries';

/** The four tabs of /leveringen (spec 2 §2.6) and the call and export name of each. */
export const deliveryTabs = {
  open: { label: 'Leveringen', path: 'deliveries' },
  backorders: { label: 'Backorders', path: 'backorders' },
  finished: { label: 'Afgerond', path: 'finisheddeliveries' },
  cancelled: { label: 'Geannuleerd', path: 'cancelleddeliveries' },
} as const;
export type DeliveryTab = keyof typeof deliveryTabs;

export const deliveryListQueryOptions = (tab: DeliveryTab, params: TableParams) =>
  queryOptions({
    queryKey: [...queryKeys.deliveries.lists, tab, params],
    queryFn: ({ signal }) =>
      getJson<Paged<DeliveryListRow>>(deliveryTabs[tab].path, { searchParams: toSearchParams(params), signal }),
    meta: { errorText: 'Leveringen kunnen niet worden ingeladen' },
  });

export const deliveryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.deliveries.detail(id),
    queryFn: ({ signal }) => getJson<DeliveryDetail>(`deliveries/${id}`, { signal }),
  });

/** The request forms' choices for an end user or end customer, with the available and on-order counts. */
export const useDeliveryFormOptions = (clientId: number | null) =>
  useQuery({
    queryKey: queryKeys.deliveries.options(clientId ?? 0),
    queryFn: ({ signal }) => getJson<DeliveryFormOptions>(`delivery-form-options/${clientId}`, { signal }),
    enabled: clientId != null,
    meta: { errorText: 'Klantgegevens kunnen niet worden ingeladen' },
  });

export const exportDeliveries = (
  tab: DeliveryTab,
  filters: { client?: string | null; type?: string | null; search?: string | null },
) =>
  download('exportdelivery', {
    tab,
    'filters[client]': filters.client,
    'filters[type]': filters.type,
    search: filters.search,
  });

export const printPackingSlip = (id: number) => download(`deliveries/${id}/packing_slip`);
/** The label is served outside /api, as the spec names it. */
export const printShippingLabel = (id: number) =>
  download(`deliveries/${id}/shipping_label`, undefined, { prefixUrl: '/' });

function useDeliveryMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, meta: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSuccess: () => refreshAfter(queryClient, 'deliveries') });
}

type Saved = DeliveryCommandAnswer;

/** A request (POST /deliveries); with a file (bulk) as multipart with the lines as JSON text. */
export const useRequestDelivery = () =>
  useDeliveryMutation(
    ({
      payload,
      file,
      onProgress,
    }: {
      payload: Record<string, unknown>;
      file?: File | null;
      onProgress?: (fraction: number) => void;
    }) => {
      if (!file) return postJson<Saved>('deliveries', payload);
      const body = new FormData();
      for (const [k, v] of Object.entries(payload)) {
        if (v === null || v === undefined) continue;
        body.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      }
      body.set('file', file);
      return postForm<Saved>('deliveries', body, { timeout: 300_000, onProgress });
    },
    {
      errorText: (_e, vars) =>
        (vars as { payload: { delivery_type_id?: number } }).payload.delivery_type_id === 6
          ? deliveryToast.bulkFailed
          : 'Er is helaas iets fout gegaan bij het aanvragen van de levering',
    },
  );

/** 'Levering wijzigen' and 'Bezorger wijzigen': POST with the method override. */
export const useEditDelivery = (id: number, errorText: string = deliveryToast.editFailed) =>
  useDeliveryMutation(
    (payload: Record<string, unknown>) => postJson<Saved>(`deliveries/${id}`, { ...payload, _method: 'PUT' }),
    { errorText },
  );

/** Edit of a new end user's delivery: the genuine PUT. */
export const useEditEndUserDelivery = (id: number) =>
  useDeliveryMutation((payload: Record<string, unknown>) => putJson<Saved>(`deliveries/${id}`, payload), {
    errorText: deliveryToast.editFailed,
  });

/** State changes answer a refusal as 422 on `id`: no form shows it, so the toast does. */
const stateMeta = (errorText: string): MutationMeta => ({ errorText, toastFieldErrors: true });
const post = (path: string) => (id: number) => postJson<{ message: string; id: number }>(path, { id });
export const useCancelDelivery = () =>
  useDeliveryMutation(post('delivery/cancel'), stateMeta(deliveryToast.cancelFailed));
export const useReopenDelivery = () =>
  useDeliveryMutation(post('delivery/reopen-cancelled-delivery'), stateMeta(deliveryToast.reopenFailed));
export function useDeleteDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post('delivery/delete'),
    meta: stateMeta(deliveryToast.deleteFailed),
    onSuccess: (_answer, id) =>
      refreshAfterDeleting(
        queryClient,
        [queryKeys.deliveries.detail(id), queryKeys.repairs.detail(id), queryKeys.repairs.events(id)],
        'deliveries',
      ),
  });
}
