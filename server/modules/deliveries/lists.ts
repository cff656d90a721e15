import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { ClientType, DeliveryType } from '@domain/enums';
import type { DeliveryListRow } from '@domain/contracts/deliveries';
import type { Database, Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { containsTerm, searchTerm, termOf, type TermValues } from '../../http/search-terms';
import { numericFilter, sortColumn, type ListParams } from '../../http/list-params';
import { pageList } from '../../http/paging';
import { termStatement } from '../../http/list-statements';
import { clientIdsInScope, lineageScope } from '../../http/scope';
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
  date: 'd.date',
  order_number: 'd.order_number',
  // Case and accents aside (domain/names.ts).
  client: 'd.end_customer_name_sort',
  client_name: 'd.end_customer_name_sort',
  end_customer_name: 'd.end_customer_name_sort',
  type: 'd.delivery_type_id',
  delivery_type_id: 'd.delivery_type_id',
  address: 'd.address',
  w_number: 'd.w_number',
  products_count: 'd.products_count',
  created_at: 'd.created_at',
  completed_at: 'd.completed_at',
};

const defaultSort: Record<DeliveryTab, string> = {
  open: 'd.created_at',
  backorders: 'd.created_at',
  finished: 'd.completed_at',
  cancelled: 'd.updated_at',
};

/**
 * The tabs' maintained totals (migrations 20261123T2300-delivery-counts, 20261126T2100-backorder-waiting-count): their
 * state in delivery_counts.
 */
const countedState: Record<DeliveryTab, string> = { open: 'o', backorders: 'b', finished: 'f', cancelled: 'c' };

interface ListFilter {
  tab: DeliveryTab;
  clientId: number | null;
  typeId: number | null;
  /** The search as the statement's values (paging.ts `searchTerm`); null without one. */
  term: TermValues | null;
}

function listFilter(tab: DeliveryTab, params: ListParams): ListFilter {
  return {
    tab,
    clientId: numericFilter(params, 'client') ?? numericFilter(params, 'client_id'),
    typeId: numericFilter(params, 'type') ?? numericFilter(params, 'delivery_type_id'),
    term: searchTerm(params),
  };
}

/** A client and the clients directly below it (the client filter: an end customer with its end users). */
const clientAndChildren = (clientId: number) =>
  sql`select ${clientId}::int union all select id from clients where parent_client_id = ${clientId}`;

/**
 * One tab's deliveries the user may see, on `deliveries as d` alone (the scope is the row's lineage
 * column: server/http/scope.ts `lineageScope`). Open: not finished, not cancelled, not a backorder.
 * Backorders: open backorder deliveries and open deliveries with backorder lines still open. Finished:
 * completion timestamp set. Cancelled: cancelled (and not deleted).
 */
function deliveryWhere(user: AuthUser, f: ListFilter): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`d.deleted_at is null`, lineageScope(user, 'd')];
  switch (f.tab) {
    case 'open':
      // Constants of the code are written into the text, values of the request are parameters: a generic
      // plan of the named statement can then use the partial index whose predicate names the type.
      parts.push(
        sql`not d.is_cancelled and d.completed_at is null and d.delivery_type_id <> ${sql.lit(DeliveryType.BACKORDER)}`,
      );
      break;
    case 'backorders':
      // A finished delivery's lines not delivered stay on it (its Backorder section) but wait on its backorder
      // delivery.
      // backorder_waiting_count: its lines with is_backorder and no checked_out_at, kept by triggers
      // (deliveries_backorder_list_idx).
      parts.push(sql`not d.is_cancelled and d.completed_at is null
        and (d.delivery_type_id = ${sql.lit(DeliveryType.BACKORDER)} or d.backorder_waiting_count > 0)`);
      break;
    case 'finished':
      parts.push(sql`not d.is_cancelled and d.completed_at is not null`);
      break;
    default:
      parts.push(sql`d.is_cancelled`);
  }
  if (f.clientId !== null) parts.push(sql`d.client_id in (${clientAndChildren(f.clientId)})`);
  if (f.typeId !== null) parts.push(sql`d.delivery_type_id = ${f.typeId}`);
  if (f.term !== null) {
    // A term with a code in it (an order number: `identifyingWord`) finds a few deliveries: they are
    // looked up as ids on their own, whatever their tab, with the values behind scalar subqueries. Then
    // PostgreSQL keeps one generic plan instead of planning the statement on every call (1.4 ms of the
    // 1.8 ms such a search took at 200,000 deliveries; 0.4 ms in all now). With the tab's filter beside
    // the search, a generic plan combined it with the tab's index (75,000 entries for one delivery).
    // Any other term ('BLEV', a street) may find most deliveries: it stays beside the tab's filter, and
    // each call gets a plan for its term. As ids on their own, a broad term cost 2-3 times as much.
    parts.push(
      f.term.whole !== null
        ? sql`d.id = any(array(select s.id from deliveries s where ${searchMatches(f.term, 's', true)}))`
        : searchMatches(f.term, 'd', false),
    );
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * Whether a delivery (`alias`) matches a search: its columns and an id array of its clients, which
 * PostgreSQL combines from the trigram indexes and deliveries_client_idx (BitmapOr). `opaque`: the
 * values no plan reads ahead (paging.ts `opaqueText`).
 */
function searchMatches(search: TermValues, alias: 's' | 'd', opaque: boolean): RawBuilder<SqlBool> {
  const has = (column: string) => containsTerm(sql.ref(column), search, { opaque });
  const own = (column: string) => has(`${alias}.${column}`);
  return sql<SqlBool>`(${own('order_number')} or ${own('w_number')} or ${own('your_reference')} or ${own('address')}
    or ${own('contact')}
    or ${sql.ref(`${alias}.client_id`)} = any(array(select n.id from clients n where ${has('n.name')}
      union all select k.id from clients k join clients kp on kp.id = k.parent_client_id where ${has('kp.name')})))`;
}

function orderOf(tab: DeliveryTab, params: ListParams) {
  return {
    expression: sql.ref(sortColumn(params, sorts, defaultSort[tab])),
    direction: params.sort ? params.order : ('desc' as const),
  };
}

/**
 * The rows of the list with their columns; `where` picks them (the filter, or the ids of one page). The
 * client's and the end customer's names are kept on the row (migration 20261128T1600-delivery-client-names),
 * the end customer being the row's lineage one or else the client itself.
 */
function deliveryRows(db: QueryCreator<Database>, where: RawBuilder<SqlBool>, order: ReturnType<typeof orderOf>) {
  return db
    .selectFrom('deliveries as d')
    .select([
      'd.id',
      'd.date',
      'd.order_number',
      'd.w_number',
      'd.your_reference',
      'd.delivery_type_id',
      'd.client_id',
      'd.client_name',
      'd.address',
      'd.carrier_id',
      'd.created_at',
      'd.completed_at',
      'd.is_cancelled',
      sql<number>`coalesce(d.end_customer_id, d.client_id)`.as('end_customer_id'),
      'd.end_customer_name',
      // Kept on the delivery by triggers on its lines (migration 20261126T0400-delivery-line-counts).
      'd.products_count',
      'd.checked_out_count',
    ])
    .where(where)
    .orderBy(order.expression, order.direction)
    .orderBy('d.id', order.direction);
}

/** The whole list in its order (the export). */
export function deliveryListQuery(db: Executor, user: AuthUser, tab: DeliveryTab, params: ListParams) {
  return deliveryRows(db, deliveryWhere(user, listFilter(tab, params)), orderOf(tab, params));
}

/**
 * The sum of delivery_counts for a tab's state and type filter in one client's part of the hierarchy (0: all clients).
 */
function countedSum(state: string, rollup: number, f: ListFilter): RawBuilder<number> {
  const openTab = f.tab === 'open' ? sql`and k.delivery_type_id <> ${sql.lit(DeliveryType.BACKORDER)}` : sql``;
  const ofType = f.typeId !== null ? sql`and k.delivery_type_id = ${f.typeId}` : sql``;
  return sql<number>`(select coalesce(sum(k.n), 0)::int from delivery_counts k where k.state = ${state} and
    k.client_id = ${rollup} ${openTab} ${ofType})`;
}

/**
 * The tab's maintained total as an expression, for the page's own statement: without a search or a
 * client filter (that one first checks the client's scope). Null where the total is found otherwise.
 */
function maintainedTotal(user: AuthUser, f: ListFilter): RawBuilder<number> | null {
  if (f.term !== null || f.clientId !== null) return null;
  return countedSum(countedState[f.tab], user.clientTypeId === ClientType.PROVIDER ? 0 : user.clientId, f);
}

/**
 * The tab's total. Without a search it is one row of delivery_counts per type: all clients for the
 * provider, else the user's own client (its row counts the part of the hierarchy the user sees); with
 * the client filter (an end customer or end user in scope) that client's row. Anything else is counted
 * on the deliveries themselves.
 */
async function countDeliveries(db: Executor, user: AuthUser, f: ListFilter): Promise<number> {
  const state = countedState[f.tab];
  const provider = user.clientTypeId === ClientType.PROVIDER;
  let rollup: number | null = f.term === null ? (provider ? 0 : user.clientId) : null;
  if (rollup !== null && f.clientId !== null) {
    const filtered = await db
      .selectFrom('clients as x')
      .select('x.id')
      .where('x.id', '=', f.clientId)
      .where('x.client_type_id', 'in', [ClientType.EINDKLANT, ClientType.EINDGEBRUIKER])
      .$if(!provider, (q) => q.where(sql<SqlBool>`x.id in (${clientIdsInScope(user)})`))
      .executeTakeFirst();
    rollup = filtered ? filtered.id : null;
  }
  if (rollup !== null) {
    const row = await sql<{ n: number }>`select ${countedSum(state, rollup, f)} as n`.execute(db);
    return row.rows[0]?.n ?? 0;
  }
  const row = await db
    .selectFrom('deliveries as d')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(deliveryWhere(user, f))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * One page by key (paging.ts `pageList`): its ids in list order, then the columns of those 25 rows. Without a search
 * the total is the tab's
 * maintained count (delivery_counts), read by the same statement, or, with the client filter, counted
 * at the same time on another connection. A search is resolved on its indexes once, before the order
 * is applied (PostgreSQL would otherwise walk the date index hoping to meet 25 matches early), and its
 * total rides along with the ids (`count(*) over ()`).
 */
export async function listDeliveries(db: Executor, user: AuthUser, tab: DeliveryTab, params: ListParams) {
  const f = listFilter(tab, params);
  const order = orderOf(tab, params);
  const searching = f.term !== null;
  const inline = searching ? null : maintainedTotal(user, f);
  const statement = termStatement(`deliveries:${tab}`, user, params, f.term);
  const page = await pageList(db, params, {
    // A search's statement is built once per shape of term, the term's values its parameters.
    statement,
    key: 'd.id',
    pick: (from, ...values: string[]) =>
      from
        .selectFrom('deliveries as d')
        .select('d.id')
        .where(
          f.term
            ? sql<SqlBool>`d.id in (select d.id from deliveries d where
                ${deliveryWhere(user, { ...f, term: termOf(f.term, values) })} offset 0)`
            : deliveryWhere(user, f),
        )
        .orderBy(order.expression, order.direction)
        .orderBy('d.id', order.direction),
    read: (from, where) => deliveryRows(from, where, order),
    // A list without its total in the statement (the client filter) is counted at the same time, on another connection.
    total: searching ? 'numbered' : inline ? () => inline : 'counted',
    count: () => countDeliveries(db, user, f),
    basePath: `/api${deliveryTabs[tab]}`,
  });
  return { ...page, data: page.data.map(toListRow) };
}

type Row = Awaited<ReturnType<ReturnType<typeof deliveryListQuery>['execute']>>[number];

export function toListRow(r: Row): DeliveryListRow {
  return {
    id: r.id,
    date: r.date,
    order_number: r.order_number,
    w_number: r.w_number,
    your_reference: r.your_reference,
    delivery_type_id: r.delivery_type_id,
    delivery_type: { name: deliveryTypeName(r.delivery_type_id) },
    client_id: r.client_id,
    client_name: r.client_name,
    end_customer_id: r.end_customer_id,
    end_customer_name: r.end_customer_name,
    address: r.address,
    carrier_id: r.carrier_id,
    products_count: r.products_count,
    checked_out_count: r.checked_out_count,
    created_at: new Date(r.created_at).toISOString(),
    completed_at: r.completed_at ? new Date(r.completed_at).toISOString() : null,
    is_cancelled: r.is_cancelled,
  };
}
