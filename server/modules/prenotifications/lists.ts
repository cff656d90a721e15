import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import type { CheckInProduct, FormOptions } from '@domain/contracts/prenotifications';
import { likePattern } from '../../http/search-terms';
import { listStatementKey } from '../../http/list-statements';
import { numericFilter, sortColumn, whenSet, type ListParams } from '../../http/list-params';
import { pageList } from '../../http/paging';
import { clientScope, isClientInScope } from '../../http/scope';
import './tables';
import { asnInScope, asnLines } from './detail';

const listSorts: Record<string, string> = {
  client: 'c.name_sort',
  client_name: 'c.name_sort',
  w_number: 'a.w_number',
  reference: 'a.reference',
  quantity: 'quantity',
  expected: 'a.expected',
  created_at: 'a.created_at',
  completed_at: 'a.completed_at',
};

const quantity = sql<number>`(select coalesce(sum(ap.expected), 0)::int from asn_products ap where ap.asn_id = a.id)`;

/** The sorts on computed columns, as expressions: the page's ids are picked before the columns are read. */
const computedSorts: Record<string, RawBuilder<unknown>> = { quantity };

function asnOrder(params: ListParams, archive: boolean) {
  const column = sortColumn(params, listSorts, archive ? 'a.completed_at' : 'a.created_at');
  return {
    expression: (Object.hasOwn(computedSorts, column) ? computedSorts[column] : undefined) ?? sql.ref(column),
    direction: params.sort ? params.order : ('desc' as const),
  };
}

/**
 * Open (completed_at null) or archived pre-notifications the user may see, with search and client filter, in list
 * order.
 */
function asnsFiltered(db: QueryCreator<Database>, user: AuthUser, params: ListParams, archive: boolean) {
  const clientId = numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  const order = asnOrder(params, archive);
  return db
    .selectFrom('asns as a')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .where('a.deleted_at', 'is', null)
    .where('a.completed_at', archive ? 'is not' : 'is', null)
    .where((eb) => clientScope(user, eb.ref('a.client_id')))
    .$call(whenSet(clientId, (q, id) => q.where('a.client_id', '=', id)))
    .$if(params.search !== '', (q) => {
      const like = likePattern(params.search);
      return q.where((eb) =>
        eb.or([eb('a.reference', 'ilike', like), eb('a.w_number', 'ilike', like), eb('c.name', 'ilike', like)]),
      );
    })
    .orderBy(order.expression, order.direction)
    .orderBy('a.id', order.direction);
}

/** A list row's columns of the pre-notifications `where` names, in list order. */
function asnRows(db: QueryCreator<Database>, where: RawBuilder<SqlBool>, params: ListParams, archive: boolean) {
  const order = asnOrder(params, archive);
  return (
    db
      .selectFrom('asns as a')
      .innerJoin('clients as c', 'c.id', 'a.client_id')
      .leftJoin('projects as pr', 'pr.id', 'a.project_id')
      // Both sums of a row's lines in one pass over them (an aggregate without groups: one row each).
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('asn_products as ap')
            .select([
              sql<number>`coalesce(sum(ap.expected), 0)::int`.as('quantity'),
              sql<number>`coalesce(sum(ap.arrived), 0)::int`.as('arrived'),
            ])
            .whereRef('ap.asn_id', '=', 'a.id')
            .as('lines'),
        (j) => j.onTrue(),
      )
      .select([
        'a.id',
        'a.client_id',
        'c.name as client_name',
        'a.w_number',
        'a.reference',
        'a.expected',
        'a.created_at',
        'a.completed_at',
        'a.partial_delivery',
        'pr.number as project_number',
        'lines.quantity',
        'lines.arrived',
      ])
      .where(where)
      .orderBy(order.expression, order.direction)
      .orderBy('a.id', order.direction)
  );
}

/**
 * One page by key (paging.ts `pageList`): the ids in list order with their total (`count(*) over ()`
 * on the pre-notifications alone), then the columns and line sums of those 25.
 */
export async function listAsns(db: Executor, user: AuthUser, params: ListParams, archive: boolean, basePath: string) {
  return pageList(db, params, {
    statement: { key: listStatementKey('asns', user, params, archive), values: [] },
    key: 'a.id',
    pick: (from) => asnsFiltered(from, user, params, archive).select('a.id'),
    read: (from, byKey) => asnRows(from, byKey, params, archive),
    total: 'numbered',
    count: () => countAsns(db, user, params, archive),
    basePath,
  });
}

async function countAsns(db: Executor, user: AuthUser, params: ListParams, archive: boolean): Promise<number> {
  const row = await asnsFiltered(db, user, params, archive)
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

const productSorts: Record<string, string> = {
  name: 'p.name',
  article_number: 'p.article_number',
  expected: 'ap.expected',
  arrived: 'ap.arrived',
};

/**
 * GET /asnproducts/{id}: the products page (Artikelomschrijving, Artikelnummer, Ordernummer, Aantal, Leverdatum,
 * Aanmelddatum).
 */
export function asnProductsQuery(db: Executor, user: AuthUser, params: ListParams, asnId: number | null) {
  const clientId = numericFilter(params, 'client') ?? numericFilter(params, 'client_id');
  return db
    .selectFrom('asn_products as ap')
    .innerJoin('asns as a', 'a.id', 'ap.asn_id')
    .innerJoin('products as p', 'p.id', 'ap.product_id')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'ap.id',
      'ap.asn_id',
      'ap.product_id',
      'p.name',
      'p.description',
      'p.article_number',
      'a.reference',
      'a.w_number',
      'ap.expected as quantity',
      'ap.arrived',
      'a.expected',
      'a.created_at',
      'c.name as client_name',
    ])
    .where('a.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('a.client_id')))
    .$call(whenSet(asnId, (q, id) => q.where('a.id', '=', id)))
    .$call(whenSet(clientId, (q, id) => q.where('a.client_id', '=', id)))
    .$if(params.search !== '', (q) => {
      const like = likePattern(params.search);
      return q.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', like),
          eb('p.article_number', 'ilike', like),
          eb('a.reference', 'ilike', like),
          eb('c.name', 'ilike', like),
        ]),
      );
    })
    .orderBy(sql.ref(sortColumn(params, productSorts, 'ap.id')), params.order);
}

export async function listAsnProducts(
  db: Executor,
  user: AuthUser,
  asnId: number,
  params: ListParams,
  basePath: string,
) {
  await asnInScope(db, user, asnId);
  return pageList(db, params, { rows: () => asnProductsQuery(db, user, params, asnId), total: 'counted', basePath });
}

/** GET /getasnproducts/{id}: the bulk product list of the check-in modal. */
export async function checkInProducts(db: Executor, user: AuthUser, asnId: number): Promise<CheckInProduct[]> {
  await asnInScope(db, user, asnId);
  const lines = await asnLines(db, asnId);
  return lines.map((l) => ({
    id: l.id,
    product_id: l.product_id,
    name: l.name,
    article_number: l.article_number,
    expected: l.expected,
    arrived: l.arrived,
    product_group_id: l.product_group_id,
  }));
}

/**
 * GET /asn-form-options/{clientId}: the end customer's active articles and projects for the form (not in the spec's
 * call list).
 */
export async function formOptions(db: Executor, user: AuthUser, clientId: number): Promise<FormOptions> {
  if (!(await isClientInScope(db, user, clientId))) throw notFound();
  const [products, projects] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'name', 'article_number', 'product_group_id'])
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .where('is_active', '=', true)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db.selectFrom('projects').select(['id', 'number']).where('client_id', '=', clientId).orderBy('number').execute(),
  ]);
  return { products, projects };
}
