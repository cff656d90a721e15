import { sql } from 'kysely';
import { DeliveryType } from '../../../src/domain/enums';
import type { DeliveryListRow } from '../../../src/domain/contracts/deliveries';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern, numericFilter, sortColumn, type ListParams } from '../../http/paging';
import { clientScope } from '../../http/scope';
import type { XlsxColumn } from '../../lib/xlsx';
import { pageAndCount } from '../stock/page';
import { deliveryTypeName } from './rows';

/** The four tabs of /leveringen (spec 2 §2.6) and their calls. */
export const deliveryTabs = {
  open: '/deliveries',
  backorders: '/backorders',
  finished: '/finisheddeliveries',
  cancelled: '/cancelleddeliveries',
} as const;
export type DeliveryTab = keyof typeof deliveryTabs;
export const isDeliveryTab = (x: unknown): x is DeliveryTab => typeof x === 'string' && Object.hasOwn(deliveryTabs, x);

const sorts: Record<string, string> = {
  date: 'd.date', order_number: 'd.order_number', client: 'end_customer_name', client_name: 'end_customer_name', end_customer_name: 'end_customer_name',
  type: 'd.delivery_type_id', delivery_type_id: 'd.delivery_type_id', address: 'd.address', w_number: 'd.w_number',
  products_count: 'products_count', created_at: 'd.created_at', completed_at: 'd.completed_at',
};
const defaultSort: Record<DeliveryTab, string> = { open: 'd.created_at', backorders: 'd.created_at', finished: 'd.completed_at', cancelled: 'd.updated_at' };

/**
 * One tab's deliveries the user may see. Open: not finished, not cancelled, not a backorder.
 * Backorders: open backorder deliveries and deliveries with backorder lines still open.
 * Finished: completion timestamp set. Cancelled: cancelled (and not deleted).
 */
export function deliveryListQuery(db: Executor, user: AuthUser, tab: DeliveryTab, params: ListParams) {
  const clientId = numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const typeId = numericFilter(params, 'type') ?? numericFilter(params, 'delivery_type_id');
  return db
    .selectFrom('deliveries as d')
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .leftJoin('clients as pc', 'pc.id', 'c.parent_client_id')
    .select([
      'd.id', 'd.date', 'd.order_number', 'd.w_number', 'd.your_reference', 'd.delivery_type_id', 'd.client_id', 'c.name as client_name',
      'd.address', 'd.carrier_id', 'd.created_at', 'd.completed_at', 'd.is_cancelled',
      sql<number>`case when c.client_type_id = 4 then pc.id else c.id end`.as('end_customer_id'),
      sql<string>`case when c.client_type_id = 4 then pc.name else c.name end`.as('end_customer_name'),
      sql<number>`(select count(*)::int from delivery_products dp where dp.delivery_id = d.id)`.as('products_count'),
      sql<number>`(select count(*)::int from delivery_products dp where dp.delivery_id = d.id and dp.checked_out_at is not null)`.as('checked_out_count'),
    ])
    .where('d.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('d.client_id')))
    .$call((q) => {
      switch (tab) {
        case 'open':
          return q.where('d.is_cancelled', '=', false).where('d.completed_at', 'is', null).where('d.delivery_type_id', '!=', DeliveryType.BACKORDER);
        case 'backorders':
          return q.where('d.is_cancelled', '=', false).where((eb) => eb.or([
            eb.and([eb('d.delivery_type_id', '=', DeliveryType.BACKORDER), eb('d.completed_at', 'is', null)]),
            eb.exists(eb.selectFrom('delivery_products as b').select('b.id').whereRef('b.delivery_id', '=', 'd.id')
              .where('b.is_backorder', '=', true).where('b.checked_out_at', 'is', null)),
          ]));
        case 'finished':
          return q.where('d.is_cancelled', '=', false).where('d.completed_at', 'is not', null);
        default:
          return q.where('d.is_cancelled', '=', true);
      }
    })
    .$if(clientId !== null, (q) => q.where((eb) => eb.or([eb('d.client_id', '=', clientId!), eb('c.parent_client_id', '=', clientId!)])))
    .$if(typeId !== null, (q) => q.where('d.delivery_type_id', '=', typeId!))
    .$if(params.search !== '', (q) => {
      const like = likePattern(params.search);
      return q.where((eb) => eb.or([
        eb('d.order_number', 'ilike', like), eb('d.w_number', 'ilike', like), eb('d.your_reference', 'ilike', like),
        eb('c.name', 'ilike', like), eb('pc.name', 'ilike', like), eb('d.address', 'ilike', like), eb('d.contact', 'ilike', like),
      ]));
    })
    .orderBy(sql.ref(sortColumn(params, sorts, defaultSort[tab])), params.sort ? params.order : 'desc')
    .orderBy('d.id', 'desc');
}

type Row = Awaited<ReturnType<ReturnType<typeof deliveryListQuery>['execute']>>[number];

export function toListRow(r: Row): DeliveryListRow {
  return {
    id: r.id, date: r.date, order_number: r.order_number, w_number: r.w_number, your_reference: r.your_reference,
    delivery_type_id: r.delivery_type_id, delivery_type: { name: deliveryTypeName(r.delivery_type_id) }, client_id: r.client_id,
    client_name: r.client_name, end_customer_id: r.end_customer_id, end_customer_name: r.end_customer_name, address: r.address,
    carrier_id: r.carrier_id, products_count: r.products_count, checked_out_count: r.checked_out_count,
    created_at: new Date(r.created_at).toISOString(), completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
    is_cancelled: r.is_cancelled,
  };
}

export async function listDeliveries(db: Executor, user: AuthUser, tab: DeliveryTab, params: ListParams) {
  // The page and its count at once (two connections on PostgreSQL): a search scans the table for both.
  const page = await pageAndCount(deliveryListQuery(db, user, tab, params), params, `/api${deliveryTabs[tab]}`);
  return { ...page, data: page.data.map(toListRow) };
}

const EXPORT_MAX_ROWS = 100_000;

export async function deliveriesForExport(db: Executor, user: AuthUser, tab: DeliveryTab, params: ListParams) {
  return (await deliveryListQuery(db, user, tab, params).limit(EXPORT_MAX_ROWS).execute()).map(toListRow);
}

const dateTime = (iso: string | null) => (iso ? new Date(iso) : null);

/** The columns of spec 2 §2.6 ('Afgerond op' for the finished tab). */
export function exportColumns(tab: DeliveryTab): XlsxColumn<DeliveryListRow>[] {
  const columns: XlsxColumn<DeliveryListRow>[] = [
    { key: 'date', label: 'Datum', value: (r) => r.date },
    { key: 'order_number', label: 'Ordernummer', width: 18, value: (r) => r.order_number },
    { key: 'end_customer_name', label: 'Eindklant', width: 28, value: (r) => r.end_customer_name },
    { key: 'client_name', label: 'Klant', width: 26, value: (r) => r.client_name },
    { key: 'address', label: 'Adres', width: 32, value: (r) => r.address },
    { key: 'type', label: 'Type', width: 16, value: (r) => r.delivery_type.name },
    { key: 'products_count', label: 'Voorraad', value: (r) => r.products_count },
    { key: 'created_at', label: 'Aanmelddatum', width: 18, value: (r) => dateTime(r.created_at) },
    { key: 'w_number', label: 'Topdesknummer', width: 16, value: (r) => r.w_number },
  ];
  if (tab === 'finished') columns.push({ key: 'completed_at', label: 'Afgerond op', width: 18, value: (r) => dateTime(r.completed_at) });
  return columns;
}
