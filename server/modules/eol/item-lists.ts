import { sql, type Expression, type NotNull, type SqlBool } from 'kysely';
import { ClientType, itemStatusNames, type ItemStatusId } from '@domain/enums';
import { monthsUntilEol } from '@domain/eol';
import type { EolItemRow, EolItemsPage } from '@domain/contracts/eol';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { notFound } from '../../http/errors';
import { likePattern } from '../../http/search-terms';
import { pageList } from '../../http/paging';
import { sortColumn, type ListParams } from '../../http/list-params';
import { clientScope } from '../../http/scope';
import { eolDateSql, eolItemsQuery } from './query';

const sorts: Record<string, string> = {
  serial: 'i.serial',
  order_number: 'i.order_number',
  date_in_use: 'i.date_in_use',
  end_user: 'u.name',
  in_use_by: 'u.name',
  status: 'i.status_id',
};

/** A product the user may see; 404 for an unknown, deleted or other tenant's product. */
async function eolProduct(db: Executor, user: AuthUser, productId: number) {
  const product = await db
    .selectFrom('products as p')
    .select(['p.id', 'p.name', 'p.article_number', 'p.eol'])
    .where('p.id', '=', productId)
    .where('p.deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('p.client_id')))
    .executeTakeFirst();
  if (!product) throw notFound('Artikel niet gevonden');
  return product;
}

function eolItemsOfProductQuery(db: Executor, user: AuthUser, productId: number, params: ListParams) {
  const search = params.search;
  return eolItemsQuery(db, user)
    .where('i.product_id', '=', productId)
    .innerJoin('clients as u', 'u.id', 'i.client_id')
    .leftJoin('contacts as k', 'k.id', 'u.primary_contact_id')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .leftJoin('clients as r', (j) =>
      j.onRef('r.id', '=', 'c.parent_client_id').on('r.client_type_id', '=', ClientType.RESELLER),
    )
    .$if(search !== '', (q) =>
      q.where((eb) => {
        const like = likePattern(search);
        return eb.or([
          eb('i.serial', 'ilike', like),
          eb('i.order_number', 'ilike', like),
          eb.and([
            eb('u.client_type_id', '=', ClientType.EINDGEBRUIKER),
            eb.or([eb('u.name', 'ilike', like), eb(sql`concat_ws(' ', k.first_name, k.last_name)`, 'ilike', like)]),
          ]),
        ]) as Expression<SqlBool>;
      }),
    )
    .select([
      'i.id',
      'i.product_id',
      'p.name as product_name',
      'i.serial',
      'i.order_number',
      'i.date_in_use',
      'i.status_id',
      sql<string>`to_char(${eolDateSql}, 'YYYY-MM-DD')`.as('eol_date'),
      sql<string>`to_char(current_date, 'YYYY-MM-DD')`.as('today'),
      'u.id as holder_id',
      'u.name as holder_name',
      'u.client_type_id as holder_type',
      'k.first_name',
      'k.last_name',
      'c.id as end_client_id',
      'c.name as end_client_name',
      'r.id as reseller_id',
      'r.name as reseller_name',
    ])
    .$narrowType<{ date_in_use: NotNull }>(); // eolItemsQuery takes only items in use since a date
}

type Query = ReturnType<typeof eolItemsOfProductQuery>;

function orderEolItems(query: Query, params: ListParams): Query {
  const column = params.sort ? sortColumn(params, sorts, '') : null;
  // Soonest EOL first unless a column is asked for; eol_date and eol_time sort the same way.
  if (!column) return query.orderBy(eolDateSql, params.order).orderBy('i.id');
  return query.orderBy(sql.ref(column), params.order).orderBy('i.id');
}

function toRow(r: Awaited<ReturnType<Query['execute']>>[number]): EolItemRow {
  const isEndUser = r.holder_type === ClientType.EINDGEBRUIKER;
  const contactName = [r.first_name, r.last_name].filter(Boolean).join(' ');
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    serial: r.serial,
    order_number: r.order_number,
    date_in_use: r.date_in_use,
    eol_date: r.eol_date,
    eol_time: monthsUntilEol(r.eol_date, r.today),
    status_id: r.status_id,
    status: { id: r.status_id, name: itemStatusNames[r.status_id as ItemStatusId] ?? 'Onbekend' },
    in_use_by: isEndUser
      ? { id: r.holder_id, name: contactName || r.holder_name, first_name: r.first_name, last_name: r.last_name }
      : null,
    end_user_name: isEndUser ? contactName || r.holder_name : null,
    end_client: { id: r.end_client_id, name: r.end_client_name },
    reseller: r.reseller_id != null && r.reseller_name != null ? { id: r.reseller_id, name: r.reseller_name } : null,
  };
}

/** GET /items/itemseolbyproductid/{id}: the product's items on the EOL overview, paged, soonest EOL first. */
export async function eolItemsOfProduct(
  db: Executor,
  user: AuthUser,
  productId: number,
  params: ListParams,
  basePath: string,
): Promise<EolItemsPage> {
  const product = await eolProduct(db, user, productId);
  const page = await pageList(db, params, {
    rows: () => orderEolItems(eolItemsOfProductQuery(db, user, productId, params), params),
    total: 'counted',
    basePath,
  });
  return { ...page, data: page.data.map(toRow), product };
}
