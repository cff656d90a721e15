/**
 * Panel slots: a page of one feature shows panels owned by other features without importing them
 * (features do not import each other). The app's composition file (src/panels.ts) registers
 * lazy components under a slot name; the page renders `<Slot name="customer" props={...} />`.
 *
 *   registerPanel('customer', { id: 'stock', order: 10, Component: lazy(() => import('./features/stock/…')) });
 *   <Slot name="customer" props={{ client, viewerClientTypeId, onClientChanged }} />
 *
 * Panels render in `order`; each loads and fails on its own (Suspense and an error boundary per
 * panel), so a slow or broken panel does not hold back or take down the page or the others.
 */
import { Component, Suspense, useSyncExternalStore, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { DeliveryDetail } from '@domain/contracts/deliveries';

/** What the customer page (spec 1 §2.9) hands to the panels of the 'customer' slot. */
export interface CustomerPanelProps {
  client: { id: number; name: string; client_type_id: number };
  /** Client type of the signed-in user's own company (3: an end-customer user). */
  viewerClientTypeId: number;
  /** A panel saved something the client's own data shows: the page loads the client again. */
  onClientChanged: () => void;
}

/** Every slot and the props its page hands to the panels. */
export interface SlotProps {
  customer: CustomerPanelProps;
  'delivery-request': DeliveryRequestSlotProps;
  'delivery-edit': DeliveryEditSlotProps;
  delivery: DeliveryPanelProps;
}

/** What the delivery page (spec 2 §2.7) hands to its panels (check-out, 'Afronden'). */
export interface DeliveryPanelProps {
  delivery: DeliveryDetail;
}
export type SlotName = keyof SlotProps;

export interface SlotPanel<P> {
  /** Unique within the slot; registering the same id again replaces the panel (hot reload). */
  id: string;
  /** Lower comes first. */
  order: number;
  Component: ComponentType<P>;
}

// One map for every slot; registerPanel and panelsOf keep each slot's own props type at the edges.
const registry = new Map<SlotName, readonly unknown[]>();
const listeners = new Set<() => void>();
const none: readonly never[] = [];

export function registerPanel<S extends SlotName>(slot: S, panel: SlotPanel<SlotProps[S]>): void {
  const others = panelsOf(slot).filter((p) => p.id !== panel.id);
  // A new array on every change: useSyncExternalStore compares snapshots by identity.
  registry.set(
    slot,
    [...others, panel].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)),
  );
  listeners.forEach((l) => l());
}

export function panelsOf<S extends SlotName>(slot: S): readonly SlotPanel<SlotProps[S]>[] {
  return (registry.get(slot) ?? none) as readonly SlotPanel<SlotProps[S]>[];
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

class PanelBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Panel '${this.props.id}' failed`, error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="panel notice notice-alert" role="alert" data-panel={this.props.id}>
        Er kan geen data geladen worden
      </div>
    );
  }
}

export function Slot<S extends SlotName>({ name, props }: { name: S; props: SlotProps[S] }) {
  const panels = useSyncExternalStore(
    subscribe,
    () => panelsOf(name),
    () => panelsOf(name),
  );
  return (
    <div data-slot={name}>
      {panels.map(({ id, Component: Panel }) => (
        <PanelBoundary key={id} id={id}>
          <Suspense fallback={null}>
            <Panel {...props} />
          </Suspense>
        </PanelBoundary>
      ))}
    </div>
  );
}

/**
 * The 'delivery-request' slot: a page asks for a request form (a ticket, the bulk call-off) without importing
 * deliveries.
 */
export interface DeliveryRequestSlotProps {
  /** Delivery type id; `clientId` the end user (tickets) or end customer (bulk, may be chosen in the form). */
  request: { type: number; clientId: number | null; itemId?: number } | null;
  onClose: () => void;
}

/** The 'delivery-edit' slot: a page (the repair page) asks for a delivery's edit form without importing deliveries. */
export interface DeliveryEditSlotProps {
  /** The delivery to edit; null shows nothing. */
  deliveryId: number | null;
  onClose: () => void;
}
