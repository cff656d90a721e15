import type { Executor, ExecutorFor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import type { Answer } from '../../http/route-schema';
import type { AsnDetail } from '@domain/contracts/prenotifications';
import { clientScope } from '../../http/scope';
import './tables';

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
