import zlib from 'node:zlib';
import { ItemStatus, itemStatusNames, repairStatuses, DeliveryType, type ItemStatusId } from '@domain/enums';
import { quotationOutcome, type QuotationDecision } from '@domain/quotation';
import type { Db } from '../database';
import type { FileStorage } from '../../lib/storage';
import { newDocument } from '../../lib/pdf';
import { nth } from './random';
import '../../modules/repairs/tables';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small solid PNG with a darker band: a stand-in for a photo of the defect. */
function demoPng(rgb: [number, number, number], width = 160, height = 120): Buffer {
  const row = (y: number) => {
    const shade = y > height * 0.4 && y < height * 0.6 ? 0.6 : 1;
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) rgb.forEach((c, k) => (line[1 + x * 3 + k] = Math.round(c * shade)));
    return line;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, (_, y) => row(y))));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function demoQuotationPdf(order: string): Promise<Buffer> {
  const { doc, done } = await newDocument({ size: 'A4', margin: 50, info: { Title: `Offerte ${order}` } });
  doc.fontSize(20).text('OFFERTE', { align: 'right' }).moveDown();
  doc.fontSize(11).text(`Reparatie ${order}`).moveDown();
  doc
    .text('Vervangen beeldscherm inclusief arbeid: € 189,00')
    .text('Verzendkosten: € 12,50')
    .moveDown()
    .text('Totaal excl. btw: € 201,50');
  doc.end();
  return done;
}

type QuotationKind = 'pending' | 'accepted' | 'refused' | 'expired';
/** Days ago the quotation was uploaded, and days ago it was decided. */
const quotationPlan: Record<
  QuotationKind,
  { uploaded: number; decided: number | null; decision: QuotationDecision | null }
> = {
  pending: { uploaded: 3, decided: null, decision: null },
  accepted: { uploaded: 20, decided: 18, decision: 'Accept' },
  refused: { uploaded: 15, decided: 14, decision: 'Decline' },
  expired: { uploaded: 40, decided: null, decision: null },
};

/**
 * The seeded REPARATIE deliveries get a repair status (all six, in turn) that their defect items
 * follow, the status change in the history, demo images on every third, and quotations in every state
 * (pending, accepted, refused, expired) on repairs old enough for them. Nothing is dated after `now`.
 * Without a storage (test templates) the file rows point at keys that are not there (a 404 to open).
 */
export async function seedRepairs(db: Db, storage?: FileStorage, now = new Date()): Promise<void> {
  const repairs = await db
    .selectFrom('deliveries')
    .select(['id', 'client_id', 'order_number', 'created_at', 'user_id'])
    .where('delivery_type_id', '=', DeliveryType.REPARATIE)
    .where('deleted_at', 'is', null)
    .where('is_cancelled', '=', false)
    .orderBy('id')
    .execute();
  const put = async (folder: string, name: string, data: () => Promise<Buffer> | Buffer, n: number) =>
    storage ? storage.put(folder, name, await data()) : `demo/${folder}/${n}-${name}`;
  const kinds: QuotationKind[] = ['pending', 'accepted', 'refused', 'expired'];
  let quotations = 0;
  const colors: [number, number, number][] = [
    [70, 110, 160],
    [160, 90, 60],
    [90, 140, 90],
  ];

  for (const [n, r] of repairs.entries()) {
    const created = new Date(r.created_at).getTime();
    const age = now.getTime() - created;
    const status = nth(repairStatuses, n) as ItemStatusId;
    const changedAt = new Date(created + Math.min(age / 2, 2 * DAY));
    if (status !== ItemStatus.REPARATIE_AANGEVRAAGD) {
      const finished =
        status === ItemStatus.REPARATIE_AFGEROND
          ? new Date(Math.max(changedAt.getTime(), Math.min(created + 5 * DAY, now.getTime() - HOUR)))
          : null;
      await db
        .updateTable('deliveries')
        .set({ repair_status_id: status, finished_repair: finished })
        .where('id', '=', r.id)
        .execute();
      await db
        .insertInto('events')
        .values({
          delivery_id: r.id,
          client_id: r.client_id,
          user_id: r.user_id,
          status_id: status,
          action: itemStatusNames[status],
          created_at: changedAt,
        })
        .execute();
    }
    const items = await db
      .updateTable('items')
      .set({ status_id: status })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('delivery_products')
          .select('item_id')
          .where('delivery_id', '=', r.id)
          .where('is_pickup', '=', 1)
          .where('item_id', 'is not', null)
          .$narrowType<{ item_id: number }>(),
      )
      .returning(['id', 'product_id', 'client_id'])
      .execute();
    if (items.length) {
      await db
        .insertInto('events')
        .values(
          items.map((i) => ({
            delivery_id: r.id,
            item_id: i.id,
            product_id: i.product_id,
            client_id: i.client_id,
            user_id: r.user_id,
            status_id: status,
            action: itemStatusNames[status],
            created_at: changedAt,
          })),
        )
        .execute();
    }

    if (n % 3 === 0) {
      for (let k = 0; k < 2; k++) {
        const name = `foto-${k + 1}.png`;
        const file = await put('images', name, () => demoPng(nth(colors, n + k)), n);
        await db
          .insertInto('repair_media')
          .values({ delivery_id: r.id, disk: 'images', file, name, user_id: r.user_id, created_at: changedAt })
          .execute();
      }
    }

    const kind = nth(kinds, quotations);
    const plan = quotationPlan[kind];
    if ((n % 2 === 1 || status === ItemStatus.WACHTEN_OP_GOEDKEURING_OFFERTE) && age > (plan.uploaded + 1) * DAY) {
      quotations++;
      const uploaded = new Date(now.getTime() - plan.uploaded * DAY - HOUR);
      const name = `offerte-${r.order_number ?? r.id}.pdf`;
      const file = await put('quotations', name, () => demoQuotationPdf(r.order_number ?? String(r.id)), n);
      await db
        .insertInto('repair_media')
        .values({ delivery_id: r.id, disk: 'quotations', file, name, user_id: r.user_id, created_at: uploaded })
        .execute();
      await db
        .insertInto('events')
        .values({
          delivery_id: r.id,
          client_id: r.client_id,
          user_id: r.user_id,
          action: 'Offerte geüpload',
          created_at: uploaded,
        })
        .execute();
      if (plan.decision && plan.decided !== null) {
        const decided = new Date(now.getTime() - plan.decided * DAY - HOUR);
        await db
          .updateTable('deliveries')
          .set({ status_quotation: plan.decision, date_quotation: decided })
          .where('id', '=', r.id)
          .execute();
        await db
          .insertInto('events')
          .values({
            delivery_id: r.id,
            client_id: r.client_id,
            user_id: r.user_id,
            action: quotationOutcome[plan.decision],
            created_at: decided,
          })
          .execute();
      }
    }
  }
}
