import { sql } from 'kysely';
import { EOL_HORIZON_MONTHS, eolSettledStatuses } from '@domain/eol';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { clientScope } from '../../http/scope';

/** The item's EOL day: purchase date plus the product's EOL months (PostgreSQL clamps to the month's end). */
export const eolDateSql = sql<string>`(i.date_in_use + make_interval(months => p.eol))::date`;
/** The database's today plus the horizon: one clock for every request, both engines. */
const horizonEndSql = sql<string>`(current_date + make_interval(months => ${sql.lit(EOL_HORIZON_MONTHS)}))::date`;

/**
 * Items on the EOL overview for this user: live items with a purchase date, of a live product with
 * EOL months, not already EOL or lost, whose EOL day is at most 3 months ahead (or has passed).
 * Scoped twice: the product's owner and the item's holder must both be in the user's hierarchy.
 */
export function eolItemsQuery(db: Executor, user: AuthUser) {
  return db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where('i.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where('p.eol', 'is not', null)
    .where('i.date_in_use', 'is not', null)
    .where('i.status_id', 'not in', [...eolSettledStatuses])
    .where(eolDateSql, '<=', horizonEndSql)
    .where((eb) => clientScope(user, eb.ref('p.client_id')))
    .where((eb) => clientScope(user, eb.ref('i.client_id')));
}
