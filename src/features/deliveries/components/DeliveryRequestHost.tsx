import { DeliveryType } from '@domain/enums';
import type { DeliveryRequestSlotProps } from '../../../shell/slots';
import { BulkModal } from './BulkModal';
import { TicketModal, ticketTitles, type TicketType } from './TicketModal';

const isTicket = (type: number): type is TicketType => type in ticketTitles;

/** Shows the request form another feature's page asked for (slot 'delivery-request', src/panels.ts). */
export function DeliveryRequestHost({ request, onClose }: DeliveryRequestSlotProps) {
  if (!request) return null;
  if (request.type === DeliveryType.BULK_LEVERING) return <BulkModal clientId={request.clientId} onClose={onClose} />;
  if (isTicket(request.type) && request.clientId != null) {
    return <TicketModal type={request.type} clientId={request.clientId} itemId={request.itemId} onClose={onClose} />;
  }
  return null;
}
