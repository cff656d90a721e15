import { sql } from 'kysely';
import { amsterdamClock } from '@domain/dates';
import { DeliveryType, statusGroups } from '@domain/enums';
import { EOL_HORIZON_MONTHS } from '@domain/rules';
import type { Executor } from '../../db/database';
import type { Statistics } from '@domain/contracts/statistics';

type Monthly = number[];

const months = (): Monthly => Array.from({ length: 12 }, () => 0);

/** Items that belong to an end customer: its own stock and what its end users hold. */
function customerItems(db: Executor, customerId: number) {
  return db
    .selectFrom('items')
    .innerJoin('clients', 'clients.id', 'items.client_id')
    .where('items.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('items.client_id', '=', customerId), eb('clients.parent_client_id', '=', customerId)]));
}

async function countsByGroup(db: Executor, customerId: number, statuses: readonly number[]) {
  const rows = await customerItems(db, customerId)
    .innerJoin('products', 'products.id', 'items.product_id')
    .innerJoin('product_groups', 'product_groups.id', 'products.product_group_id')
    .where('items.status_id', 'in', [...statuses])
    .select(['product_groups.name', sql<number>`count(*)::int`.as('count')])
    .groupBy('product_groups.name')
    .orderBy('product_groups.name')
    .execute();
  return {
    total: rows.reduce((s, r) => s + r.count, 0),
    categories: rows.map((r) => ({ name: r.name, count: r.count })),
  };
}

/**
 * Deliveries of one type requested in the year (not cancelled or deleted): count and lines per month,
 * and the line overlay: the average days from request to completion of those completed.
 */
async function deliveriesPerMonth(db: Executor, customerId: number, year: number, type: number) {
  const rows = await db
    .selectFrom('deliveries')
    .innerJoin('clients', 'clients.id', 'deliveries.client_id')
    .where('deliveries.deleted_at', 'is', null)
    .where('deliveries.is_cancelled', '=', false)
    .where('deliveries.delivery_type_id', '=', type)
    .where((eb) =>
      eb.or([eb('deliveries.client_id', '=', customerId), eb('clients.parent_client_id', '=', customerId)]),
    )
    .where(sql<boolean>`extract(year from deliveries.created_at) = ${year}`)
    .select([
      sql<number>`extract(month from deliveries.created_at)::int`.as('month'),
      sql<number>`count(*)::int`.as('count'),
      sql<
        number | null
      >`round(avg(extract(epoch from (deliveries.completed_at - deliveries.created_at)) / 86400)::numeric,
        1)::float8`.as('days'),
      sql<number>`(select count(*) from delivery_products dp where dp.delivery_id =
        any(array_agg(deliveries.id)))::int`.as('lines'),
    ])
    .groupBy(sql`extract(month from deliveries.created_at)`)
    .execute();
  const count = months();
  const days = months();
  const lines = months();
  for (const r of rows) {
    count[r.month - 1] = r.count;
    days[r.month - 1] = r.days ?? 0;
    lines[r.month - 1] = r.lines;
  }
  return { count, days, lines };
}

export async function customerStatistics(db: Executor, customerId: number, year: number): Promise<Statistics> {
  const [inUse, inStock, inRepair] = await Promise.all([
    countsByGroup(db, customerId, statusGroups.in_gebruik),
    countsByGroup(db, customerId, statusGroups.op_afroep),
    countsByGroup(db, customerId, statusGroups.reparatie),
  ]);

  // EOL per month: items whose purchase date plus the product's EOL months falls in that month.
  const eolRows = await customerItems(db, customerId)
    .innerJoin('products', 'products.id', 'items.product_id')
    .where('products.eol', 'is not', null)
    .where('items.date_in_use', 'is not', null)
    .select([
      sql<number>`extract(month from (items.date_in_use::date + make_interval(months => products.eol)))::int`.as(
        'month',
      ),
      sql<number>`count(*)::int`.as('amount'),
    ])
    .where(sql<boolean>`extract(year from (items.date_in_use::date + make_interval(months => products.eol))) = ${year}`)
    .groupBy(sql`1`)
    .execute();
  const totalItems = inUse.total + inStock.total + inRepair.total;
  // A month is past once the Dutch calendar has entered the next one.
  const now = amsterdamClock(new Date());
  const eolItems = months().map((_, i) => {
    const amount = eolRows.find((r) => r.month === i + 1)?.amount ?? 0;
    return {
      month: i + 1,
      amount,
      ratio: totalItems ? Math.round((amount / totalItems) * 1000) / 10 : 0,
      past: year * 12 + i + 1 < now.year * 12 + now.month,
    };
  });

  // In use per month: items that entered use (IN_GEBRUIK events) in that month.
  const inUseRows = await db
    .selectFrom('events')
    .innerJoin('items', 'items.id', 'events.item_id')
    .innerJoin('clients', 'clients.id', 'items.client_id')
    .where('events.status_id', '=', statusGroups.in_gebruik[0])
    .where((eb) => eb.or([eb('items.client_id', '=', customerId), eb('clients.parent_client_id', '=', customerId)]))
    .where(sql<boolean>`extract(year from events.created_at) = ${year}`)
    .select([
      sql<number>`extract(month from events.created_at)::int`.as('month'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .groupBy(sql`1`)
    .execute();
  const itemInUse = months();
  for (const r of inUseRows) itemInUse[r.month - 1] = r.count;

  const perMonth = (type: number) => deliveriesPerMonth(db, customerId, year, type);
  const [bulk, indienst, uitdienst, repair, mutation, swap] = await Promise.all([
    perMonth(DeliveryType.BULK_LEVERING),
    perMonth(DeliveryType.INDIENST),
    perMonth(DeliveryType.UITDIENST),
    perMonth(DeliveryType.REPARATIE),
    perMonth(DeliveryType.MUTATIE),
    perMonth(DeliveryType.EOL_SWAP),
  ]);

  return {
    total_items_in_stock: inStock.total,
    total_items_in_use: inUse.total,
    total_items_in_repair: inRepair.total,
    usedCategories: inUse.categories,
    inStockCategories: inStock.categories,
    inRepairCategories: inRepair.categories,
    eolItems,
    eol_horizon_months: EOL_HORIZON_MONTHS,
    repairItems: repair.count,
    itemInUse,
    deliveries: {
      totalbulkItems: bulk.lines,
      bulkDeliveries: bulk.count,
      daysBulkPerMonth: bulk.days,
      daysSwapPerMonth: swap.days,
      enlistmentItems: indienst.count,
      daysEmployedPerMonth: indienst.days,
      daysDeparturePerMonth: uitdienst.days,
      daysRepairPerMonth: repair.days,
      daysMutationsPerMonth: mutation.days,
      mutationItems: mutation.count,
    },
    departures: uitdienst.count,
    swapItems: swap.count,
  };
}

export function itemsForExport(db: Executor, customerId: number, statuses: readonly number[]) {
  return customerItems(db, customerId)
    .innerJoin('products', 'products.id', 'items.product_id')
    .where('items.status_id', 'in', [...statuses])
    .select([
      'products.name as product',
      'products.article_number',
      'items.serial',
      'items.order_number',
      'items.tag_number',
      'items.status_id',
      'clients.name as holder',
      'items.date_in_use',
    ])
    .orderBy('products.name')
    .orderBy('items.serial')
    .execute();
}
