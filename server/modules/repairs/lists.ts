import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { ClientType, DeliveryType, ItemStatus, repairStatuses } from '@domain/enums';
import type { RepairListRow } from '@domain/contracts/repairs';
import type { Database, Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { likePattern } from '../../http/search-terms';
import { listStatementKey } from '../../http/list-statements';
import { numericFilter, sortColumn, type ListParams } from '../../http/list-params';
import { companySortKey, personSortKey } from '../../http/name-sort';
import { pageList, type Paged } from '../../http/paging';
import { clientScope } from '../../http/scope';
import type { XlsxColumn } from '../../lib/xlsx';
import { statusOf } from './rows';
import './tables';
import { isoTime } from '../../http/route-schema';

const sorts: Record<string, string> = {
  order_number: 'd.order_number',
  serial: 'd.repair_serials',
  serials: 'd.repair_serials',
  products: 'd.repair_products',
  client: 'end_customer_name',
  end_customer_name: 'end_customer_name',
  end_user_name: 'end_user_name',
  created_at: 'd.created_at',
  finished_repair: 'd.finished_repair',
  completed_at: 'd.finished_repair',
  w_number: 'd.w_number',
  status: 'status_id',
};

const statusId = sql<number>`coalesce(d.repair_status_id, ${sql.lit(ItemStatus.REPARATIE_AANGEVRAAGD)})`;
/**
 * The names kept on the delivery (migration 20261128T1600-delivery-client-names): the end customer's, and
 * the client's as end user where the client is below its end customer.
 */
const endCustomerName = sql<string>`d.end_customer_name`;
const endUserName = sql<string | null>`case when d.end_customer_id <> d.client_id then d.client_name end`;
/** The sorts on computed columns, as expressions: the page's ids are picked before the columns are read. */
const computedSorts: Record<string, RawBuilder<unknown>> = {
  // By the names' keys (domain/names.ts): an end user is a person, an end customer a company.
  end_customer_name: companySortKey(endCustomerName),
  end_user_name: personSortKey(endUserName),
  status_id: statusId,
};

interface RepairFilter {
  clientId: number | null;
  status: number | null;
  search: string;
}

function repairFilter(params: ListParams): RepairFilter {
  const status = numericFilter(params, 'status');
  return {
    clientId: numericFilter(params, 'client') ?? numericFilter(params, 'client_id'),
    status: status !== null && (repairStatuses as number[]).includes(status) ? status : null,
    search: params.search,
  };
}

/**
 * Repairs the user may see (REPARATIE deliveries, not deleted, not cancelled), on `deliveries as d`
 * with its client `c` and the client's parent `pc` (joined where `clientsJoined` says so). Search:
 * order number, serial number, article name, end customer or end user (and Topdesk number). Filters:
 * `client` (an end customer, or an end user), `status` (a repair status id). Constants are written into
 * the text: a generic plan of the named statement can then use deliveries_repair_list_idx, whose
 * predicate names them.
 */
function repairWhere(user: AuthUser, f: RepairFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [
    sql`d.delivery_type_id = ${sql.lit(DeliveryType.REPARATIE)} and d.deleted_at is null and not d.is_cancelled`,
    sql`${clientScope(user, sql.ref('d.client_id'))}`,
  ];
  if (f.clientId !== null) parts.push(sql`(d.client_id = ${f.clientId} or c.parent_client_id = ${f.clientId})`);
  if (f.status !== null) parts.push(sql`${statusId} = ${f.status}`);
  if (f.search !== '') {
    const like = likePattern(f.search);
    parts.push(sql`(d.order_number ilike ${like} or d.w_number ilike ${like} or c.name ilike ${like} or pc.name
      ilike ${like} or exists (
      select sp.id from delivery_products sp join products spp on spp.id = sp.product_id left join items si on si.id
        = sp.item_id
      where sp.delivery_id = d.id and (si.serial ilike ${like} or spp.name ilike ${like} or spp.article_number ilike
        ${like})))`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** Whether the filter reads the client and its parent (the client filter and the search do). */
const clientsJoined = (f: RepairFilter) => f.clientId !== null || f.search !== '';

function orderOf(params: ListParams) {
  const column = sortColumn(params, sorts, 'd.created_at');
  const computed = Object.hasOwn(computedSorts, column) ? computedSorts[column] : undefined;
  return { expression: computed ?? sql.ref(column), direction: params.sort ? params.order : ('desc' as const) };
}

/**
 * The rows of the list with their columns; `where` picks them (the filter, or the ids of one page), with
 * the client and its parent joined where it reads them.
 */
function repairRows(
  db: QueryCreator<Database>,
  where: RawBuilder<SqlBool>,
  order: ReturnType<typeof orderOf>,
  joinClients = false,
) {
  return db
    .selectFrom('deliveries as d')
    .$if(joinClients, (q) =>
      q.innerJoin('clients as c', 'c.id', 'd.client_id').leftJoin('clients as pc', 'pc.id', 'c.parent_client_id'),
    )
    .select([
      'd.id',
      'd.order_number',
      'd.w_number',
      'd.created_at',
      'd.finished_repair',
      'd.is_cancelled',
      statusId.as('status_id'),
      sql<number>`coalesce(d.end_customer_id, d.client_id)`.as('end_customer_id'),
      endCustomerName.as('end_customer_name'),
      endUserName.as('end_user_name'),
      // The defect lines' serials and product names, kept on the row (migration 20261128T1100-repair-defects).
      'd.repair_serials as serials',
      'd.repair_products as products',
    ])
    .where(where)
    .orderBy(order.expression, order.direction)
    .orderBy('d.id', order.direction);
}

type Row = Awaited<ReturnType<ReturnType<typeof repairRows>['execute']>>[number];

function toRow(r: Row): RepairListRow {
  return {
    id: r.id,
    order_number: r.order_number,
    serials: r.serials,
    products: r.products,
    end_customer_id: r.end_customer_id,
    end_customer_name: r.end_customer_name,
    end_user_name: r.end_user_name,
    created_at: isoTime(r.created_at),
    finished_repair: isoTime(r.finished_repair),
    w_number: r.w_number,
    status: statusOf(r.status_id),
    is_cancelled: r.is_cancelled,
  };
}

/**
 * The unfiltered list's total from delivery_counts (migration 20261123T2300-delivery-counts): the
 * repairs open and finished in the user's part of the hierarchy (all clients for the provider), the
 * rows clientScope lets through. Null with a filter or a search: counted then.
 */
function maintainedTotal(user: AuthUser, f: RepairFilter): RawBuilder<number> | null {
  if (f.clientId !== null || f.status !== null || f.search !== '') return null;
  const rollup = user.clientTypeId === ClientType.PROVIDER ? 0 : user.clientId;
  return sql<number>`(select coalesce(sum(k.n), 0)::int from delivery_counts k
    where k.state in ('o', 'f') and k.client_id = ${rollup} and k.delivery_type_id =
      ${sql.lit(DeliveryType.REPARATIE)})`;
}

async function countRepairs(db: Executor, user: AuthUser, f: RepairFilter): Promise<number> {
  const row = await db
    .selectFrom('deliveries as d')
    .$if(clientsJoined(f), (q) =>
      q.innerJoin('clients as c', 'c.id', 'd.client_id').leftJoin('clients as pc', 'pc.id', 'c.parent_client_id'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .where(repairWhere(user, f))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * One page by key, as the delivery lists (paging.ts `pageList`): the page's 25 ids in list order on
 * deliveries_repair_list_idx (the clients joined only where a filter, a search or the sort needs them),
 * then the columns of those rows, so the lines' subqueries run for 25 repairs and not for every repair
 * skipped by OFFSET. The unfiltered total rides along with the columns; any other is counted at the
 * same time on another connection.
 */
export async function listRepairs(db: Executor, user: AuthUser, params: ListParams): Promise<Paged<RepairListRow>> {
  const f = repairFilter(params);
  const order = orderOf(params);
  const where = repairWhere(user, f);
  const inline = maintainedTotal(user, f);
  const needsClients = clientsJoined(f);
  const page = await pageList(db, params, {
    statement: { key: listStatementKey('repairs', user, params), values: [] },
    key: 'd.id',
    pick: (from) =>
      from
        .selectFrom('deliveries as d')
        .$if(needsClients, (q) =>
          q.innerJoin('clients as c', 'c.id', 'd.client_id').leftJoin('clients as pc', 'pc.id', 'c.parent_client_id'),
        )
        .select('d.id')
        .where(where)
        .orderBy(order.expression, order.direction)
        .orderBy('d.id', order.direction),
    read: (from, byKey) => repairRows(from, byKey, order),
    total: inline ? () => inline : 'counted',
    count: () => countRepairs(db, user, f),
    basePath: '/api/repairdeliveries',
  });
  return { ...page, data: page.data.map(toRow) };
}

const EXPORT_MAX_ROWS = 100_000;
export async function repairsForExport(db: Executor, user: AuthUser, params: ListParams) {
  const f = repairFilter(params);
  return (
    await repairRows(db, repairWhere(user, f), orderOf(params), clientsJoined(f)).limit(EXPORT_MAX_ROWS).execute()
  ).map(toRow);
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
