import { useNavigate } from '@tanstack/react-router';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { showToast } from '../../../shell/toast';

/** The success message of a request, with a link to the delivery just made. */
export function useCreatedToast() {
  const navigate = useNavigate();
  return (text: string, d: Pick<DeliveryDetail, 'id' | 'order_number'>) =>
    showToast('Gelukt', text, 'success', {
      label: `Bekijk levering ${d.order_number || d.id}`,
      href: `/leveringen/${d.id}`,
      onClick: () => void navigate({ to: '/leveringen/$id', params: { id: d.id } }),
    });
}
