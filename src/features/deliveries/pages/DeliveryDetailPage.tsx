import { lazy, Suspense, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { deliveryStatusName } from '@domain/delivery-status';
import { Carrier } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { deliveryToast } from '@domain/schemas/deliveries';
import { SplitButton, type SplitAction } from '../../../ui/SplitButton';
import { confirmDialog } from '../../../shell/confirm';
import { usePageTitle } from '../../../shell/page-title';
import { Slot } from '../../../shell/slots';
import { showToast, toastError } from '../../../shell/toast';
import { useSessionUser } from '../../../session';
import {
  deliveryQueryOptions,
  printPackingSlip,
  printShippingLabel,
  useCancelDelivery,
  useDeleteDelivery,
  useReopenDelivery,
} from '../api/deliveries';
import { useDeliveryWithPending } from '../api/fieldwork';
import { CarrierModal } from '../components/CarrierModal';
import { DeliveryActivities } from '../components/DeliveryActivities';
import { DeliveryFacts } from '../components/DeliveryFacts';
import { FinishedPanel } from '../components/FinishedPanel';
import { ItemBlocks } from '../components/ItemBlocks';
import '../deliveries.css';

// Its code (with the date fields) loads when the form is opened: on a phone it would share the line with the page's
// first paint.
const DeliveryEditModal = lazy(() =>
  import('../components/DeliveryEditModal').then((m) => ({ default: m.DeliveryEditModal })),
);

const route = getRouteApi('/app/leveringen/$id');

export function DeliveryDetailPage() {
  const { id } = route.useParams();
  const { data } = useSuspenseQuery(deliveryQueryOptions(id));
  // Check-outs waiting in the outbox (offline) show as checked out.
  const delivery = useDeliveryWithPending(data);
  usePageTitle(delivery.order_number || `Levering ${delivery.id}`);
  return <DeliveryDetailView delivery={delivery} />;
}

type ModalKind = 'edit' | 'carrier' | null;

function DeliveryDetailView({ delivery: d }: { delivery: DeliveryDetail }) {
  const { can } = useSessionUser();
  const navigate = useNavigate();
  const [modal, setModal] = useState<ModalKind>(null);
  const cancel = useCancelDelivery();
  const reopen = useReopenDelivery();
  const remove = useDeleteDelivery();
  const mayEdit = can('Levering wijzigen');
  const mayRemove = can('Levering verwijderen');

  const onCancel = async () => {
    if (
      !(await confirmDialog({
        text: 'Weet je zeker dat je deze levering wilt annuleren?',
        confirmLabel: 'Levering annuleren',
        cancelLabel: 'Terug',
        danger: true,
      }))
    )
      return;
    cancel.mutate(d.id, { onSuccess: () => showToast('Gelukt', deliveryToast.cancelled) });
  };
  const onReopen = () => reopen.mutate(d.id, { onSuccess: () => showToast('Gelukt', deliveryToast.reopened) });
  const onDelete = async () => {
    if (
      !(await confirmDialog({
        text: 'Weet je zeker dat je deze levering wilt verwijderen?',
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(d.id, {
      onSuccess: async () => {
        showToast('Gelukt', deliveryToast.deleted);
        await navigate({ to: '/leveringen' });
      },
    });
  };
  const actions: SplitAction[] = [
    ...(mayEdit && d.can.edit ? [{ label: 'Bewerken', onClick: () => setModal('edit') }] : []),
    ...(mayRemove && d.can.cancel ? [{ label: 'Annuleren', onClick: () => void onCancel() }] : []),
  ];
  const status = deliveryStatusName(d);

  return (
    <div className="delivery-detail">
      <section className="panel">
        <div className="panel-header">
          <h2>{d.title}</h2>
          <div className="delivery-actions">
            {d.is_cancelled ? (
              <>
                <span className="cancelled-label" data-testid="delivery-status">
                  {status}
                </span>
                {mayEdit && d.can.reopen && (
                  <button type="button" className="button button-secondary" onClick={onReopen}>
                    Toch leveren
                  </button>
                )}
                {mayRemove && d.can.delete && (
                  <button type="button" className="button button-danger" onClick={() => void onDelete()}>
                    Verwijderen
                  </button>
                )}
              </>
            ) : (
              <SplitButton actions={actions} />
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => printPackingSlip(d.id).catch(() => toastError('Pakbon kan niet worden gedownload'))}
            >
              Print pakbon
            </button>
            {d.carrier_id === Carrier.POSTNL && d.can.shipping_label && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => printShippingLabel(d.id).catch(() => toastError('Label kan niet worden gedownload'))}
              >
                Print label
              </button>
            )}
          </div>
        </div>
        <DeliveryFacts
          delivery={d}
          status={status}
          onChangeCarrier={mayEdit && d.can.edit ? () => setModal('carrier') : undefined}
        />
      </section>
      <FinishedPanel delivery={d} />
      {/* Check-out ('Artikelen uitklaren') and 'Afronden' (field work) register their panels here. */}
      <Slot name="delivery" props={{ delivery: d }} />
      <div className="delivery-columns">
        <div className="delivery-detail">
          <ItemBlocks delivery={d} />
        </div>
        <DeliveryActivities events={d.events} />
      </div>
      <Suspense fallback={null}>
        {modal === 'edit' && <DeliveryEditModal delivery={d} onClose={() => setModal(null)} />}
      </Suspense>
      {modal === 'carrier' && <CarrierModal delivery={d} onClose={() => setModal(null)} />}
    </div>
  );
}
