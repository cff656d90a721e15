import { sql, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { ClientType } from '@domain/enums';
import { asnMsg, type AsnInput } from '@domain/schemas/prenotifications';
import type { Database, Executor, ExecutorFor, Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, notFound } from '../../http/errors';
import type { Answer } from '../../http/route-schema';
import type { AsnDetail, CheckInProduct, FormOptions } from '@domain/contracts/prenotifications';
import { likePattern } from '../../http/search-terms';
import { listStatementKey } from '../../http/list-statements';
import { numericFilter, sortColumn, whenSet, type ListParams } from '../../http/list-params';
import { pageByKey, pagedAnswer, paginate } from '../../http/paging';
import { clientScope, isClientInScope } from '../../http/scope';
import './tables';
import { recordEvents } from '../events';

const listSorts: Record<string, string> = {
  client: 'c.name',
  client_name: 'c.name',
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
    .orderBy('a.id', 'desc');
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
      .orderBy('a.id', 'desc')
  );
}

/**
 * One page by key (paging.ts `pageByKey`): the ids in list order with their total (`count(*) over ()`
 * on the pre-notifications alone), then the columns and line sums of those 25.
 */
export async function listAsns(db: Executor, user: AuthUser, params: ListParams, archive: boolean, basePath: string) {
  const page = await pageByKey(
    db,
    params,
    'a.id',
    (from) =>
      asnsFiltered(from, user, params, archive).select(['a.id', sql<number>`count(*) over ()::int`.as('total')]),
    (from, byKey, pickedTotal) => asnRows(from, byKey, params, archive).select(pickedTotal.as('total_rows')),
    listStatementKey('asns', user, params, archive),
  );
  // A page past the end brings no total along: counted then.
  const total = page.total ?? (params.page > 1 ? await countAsns(db, user, params, archive) : 0);
  return pagedAnswer(page.rows, total, params, basePath);
}

async function countAsns(db: Executor, user: AuthUser, params: ListParams, archive: boolean): Promise<number> {
  const row = await asnsFiltered(db, user, params, archive)
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The pre-notification row when the user may see it; another tenant's does not exist (404). */
export async function asnInScope<Lock extends boolean = false>(
  db: ExecutorFor<Lock>,
  user: AuthUser,
  id: number,
  forUpdate?: Lock,
) {
  let q = db
    .selectFrom('asns as a')
    .selectAll('a')
    .where('a.id', '=', id)
    .where('a.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('a.client_id')));
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Voormelding niet gevonden');
  return row;
}

export async function asnLines(db: Executor, asnId: number) {
  return db
    .selectFrom('asn_products as ap')
    .innerJoin('products as p', 'p.id', 'ap.product_id')
    .select([
      'ap.id',
      'ap.product_id',
      'ap.expected',
      'ap.arrived',
      'ap.daas',
      'ap.stock_owner',
      'p.name',
      'p.description',
      'p.article_number',
      'p.product_group_id',
    ])
    .where('ap.asn_id', '=', asnId)
    .orderBy('ap.id')
    .execute();
}

/** GET /asns/{id}: the info panel of spec 2 §2.5 and the article table. */
export async function asnDetail(db: Executor, user: AuthUser, id: number): Promise<Answer<AsnDetail>> {
  const a = await asnInScope(db, user, id);
  const [client, project, creator, lines] = await Promise.all([
    db.selectFrom('clients').select(['id', 'name']).where('id', '=', a.client_id).executeTakeFirstOrThrow(),
    a.project_id
      ? db.selectFrom('projects').select(['id', 'number']).where('id', '=', a.project_id).executeTakeFirst()
      : undefined,
    a.user_id
      ? db.selectFrom('users').select(['id', 'name']).where('id', '=', a.user_id).executeTakeFirst()
      : undefined,
    asnLines(db, id),
  ]);
  return {
    id: a.id,
    reference: a.reference,
    w_number: a.w_number,
    client_id: a.client_id,
    client,
    project_id: a.project_id,
    project_number: project?.number ?? null,
    user: creator ?? null,
    created_at: a.created_at,
    expected: a.expected,
    partial_delivery: a.partial_delivery,
    start_date_contract: a.start_date_contract,
    end_date_contract: a.end_date_contract,
    daas: a.daas,
    stock_owner: a.stock_owner,
    comment: a.comment,
    completed_at: a.completed_at,
    complete: a.completed_at !== null,
    products: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      expected: l.expected,
      arrived: l.arrived,
      daas: l.daas,
      stock_owner: l.stock_owner,
      product: {
        id: l.product_id,
        name: l.name,
        description: l.description,
        article_number: l.article_number,
        product_group_id: l.product_group_id,
      },
    })),
  };
}

/** Checks the client, project and articles of the form against the database; returns the project id to store. */
async function resolveRefs(trx: Trx, user: AuthUser, input: AsnInput): Promise<number | null> {
  const errors: Record<string, string[]> = {};
  const client = await trx
    .selectFrom('clients')
    .select(['id', 'client_type_id'])
    .where('id', '=', input.client_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!client || !(await isClientInScope(trx, user, input.client_id))) errors.client_id = [asnMsg.clientRequired];
  else if (client.client_type_id !== ClientType.EINDKLANT) errors.client_id = [asnMsg.notEndCustomer];

  // Only products in the caller's scope exist for it: another tenant's product answers like an unknown id.
  const ids = input.products.map((p) => p.product_id);
  const owned = ids.length
    ? new Map(
        (
          await trx
            .selectFrom('products')
            .select(['id', 'client_id'])
            .where('id', 'in', ids)
            .where('deleted_at', 'is', null)
            .where((eb) => clientScope(user, eb.ref('products.client_id')))
            .execute()
        ).map((p) => [p.id, p.client_id]),
      )
    : new Map<number, number>();
  const seen = new Set<number>();
  input.products.forEach((p, i) => {
    if (!owned.has(p.product_id)) errors[`products.${i}.product_id`] = [asnMsg.productRequired];
    else if (owned.get(p.product_id) !== input.client_id) errors[`products.${i}.product_id`] = [asnMsg.productOther];
    else if (seen.has(p.product_id)) errors[`products.${i}.product_id`] = [asnMsg.productTwice];
    seen.add(p.product_id);
  });

  let projectId: number | null = null;
  if (!errors.client_id) {
    if (input.new_project && input.project_number) {
      const number = input.project_number;
      const found = await trx
        .selectFrom('projects')
        .select('id')
        .where('client_id', '=', input.client_id)
        .where('number', '=', number)
        .executeTakeFirst();
      projectId =
        found?.id ??
        (
          await trx
            .insertInto('projects')
            .values({ client_id: input.client_id, number })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    } else if (input.project_id != null) {
      const found = await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', input.project_id)
        .where('client_id', '=', input.client_id)
        .executeTakeFirst();
      if (!found) errors.project_id = [asnMsg.projectOther];
      projectId = input.project_id;
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return projectId;
}

function asnValues(input: AsnInput, projectId: number | null) {
  return {
    client_id: input.client_id,
    project_id: projectId,
    reference: input.reference,
    w_number: input.w_number ?? null,
    expected: input.expected,
    partial_delivery: input.partial_delivery,
    start_date_contract: input.contract ? input.start_date_contract : null,
    end_date_contract: input.contract ? input.end_date_contract : null,
    daas: input.daas,
    stock_owner: input.stock_owner,
    comment: input.comment ?? null,
  };
}

export async function createAsn(trx: Trx, user: AuthUser, input: AsnInput): Promise<number> {
  const projectId = await resolveRefs(trx, user, input);
  const { id } = await trx
    .insertInto('asns')
    .values({ ...asnValues(input, projectId), user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('asn_products')
    .values(
      input.products.map((p) => ({
        asn_id: id,
        product_id: p.product_id,
        expected: p.quantity,
        daas: input.daas,
        stock_owner: input.stock_owner,
      })),
    )
    .execute();
  await recordEvents(trx, user, [{ client_id: input.client_id, action: `Voormelding ${input.reference} aangemaakt` }]);
  return id;
}

/** Changes the pre-notification; lines that already had arrivals cannot be removed or lowered below them. */
export async function updateAsn(trx: Trx, user: AuthUser, id: number, input: AsnInput): Promise<void> {
  const current = await asnInScope(trx, user, id, true);
  const projectId = await resolveRefs(trx, user, input);
  const lines = await asnLines(trx, id);
  const errors: Record<string, string[]> = {};
  input.products.forEach((p, i) => {
    const line = lines.find((l) => l.product_id === p.product_id);
    if (line && p.quantity < line.arrived) errors[`products.${i}.quantity`] = [asnMsg.belowArrived];
  });
  const removed = lines.filter((l) => !input.products.some((p) => p.product_id === l.product_id));
  if (removed.some((l) => l.arrived > 0)) errors.products = [asnMsg.lineArrived];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await trx
    .updateTable('asns')
    .set({ ...asnValues(input, projectId), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if (removed.length)
    await trx
      .deleteFrom('asn_products')
      .where(
        'id',
        'in',
        removed.map((l) => l.id),
      )
      .execute();
  for (const p of input.products) {
    const line = lines.find((l) => l.product_id === p.product_id);
    if (line)
      await trx
        .updateTable('asn_products')
        .set({ expected: p.quantity, daas: input.daas, stock_owner: input.stock_owner })
        .where('id', '=', line.id)
        .execute();
    else
      await trx
        .insertInto('asn_products')
        .values({
          asn_id: id,
          product_id: p.product_id,
          expected: p.quantity,
          daas: input.daas,
          stock_owner: input.stock_owner,
        })
        .execute();
  }
  // An open one whose articles have now all arrived is complete; a completed one stays in the archive.
  if (!current.completed_at) await completeWhenArrived(trx, id);
  await recordEvents(trx, user, [{ client_id: input.client_id, action: `Voormelding ${input.reference} gewijzigd` }]);
}

export async function deleteAsn(trx: Trx, user: AuthUser, id: number): Promise<void> {
  const a = await asnInScope(trx, user, id, true);
  await trx.updateTable('asns').set({ deleted_at: new Date() }).where('id', '=', id).execute();
  await recordEvents(trx, user, [{ client_id: a.client_id, action: `Voormelding ${a.reference} verwijderd` }]);
}

/** Sets completed_at when every article has arrived at least as many as expected; true when complete. */
export async function completeWhenArrived(trx: Trx, id: number): Promise<boolean> {
  const done = await trx
    .updateTable('asns')
    .set({ completed_at: new Date() })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .where(
      sql<boolean>`not exists (select 1 from asn_products ap where ap.asn_id = asns.id and ap.arrived < ap.expected)`,
    )
    .returning('id')
    .executeTakeFirst();
  return !!done;
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
  return paginate(asnProductsQuery(db, user, params, asnId), params, basePath);
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
