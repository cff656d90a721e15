import { PROVIDER_CLIENT_ID } from '@domain/enums';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import type { Executor } from '../../db/database';
import { logo, newDocument } from '../../lib/pdf';
import { recipientNames } from './recipient';

/** The label's code: the order number, or the delivery number when a (bulk) delivery has none. */
export const labelCode = (d: Pick<DeliveryDetail, 'id' | 'order_number'>) => d.order_number || `LEV-${d.id}`;

/**
 * GET /deliveries/{id}/shipping_label: an A6 label made here (there is no carrier API): sender,
 * recipient and address, the order number and a Code 128 barcode of it.
 */
export async function shippingLabel(db: Executor, d: DeliveryDetail): Promise<Buffer> {
  const code = labelCode(d);
  const [sender, senderAddress, recipientAddress] = await Promise.all([
    db.selectFrom('clients').select('name').where('id', '=', PROVIDER_CLIENT_ID).executeTakeFirst(),
    db
      .selectFrom('addresses')
      .select(['street', 'number', 'addition', 'zipcode', 'city'])
      .where('client_id', '=', PROVIDER_CLIENT_ID)
      .where('deleted_at', 'is', null)
      .orderBy('is_visiting', 'desc')
      .orderBy('id')
      .executeTakeFirst(),
    d.address
      ? undefined
      : db
          .selectFrom('addresses')
          .select(['street', 'number', 'addition', 'zipcode', 'city'])
          .where('client_id', 'in', [d.client_id, d.end_customer.id])
          .where('deleted_at', 'is', null)
          .orderBy('is_visiting', 'desc')
          .orderBy('id')
          .executeTakeFirst(),
  ]);
  const line = (
    a: { street: string; number: string; addition: string | null; zipcode: string; city: string } | undefined,
  ) => (a ? [`${a.street} ${a.number}${a.addition ? ` ${a.addition}` : ''}`, `${a.zipcode} ${a.city}`] : []);
  const { default: bwipjs } = await import('bwip-js/node');
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: code, scale: 3, height: 14, includetext: false });

  const { doc, done } = await newDocument({ size: 'A6', margin: 18, info: { Title: `Verzendlabel ${code}` } });
  const width = doc.page.width - 36;
  const own = logo();
  if (own) doc.image(own, 18, 16, { fit: [28, 28] });
  doc.font('Helvetica-Bold').fontSize(9).text('Afzender', 52, 18);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text([sender?.name ?? 'Reuzado', ...line(senderAddress)].join('\n'), 52, 30, { width: width - 34 });
  doc
    .moveTo(18, 78)
    .lineTo(18 + width, 78)
    .stroke();

  doc.font('Helvetica-Bold').fontSize(9).text('Ontvanger', 18, 88);
  const recipient = [
    ...recipientNames(d),
    ...(d.address ? d.address.split(/\n|,\s*/).map((s) => s.trim()) : line(recipientAddress)),
  ].filter((x): x is string => !!x);
  doc.font('Helvetica').fontSize(12).text(recipient.join('\n'), 18, 102, { width });

  doc.font('Helvetica-Bold').fontSize(10).text(`Ordernummer: ${code}`, 18, 250, { width });
  doc.image(barcode, 18, 268, { fit: [width, 80], align: 'center' });
  doc.font('Helvetica').fontSize(9).text(code, 18, 352, { width, align: 'center' });
  doc.fontSize(7).text(`${d.carrier.name} · ${d.delivery_type.name}`, 18, 380, { width, align: 'center' });
  doc.end();
  return done;
}
