import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { EOL_HORIZON_MONTHS, eolSettledStatuses } from '@domain/eol';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { clientScope } from '../../http/scope';

/**
 * The item's EOL day: purchase date plus the product's EOL months (PostgreSQL clamps to the month's
 * end), kept on the item by triggers (migration 20261126T2120-item-eol-date).
 */
export const eolDateSql = sql<string>`i.eol_date`;
/** The database's today plus the horizon: one clock for every request, both engines. */
export const horizonEndSql = sql<string>`(current_date + make_interval(months =>
  ${sql.lit(EOL_HORIZON_MONTHS)}))::date`;

/**
 * The item's half of the overview (`items as i`): live, with a purchase date (and so an EOL day, when
 * its product has EOL months), not already EOL or lost, its EOL day at most 3 months ahead (or
 * passed), its holder in the user's hierarchy. Constants are written into the text: a generic plan
 * can then use items_eol_date_idx, whose predicate names them.
 */
export function eolItemWhere(user: AuthUser): RawBuilder<SqlBool> {
  const settled = sql.join(eolSettledStatuses.map((s) => sql.lit(s)));
  return sql<SqlBool>`i.deleted_at is null and i.eol_date is not null and i.date_in_use is not null and i.status_id
    not in (${settled})
    and ${eolDateSql} <= ${horizonEndSql} and ${clientScope(user, sql.ref('i.client_id'))}`;
}

/** The product's half (`products as p`): live, with EOL months, its owner in the user's hierarchy. */
export function eolProductWhere(user: AuthUser): RawBuilder<SqlBool> {
  return sql<SqlBool>`p.deleted_at is null and p.eol is not null and ${clientScope(user, sql.ref('p.client_id'))}`;
}

/**
 * Items on the EOL overview for this user: live items with a purchase date, of a live product with
 * EOL months, not already EOL or lost, whose EOL day is at most 3 months ahead (or has passed).
 * Scoped twice: the product's owner and the item's holder must both be in the user's hierarchy.
 */
export function eolItemsQuery(db: Executor, user: AuthUser) {
  return db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where(eolItemWhere(user))
    .where(eolProductWhere(user));
}
