import { Carrier, ClientType, DeliveryType, ItemStatus, deliveryTypeNames, type DeliveryTypeId } from '@domain/enums';
import type { Db } from '../database';
import type { CoreSeedResult } from './core';
import { Random, insertInChunks, known, nth } from './random';
import '../../modules/deliveries/tables';
import { todayInAmsterdam } from '@domain/dates';
import { DAY, contacts, driverRound, iso, streets } from './driver-round';

type State = 'open' | 'partly' | 'finished' | 'backorder' | 'cancelled';
const states: [State, number][] = [
  ['open', 30],
  ['partly', 12],
  ['finished', 38],
  ['backorder', 8],
  ['cancelled', 12],
];
const types: [DeliveryTypeId, number][] = [
  [DeliveryType.INDIENST, 20],
  [DeliveryType.UITDIENST, 14],
  [DeliveryType.REPARATIE, 16],
  [DeliveryType.EOL_SWAP, 10],
  [DeliveryType.EXTRA_PRODUCTEN, 12],
  [DeliveryType.BULK_LEVERING, 14],
  [DeliveryType.BACKORDER, 6],
  [DeliveryType.MUTATIE, 8],
];
function weighted<T>(rnd: Random, list: [T, number][]): T {
  let r = rnd.next() * list.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of list) if ((r -= w) < 0) return value;
  return nth(list, 0)[0];
}

/**
 * Deliveries of every type in every state (open, partly checked out, finished, backorder, cancelled),
 * created over last year and this year up to yesterday; nothing that already happened is dated in
 * the future. About 400 deliveries (times `scale`). Item statuses are left as the stock seed made them.
 */
export async function seedDeliveries(db: Db, core: CoreSeedResult, scale: number, now = new Date()): Promise<void> {
  const rnd = new Random(9090);
  // Amsterdam's day, as the database's current_date (server/db/open.ts): in the first hour of its day UTC still has the
  // one before.
  const today = Date.parse(`${todayInAmsterdam(now)}T00:00:00Z`);
  const start = Date.UTC(now.getUTCFullYear() - 1, 0, 1);
  const requester = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirst();
  const customers = await db
    .selectFrom('clients')
    .select(['id', 'delivery_by_postnl'])
    .where('client_type_id', '=', ClientType.EINDKLANT)
    .where('id', 'in', core.endCustomerIds.length ? core.endCustomerIds : [0])
    .orderBy('id')
    .execute();
  const endUsers = await db
    .selectFrom('clients')
    .select(['id', 'parent_client_id'])
    .where('client_type_id', '=', ClientType.EINDGEBRUIKER)
    .where('id', 'in', core.endUserIds.length ? core.endUserIds : [0])
    .orderBy('id')
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'client_id'])
    .where('deleted_at', 'is', null)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const heldItems = await db
    .selectFrom('items')
    .select(['id', 'product_id', 'client_id'])
    .where('client_id', 'in', core.endUserIds.length ? core.endUserIds : [0])
    .where('status_id', '=', ItemStatus.IN_GEBRUIK)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  if (!customers.length || !products.length) return;
  const usersOf = new Map<number, number[]>();
  for (const { id, parent_client_id: parent } of endUsers)
    if (parent != null) usersOf.set(parent, [...(usersOf.get(parent) ?? []), id]);
  const productsOf = new Map<number, number[]>();
  for (const p of products) productsOf.set(p.client_id, [...(productsOf.get(p.client_id) ?? []), p.id]);
  const itemsOf = new Map<number, { id: number; product_id: number }[]>();
  for (const i of heldItems) itemsOf.set(i.client_id, [...(itemsOf.get(i.client_id) ?? []), i]);

  const planned: {
    delivery: Record<string, unknown>;
    lines: Record<string, unknown>[];
    events: Record<string, unknown>[];
  }[] = [];
  const total = 400 * scale;
  for (let n = 0; n < total; n++) {
    const customer = nth(customers, n);
    let type = weighted(rnd, types);
    let state = weighted(rnd, states);
    const users = usersOf.get(customer.id) ?? [];
    const own = productsOf.get(customer.id) ?? [];
    if (!own.length) continue;
    const endUser = users.length ? rnd.pick(users) : null;
    const held = endUser ? (itemsOf.get(endUser) ?? []) : [];
    const needsItem = (t: number) =>
      t === DeliveryType.REPARATIE ||
      t === DeliveryType.EOL_SWAP ||
      t === DeliveryType.UITDIENST ||
      t === DeliveryType.MUTATIE;
    if ((needsItem(type) && !held.length) || (type !== DeliveryType.BULK_LEVERING && !endUser))
      type = DeliveryType.BULK_LEVERING;
    const pickup = needsItem(type);
    if (type === DeliveryType.MUTATIE) state = 'finished';
    if (type === DeliveryType.BACKORDER && state === 'backorder') state = 'open';

    const created = new Date(start + Math.floor(rnd.next() * (today - DAY - start)));
    let completed: Date | null =
      state === 'finished' || state === 'backorder'
        ? new Date(created.getTime() + rnd.int(1, 20) * DAY + rnd.int(0, 8) * 3_600_000)
        : null;
    if (completed && completed.getTime() > today - 3_600_000) {
      completed = null;
      state = 'partly';
    }
    if (type === DeliveryType.MUTATIE) completed = created;
    const planDate = new Date(created.getTime() + rnd.int(2, 14) * DAY);
    const date = completed && planDate > completed ? completed : planDate;
    const carrier =
      type === DeliveryType.BULK_LEVERING || type === DeliveryType.MUTATIE
        ? Carrier.REUZADO
        : rnd.chance(0.1)
          ? Carrier.OVERIG
          : customer.delivery_by_postnl
            ? Carrier.POSTNL
            : Carrier.REUZADO;
    const contact = rnd.pick(contacts);

    const lines: Record<string, unknown>[] = [];
    if (pickup) {
      const item = known(held.shift()); // each held item is on one delivery at most
      lines.push({ product_id: item.product_id, item_id: item.id, is_pickup: type === DeliveryType.MUTATIE ? 0 : 1 });
      if (type === DeliveryType.EOL_SWAP || (type === DeliveryType.REPARATIE && rnd.chance(0.4)))
        lines.push({ product_id: rnd.pick(own), item_id: null, is_pickup: 0 });
    } else {
      const kinds = rnd.int(1, 3);
      for (let k = 0; k < kinds; k++) {
        const amount = type === DeliveryType.BULK_LEVERING ? rnd.int(1, 8) : 1;
        const productId = nth(own, n + k);
        for (let a = 0; a < amount; a++) lines.push({ product_id: productId, item_id: null, is_pickup: 0 });
      }
    }
    const deliver = lines.filter((l) => l.is_pickup === 0);
    const checkedAt = completed ? new Date(completed.getTime() - 3_600_000) : new Date(created.getTime() + DAY);
    if (state === 'finished' || state === 'backorder') for (const l of lines) l.checked_out_at = checkedAt;
    if (state === 'partly')
      deliver.slice(0, Math.ceil(deliver.length / 2)).forEach((l) => (l.checked_out_at = checkedAt));
    let comment: string | null = null;
    if (state === 'backorder' && deliver.length) {
      const missing = nth(deliver, deliver.length - 1);
      missing.checked_out_at = null;
      missing.is_backorder = true;
      comment = 'Niet geleverde artikelen: 1';
    }
    if (state === 'partly' && !deliver.length) state = 'open';

    const typeName = deliveryTypeNames[type];
    const events: Record<string, unknown>[] = [
      {
        action: `${typeName} aangevraagd`,
        created_at: created,
        status_id: type === DeliveryType.REPARATIE ? ItemStatus.REPARATIE_AANGEVRAAGD : null,
      },
    ];
    if (completed && type !== DeliveryType.MUTATIE)
      events.push({ action: `${typeName} afgerond`, created_at: completed, status_id: null });
    if (state === 'cancelled')
      events.push({
        action: `${typeName} geannuleerd`,
        created_at: new Date(created.getTime() + 3_600_000),
        status_id: null,
      });

    planned.push({
      delivery: {
        delivery_type_id: type,
        client_id: type === DeliveryType.BULK_LEVERING || endUser == null ? customer.id : endUser,
        user_id: requester?.id ?? null,
        carrier_id: carrier,
        order_number: `LEV-${created.getUTCFullYear()}-${String(10000 + n)}`,
        your_reference: rnd.chance(0.7) ? `REF-${1000 + (n % 900)}` : null,
        w_number: rnd.chance(0.5) ? `W${2400000 + n}` : null,
        date: iso(date),
        contact,
        contact_email: `${contact.replace(/ .*/, '').toLowerCase()}@voorbeeld.nl`,
        contact_phone: `06${String(10000000 + n * 37).slice(0, 8)}`,
        address: rnd.pick(streets),
        description: type === DeliveryType.REPARATIE ? 'Scherm defect' : null,
        comment,
        is_cancelled: state === 'cancelled',
        completed_at: completed,
        created_at: created,
        updated_at: completed ?? created,
        signer_name: completed && type !== DeliveryType.BULK_LEVERING && type !== DeliveryType.MUTATIE ? contact : null,
        signed_at: completed && type !== DeliveryType.BULK_LEVERING && type !== DeliveryType.MUTATIE ? completed : null,
      },
      lines,
      events,
    });
  }

  planned.push(...(await driverRound(db, customers, usersOf, itemsOf, today, requester?.id ?? null)));

  await insertInChunks(planned, 500, async (chunk) => {
    const ids = await db
      .insertInto('deliveries')
      .values(chunk.map((p) => p.delivery) as never)
      .returning(['id', 'client_id'])
      .execute();
    const lines = chunk.flatMap((p, i) => p.lines.map((l) => ({ ...l, delivery_id: known(ids[i]).id })));
    const events = chunk.flatMap((p, i) =>
      p.events.map((e) => ({
        ...e,
        delivery_id: known(ids[i]).id,
        client_id: known(ids[i]).client_id,
        user_id: requester?.id ?? null,
      })),
    );
    await insertInChunks(lines, 2000, (c) =>
      db
        .insertInto('delivery_products')
        .values(c as never)
        .execute(),
    );
    await insertInChunks(events, 2000, (c) =>
      db
        .insertInto('events')
        .values(c as never)
        .execute(),
    );
  });
}
