/** The dashboard's answer (spec 1 §2.6, GET /getstatistics/{customerId}/{year}), shared by server and web. */
import * as v from 'valibot';

const categorySchema = v.object({ name: v.string(), count: v.number() });
export type StatisticsCategory = v.InferOutput<typeof categorySchema>;
/** Twelve numbers, January first (the charts' series). */
const monthly = v.array(v.number());

export const statisticsSchema = v.object({
  total_items_in_stock: v.number(),
  total_items_in_use: v.number(),
  total_items_in_repair: v.number(),
  usedCategories: v.array(categorySchema),
  inStockCategories: v.array(categorySchema),
  inRepairCategories: v.array(categorySchema),
  /** Items reaching their end of life per month, with their share of all items. */
  eolItems: v.array(v.object({ month: v.number(), amount: v.number(), ratio: v.number(), past: v.boolean() })),
  eol_horizon_months: v.number(),
  repairItems: monthly,
  itemInUse: monthly,
  deliveries: v.object({
    totalbulkItems: monthly,
    bulkDeliveries: monthly,
    daysBulkPerMonth: monthly,
    daysSwapPerMonth: monthly,
    enlistmentItems: monthly,
    daysEmployedPerMonth: monthly,
    daysDeparturePerMonth: monthly,
    daysRepairPerMonth: monthly,
    daysMutationsPerMonth: monthly,
    mutationItems: monthly,
  }),
  departures: monthly,
  swapItems: monthly,
});
export type Statistics = v.InferOutput<typeof statisticsSchema>;
