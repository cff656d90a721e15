import { Slot, type CustomerPanelProps } from '../../../shell/slots';
import type { ClientDetail } from '@domain/contracts/clients';

/**
 * The panels the customer area does not own (spec 1 §2.9): active and inactive stock, 'Tarieven'
 * (end customers, with 'Factuur beheren'), 'Voorraad in gebruik' (end users) and 'Voormeldingen'
 * (an end customer viewed by a non-end-customer). Features do not import each other: the stock and
 * pre-notification areas register lazy panels for the 'customer' slot in src/panels.ts, and each
 * panel decides from these props whether it shows.
 */
export function StockPanelsSlot({
  client,
  viewerClientTypeId,
  onClientChanged,
}: {
  client: ClientDetail;
  viewerClientTypeId: number;
  onClientChanged: () => void;
}) {
  const props: CustomerPanelProps = { client, viewerClientTypeId, onClientChanged };
  return <Slot name="customer" props={props} />;
}
