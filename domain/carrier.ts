import { Carrier, DeliveryType, type CarrierId } from './enums';

/**
 * The carrier a requested delivery gets (spec 1 §9): the provider's own carrier (1) for resignation,
 * repair and bulk, the external parcel carrier (2) for extra products and in-service deliveries. EOL
 * swap, where the notes differ, takes the provider carrier constant; so do backorders and mutations,
 * which the spec does not name. The customer's parcel flag plays no part.
 */
export function carrierForDeliveryType(deliveryTypeId: number): CarrierId {
  return deliveryTypeId === DeliveryType.EXTRA_PRODUCTEN || deliveryTypeId === DeliveryType.INDIENST
    ? Carrier.POSTNL
    : Carrier.REUZADO;
}
