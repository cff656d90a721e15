import { Carrier, DeliveryType, ItemStatus, deliveryTypeNames } from '@domain/enums';
import type { Db } from '../database';
import { Random, known, nth } from './random';

// The demo's deliveries (./deliveries.ts): the people and places they go to, and the driver's round of the coming days.

export const DAY = 86_400_000;
export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const contacts = [
  'Jan de Vries',
  'Sanne Jansen',
  'Pieter Bakker',
  'Fatima el Amrani',
  'Lotte Visser',
  'Mehmet Yilmaz',
  'Eva Smit',
  'Daan Mulder',
];
export const streets = [
  'Kerkstraat 12, 1017 GP Amsterdam',
  'Stationsweg 4, 3511 ED Utrecht',
  'Markt 7, 5611 EB Eindhoven',
  'Lange Poten 3, 2511 CL Den Haag',
];

/**
 * Days from the day of seeding and how many stops each: a driver trying the portal finds today's round
 * (issue 21 point 17). Few enough that the demo data's open tab stays within one page of 200
 * (tests/api/deliveries.test.ts compares each tab's total with its rows).
 */
const roundDays: [number, number][] = [
  [0, 3],
  [1, 2],
  [2, 1],
  [3, 1],
];

/**
 * Open deliveries of the provider's own carrier planned today and on the next days (relative to the
 * day of seeding), for 'Mijn leveringen vandaag': in-service deliveries of articles that have items
 * in stock to check out, and a resignation picking up an end user's item. Requested yesterday. Their
 * own Random, so the rest of the demo data stays as it was.
 */
export async function driverRound(
  db: Db,
  customers: { id: number }[],
  usersOf: Map<number, number[]>,
  itemsOf: Map<number, { id: number; product_id: number }[]>,
  today: number,
  requester: number | null,
): Promise<
  { delivery: Record<string, unknown>; lines: Record<string, unknown>[]; events: Record<string, unknown>[] }[]
> {
  const rnd = new Random(7171);
  // Articles with at least two items in stock, per end customer.
  const stocked = await db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['p.id', 'p.client_id'])
    .where('i.status_id', '=', ItemStatus.INGEKLAARD)
    .where('i.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where('p.is_active', '=', true)
    .groupBy(['p.id', 'p.client_id'])
    .having((eb) => eb.fn.countAll(), '>=', 2)
    .orderBy('p.id')
    .execute();
  const stockOf = new Map<number, number[]>();
  for (const r of stocked) stockOf.set(r.client_id, [...(stockOf.get(r.client_id) ?? []), r.id]);
  const eligible = customers.filter((c) => (usersOf.get(c.id) ?? []).length && (stockOf.get(c.id) ?? []).length);
  if (!eligible.length) return [];
  const created = new Date(today - DAY + 9 * 3_600_000);
  const out: {
    delivery: Record<string, unknown>;
    lines: Record<string, unknown>[];
    events: Record<string, unknown>[];
  }[] = [];
  let stop = 0;
  for (const [offset, stops] of roundDays) {
    for (let k = 0; k < stops; k++, stop++) {
      const customer = nth(eligible, stop);
      const endUser = rnd.pick(usersOf.get(customer.id) ?? []);
      const held = itemsOf.get(endUser) ?? [];
      // One stop a day picks up an end user's item (a resignation), when the end user still holds one.
      const resign = k === stops - 1 && held.length > 0;
      const type = resign ? DeliveryType.UITDIENST : DeliveryType.INDIENST;
      const lines: Record<string, unknown>[] = [];
      if (resign) {
        const item = known(held.shift());
        lines.push({ product_id: item.product_id, item_id: item.id, is_pickup: 1 });
      } else {
        const own = stockOf.get(customer.id) ?? [];
        for (let a = 0; a < rnd.int(1, 2); a++)
          lines.push({ product_id: nth(own, stop + a), item_id: null, is_pickup: 0 });
      }
      const contact = rnd.pick(contacts);
      const date = new Date(today + offset * DAY);
      out.push({
        delivery: {
          delivery_type_id: type,
          client_id: endUser,
          user_id: requester,
          carrier_id: Carrier.REUZADO,
          order_number: `RIT-${iso(date).replaceAll('-', '')}-${k + 1}`,
          your_reference: `REF-RIT-${stop + 1}`,
          w_number: null,
          date: iso(date),
          contact,
          contact_email: `${contact.replace(/ .*/, '').toLowerCase()}@voorbeeld.nl`,
          contact_phone: `06${String(20000000 + stop * 41).slice(0, 8)}`,
          address: streets[stop % streets.length],
          description: null,
          comment: null,
          is_cancelled: false,
          completed_at: null,
          created_at: created,
          updated_at: created,
        },
        lines,
        events: [{ action: `${deliveryTypeNames[type]} aangevraagd`, created_at: created, status_id: null }],
      });
    }
  }
  return out;
}
