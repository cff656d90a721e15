import { sql } from 'kysely';
import { Carrier } from '@domain/enums';
import type { DeliveriesToday, DeliveryDetail } from '@domain/contracts/deliveries';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { clientScope } from '../../http/scope';
import { deliveryDetail } from './detail';

/** A driver's day has tens of stops; more than this is not a day's round. */
const TODAY_LIMIT = 200;

/**
 * GET /deliveries/today ('Mijn leveringen vandaag'): open deliveries (not cancelled, not completed) of
 * the provider's own carrier dated today by the database's clock, within the user's scope, each as the
 * full detail with its lines, so the web can keep them for use without a network.
 */
export async function deliveriesToday(db: Executor, user: AuthUser): Promise<DeliveriesToday> {
  const rows = await db
    .selectFrom('deliveries as d')
    .select(['d.id', sql<string>`current_date::text`.as('today')])
    .where('d.deleted_at', 'is', null)
    .where('d.is_cancelled', '=', false)
    .where('d.completed_at', 'is', null)
    .where('d.carrier_id', '=', Carrier.REUZADO)
    .where(sql<boolean>`d.date = current_date`)
    .where((eb) => clientScope(user, eb.ref('d.client_id')))
    .orderBy('d.id')
    .limit(TODAY_LIMIT)
    .execute();
  const today =
    rows[0]?.today ?? (await sql<{ today: string }>`select current_date::text as today`.execute(db)).rows[0]?.today;
  if (today === undefined) throw new Error('The database answered no current date.');
  const data: DeliveryDetail[] = [];
  for (const r of rows) data.push(await deliveryDetail(db, user, r.id));
  return { date: today, data };
}
