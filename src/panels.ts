/**
 * Composition of panels that one feature shows on another feature's page (src/shell/slots.tsx).
 * App level, like src/router.tsx: it may import features, the features may not import each other.
 * Each panel is lazy, so its code loads only when a page renders its slot.
 */
import { lazy } from 'react';
import { registerPanel } from './shell/slots';

// The customer page (spec 1 §2.9): stock blocks, then 'Voormeldingen'. Props: CustomerPanelProps.
registerPanel('customer', {
  id: 'stock',
  order: 10,
  Component: lazy(() =>
    import('./features/stock/components/CustomerStockPanels').then((m) => ({ default: m.CustomerStockPanels })),
  ),
});
registerPanel('customer', {
  id: 'prenotifications',
  order: 20,
  Component: lazy(() =>
    import('./features/prenotifications/components/CustomerPreNotificationsPanel').then((m) => ({
      default: m.CustomerPreNotificationsPanel,
    })),
  ),
});

// Request forms of deliveries that the customer, item and stock pages open. Props: DeliveryRequestSlotProps.
registerPanel('delivery-request', {
  id: 'deliveries',
  order: 10,
  Component: lazy(() =>
    import('./features/deliveries/components/DeliveryRequestHost').then((m) => ({ default: m.DeliveryRequestHost })),
  ),
});

// The edit form of a delivery that the repair page opens from its top bar. Props: DeliveryEditSlotProps.
registerPanel('delivery-edit', {
  id: 'deliveries',
  order: 10,
  Component: lazy(() =>
    import('./features/deliveries/components/DeliveryEditHost').then((m) => ({ default: m.DeliveryEditHost })),
  ),
});

// The delivery page (spec 2 §2.7): 'Artikelen uitklaren', 'Afronden' and what waits in the outbox. Props: { delivery }.
registerPanel('delivery', {
  id: 'fieldwork',
  order: 10,
  Component: lazy(() =>
    import('./features/deliveries/components/FieldworkPanel').then((m) => ({ default: m.FieldworkPanel })),
  ),
});
