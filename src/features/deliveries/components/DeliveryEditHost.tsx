import { useSuspenseQuery } from '@tanstack/react-query';
import type { DeliveryEditSlotProps } from '../../../shell/slots';
import { deliveryQueryOptions } from '../api/deliveries';
import { DeliveryEditModal } from './DeliveryEditModal';

function EditLoaded({ deliveryId, onClose }: { deliveryId: number; onClose: () => void }) {
  const { data: delivery } = useSuspenseQuery(deliveryQueryOptions(deliveryId));
  return <DeliveryEditModal delivery={delivery} onClose={onClose} />;
}

/** Shows the edit form of the delivery another feature's page asked for (slot 'delivery-edit', src/panels.ts). */
export function DeliveryEditHost({ deliveryId, onClose }: DeliveryEditSlotProps) {
  if (deliveryId === null) return null;
  return <EditLoaded deliveryId={deliveryId} onClose={onClose} />;
}
