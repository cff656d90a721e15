/** Enumerations shared by web and server; ids are the spec's numbers. */

export const PROVIDER_CLIENT_ID = 1;

export const ClientType = { PROVIDER: 1, RESELLER: 2, EINDKLANT: 3, EINDGEBRUIKER: 4 } as const;

const clientTypeNames: Record<number, string> = { 1: 'Reuzado', 2: 'Reseller', 3: 'Eindklant', 4: 'Eindgebruiker' };
export function clientTypeName(id: number | null | undefined): string {
  return (id != null && clientTypeNames[id]) || 'Onbekend';
}

export const DeliveryType = {
  REPARATIE: 1,
  UITDIENST: 2,
  INDIENST: 3,
  EOL_SWAP: 4,
  EXTRA_PRODUCTEN: 5,
  BULK_LEVERING: 6,
  BACKORDER: 7,
  MUTATIE: 8,
} as const;
export type DeliveryTypeId = (typeof DeliveryType)[keyof typeof DeliveryType];
export const deliveryTypeNames: Record<DeliveryTypeId, string> = {
  1: 'Reparatie',
  2: 'Uitdienst',
  3: 'Indienst',
  4: 'EOL swap',
  5: 'Extra producten',
  6: 'Bulklevering',
  7: 'Backorder',
  8: 'Mutatie',
};

export const Carrier = { REUZADO: 1, POSTNL: 2, OVERIG: 3 } as const;
export type CarrierId = (typeof Carrier)[keyof typeof Carrier];
export const carrierNames: Record<CarrierId, string> = { 1: 'Reuzado', 2: 'PostNL', 3: 'Overig' };

export const ItemStatus = {
  INGEKLAARD: 1,
  UITGEKLAARD: 2,
  IN_GEBRUIK: 3,
  REPARATIE: 4,
  OP_AFROEP: 5,
  EOL: 6,
  IN_BEHANDELING: 7,
  REPARATIE_AANGEVRAAGD: 8,
  VERMIST: 13,
  REPARATIE_ONTVANGEN: 14,
  REPARATIE_IN_BEHANDELING: 15,
  REPARATIE_AFGEROND: 16,
  WACHTEN_OP_ONDERDELEN: 17,
  WACHTEN_OP_GOEDKEURING_OFFERTE: 18,
  VOORRAAD_KLANTLOCATIE: 19,
} as const;
export type ItemStatusId = (typeof ItemStatus)[keyof typeof ItemStatus];
export const itemStatusNames: Record<ItemStatusId, string> = {
  1: 'Ingeklaard',
  2: 'Uitgeklaard',
  3: 'In gebruik',
  4: 'Reparatie',
  5: 'Op afroep',
  6: 'EOL',
  7: 'In behandeling',
  8: 'Reparatie aangevraagd',
  13: 'Gestolen/vermist',
  14: 'Reparatie ontvangen',
  15: 'Reparatie in behandeling',
  16: 'Reparatie afgerond',
  17: 'Wachten op onderdelen',
  18: 'Wachten op goedkeuring offerte',
  19: 'Voorraad klantlocatie',
};
/** Statuses a user may pick by hand on an item (spec 2 §4). */
export const manualItemStatuses: ItemStatusId[] = [3, 4, 5, 6, 7, 13, 19];
/**
 * The stock list's 'Alle voorraad' filter (spec 2 §2): articles with at least one item in the status
 * of one of the list's count columns, named like the column (`filters[stock]` = the status id).
 */
export const stockFilterOptions = [
  { id: ItemStatus.INGEKLAARD, name: 'Voorraad' },
  { id: ItemStatus.OP_AFROEP, name: 'Op afroep' },
  { id: ItemStatus.VOORRAAD_KLANTLOCATIE, name: 'Klantlocatie' },
  { id: ItemStatus.IN_GEBRUIK, name: 'In gebruik' },
] as const satisfies readonly { id: ItemStatusId; name: string }[];
/** Repair delivery statuses, chosen by hand in any order (spec 2 §4). */
export const repairStatuses: ItemStatusId[] = [8, 14, 15, 16, 17, 18];

export const StockOwner = ['Eindklant', 'Reseller', 'Operational lease'] as const;
export type StockOwner = (typeof StockOwner)[number];

export const StatisticsItemFilter = ['in_gebruik', 'op_afroep', 'reparatie'] as const;

export const QuotationStatus = { ACCEPTEREN: 'Accept', WEIGEREN: 'Decline' } as const;

export const SUPERUSER_ROLE = 'Superuser';

/** How item statuses roll up into the dashboard's counters and the statistics export filters. */
export const statusGroups = {
  in_gebruik: [ItemStatus.IN_GEBRUIK],
  op_afroep: [ItemStatus.INGEKLAARD, ItemStatus.OP_AFROEP, ItemStatus.VOORRAAD_KLANTLOCATIE],
  reparatie: [ItemStatus.REPARATIE, ...repairStatuses],
} as const satisfies Record<(typeof StatisticsItemFilter)[number], readonly ItemStatusId[]>;
