import { describe, expect, it } from 'vitest';
import { carrierForDeliveryType } from './carrier';
import { Carrier, DeliveryType } from './enums';

describe('carrier of a requested delivery (spec 1 §9)', () => {
  it('is the provider for resignation, repair, bulk and EOL swap; the parcel carrier for extra products and in-service', () => {
    expect(carrierForDeliveryType(DeliveryType.UITDIENST)).toBe(Carrier.REUZADO);
    expect(carrierForDeliveryType(DeliveryType.REPARATIE)).toBe(Carrier.REUZADO);
    expect(carrierForDeliveryType(DeliveryType.BULK_LEVERING)).toBe(Carrier.REUZADO);
    expect(carrierForDeliveryType(DeliveryType.EOL_SWAP)).toBe(Carrier.REUZADO);
    expect(carrierForDeliveryType(DeliveryType.EXTRA_PRODUCTEN)).toBe(Carrier.POSTNL);
    expect(carrierForDeliveryType(DeliveryType.INDIENST)).toBe(Carrier.POSTNL);
  });
});
