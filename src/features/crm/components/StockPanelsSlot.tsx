import type { ClientDetail } from '../api/types';

/**
 * SLOT for the panels the customer area does not own (spec 1 §2.9): active and inactive stock,
 * 'Tarieven' (prices, end customers only, with 'Factuur beheren') and 'Voormeldingen' (an end
 * customer viewed by a non-end-customer). Stock panels are hidden for end-customer users.
 *
 * Features do not import each other, so the stock and pre-notification areas fill this through a
 * shared place (for example a panel registry in src/ui) and this component renders what is there.
 * Until then it renders nothing. `client` already carries products, bundles, items, projects and
 * available_products once the stock area extends GET /api/clients/{id} (server/modules/clients/extensions.ts).
 */
export function StockPanelsSlot(_props: { client: ClientDetail; viewerClientTypeId: number }) {
  return <div data-slot="customer-stock-panels" className="slot-empty" />;
}
