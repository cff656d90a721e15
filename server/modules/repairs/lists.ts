import { sql } from 'kysely';
import { DeliveryType, ItemStatus, repairStatuses } from '@domain/enums';
import type { RepairListRow } from '@domain/contracts/repairs';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern, numericFilter, paginate, sortColumn, whenSet, type ListParams, type Paged } from '../../http/paging';
import { clientScope } from '../../http/scope';
import type { XlsxColumn } from '../../lib/xlsx';
import { statusOf } from './rows';
import './tables';
import { isoTime } from '../../http/route-schema';

const sorts: Record<string, string> = {
  order_number: 'd.order_number', serial: 'serials', serials: 'serials', products: 'products', client: 'end_customer_name',
  end_customer_name: 'end_customer_name', end_user_name: 'end_user_name', created_at: 'd.created_at', finished_repair: 'd.finished_repair',
  completed_at: 'd.finished_repair', w_number: 'd.w_number', status: 'status_id',
};

/**
 * Repairs the user may see (REPARATIE deliveries, not deleted, not cancelled), newest first. Search:
 * order number, serial number, article name, end customer or end user (and Topdesk number).
 * Filters: `client` (an end customer, or an end user), `status` (a repair status id).
 */
function repairListQuery(db: Executor, user: AuthUser, params: ListParams) {
  const clientId = numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const status = numericFilter(params, 'status');
  const defect = (column: 'i.serial' | 'p.name') => sql<string | null>`(select string_agg(distinct ${sql.ref(column)}, ', ')
    from delivery_products dp join products p on p.id = dp.product_id left join items i on i.id = dp.item_id
    where dp.delivery_id = d.id and dp.is_pickup = 1)`;
  return db
    .selectFrom('deliveries as d')
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .leftJoin('clients as pc', 'pc.id', 'c.parent_client_id')
    .select([
      'd.id', 'd.order_number', 'd.w_number', 'd.created_at', 'd.finished_repair', 'd.is_cancelled',
      sql<number>`coalesce(d.repair_status_id, ${ItemStatus.REPARATIE_AANGEVRAAGD})`.as('status_id'),
      sql<number>`case when c.client_type_id = 4 then pc.id else c.id end`.as('end_customer_id'),
      sql<string>`case when c.client_type_id = 4 then pc.name else c.name end`.as('end_customer_name'),
      sql<string | null>`case when c.client_type_id = 4 then c.name end`.as('end_user_name'),
      defect('i.serial').as('serials'),
      defect('p.name').as('products'),
    ])
    .where('d.delivery_type_id', '=', DeliveryType.REPARATIE)
    .where('d.deleted_at', 'is', null)
    .where('d.is_cancelled', '=', false)
    .where((eb) => clientScope(user, eb.ref('d.client_id')))
    .$call(whenSet(clientId, (q, id) => q.where((eb) => eb.or([eb('d.client_id', '=', id), eb('c.parent_client_id', '=', id)]))))
    .$call(whenSet(status !== null && (repairStatuses as number[]).includes(status) ? status : null, (q, value) =>
      q.where(sql<number>`coalesce(d.repair_status_id, ${ItemStatus.REPARATIE_AANGEVRAAGD})`, '=', value)))
    .$if(params.search !== '', (q) => {
      const like = likePattern(params.search);
      return q.where((eb) => eb.or([
        eb('d.order_number', 'ilike', like), eb('d.w_number', 'ilike', like), eb('c.name', 'ilike', like), eb('pc.name', 'ilike', like),
        eb.exists(eb.selectFrom('delivery_products as sp').innerJoin('products as spp', 'spp.id', 'sp.product_id')
          .leftJoin('items as si', 'si.id', 'sp.item_id').select('sp.id').whereRef('sp.delivery_id', '=', 'd.id')
          .where((s) => s.or([s('si.serial', 'ilike', like), s('spp.name', 'ilike', like), s('spp.article_number', 'ilike', like)]))),
      ]));
    })
    .orderBy(sql.ref(sortColumn(params, sorts, 'd.created_at')), params.sort ? params.order : 'desc')
    .orderBy('d.id', 'desc');
}

type Row = Awaited<ReturnType<ReturnType<typeof repairListQuery>['execute']>>[number];

function toRow(r: Row): RepairListRow {
  return {
    id: r.id, order_number: r.order_number, serials: r.serials, products: r.products, end_customer_id: r.end_customer_id,
    end_customer_name: r.end_customer_name, end_user_name: r.end_user_name, created_at: isoTime(r.created_at), finished_repair: isoTime(r.finished_repair),
    w_number: r.w_number, status: statusOf(r.status_id), is_cancelled: r.is_cancelled,
  };
}

export async function listRepairs(db: Executor, user: AuthUser, params: ListParams): Promise<Paged<RepairListRow>> {
  const page = await paginate(repairListQuery(db, user, params), params, '/api/repairdeliveries', 'parallel');
  return { ...page, data: page.data.map(toRow) };
}

const EXPORT_MAX_ROWS = 100_000;
export async function repairsForExport(db: Executor, user: AuthUser, params: ListParams) {
  return (await repairListQuery(db, user, params).limit(EXPORT_MAX_ROWS).execute()).map(toRow);
}

const dateTime = (value: string | null) => (value ? new Date(value) : null);

/** The columns of spec 2 §2.9, and the status. */
export const repairExportColumns: XlsxColumn<RepairListRow>[] = [
  { key: 'order_number', label: 'Ordernummer', width: 18, value: (r) => r.order_number },
  { key: 'serials', label: 'Serienummer', width: 22, value: (r) => r.serials },
  { key: 'products', label: 'Producten', width: 30, value: (r) => r.products },
  { key: 'end_customer_name', label: 'Eindklant', width: 28, value: (r) => r.end_customer_name },
  { key: 'end_user_name', label: 'Eindgebruiker', width: 24, value: (r) => r.end_user_name },
  { key: 'created_at', label: 'Datum melding', width: 18, value: (r) => dateTime(r.created_at) },
  { key: 'finished_repair', label: 'Afgerond op', width: 18, value: (r) => dateTime(r.finished_repair) },
  { key: 'w_number', label: 'Topdesknummer', width: 16, value: (r) => r.w_number },
  { key: 'status', label: 'Status', width: 28, value: (r) => r.status.name },
];
