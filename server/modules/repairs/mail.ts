import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import { queueMail } from '../mail';
import { quotationValidity } from '@domain/quotation';

interface QuotationMail {
  repair: { id: number; order_number: string | null; status_quotation: 'Accept' | 'Decline' | null };
  quotation: { name: string; created_at: Date };
  contact: { first_name: string; email: string };
  pdf: Buffer;
}

/**
 * The quotation by mail with the PDF attached (spec 2 §5 'Quotation mail'), sent once the caller's transaction commits.
 */
export async function queueQuotationMail(
  trx: Executor,
  config: Config,
  { repair, quotation, contact, pdf }: QuotationMail,
): Promise<void> {
  const order = repair.order_number ?? `REP-${repair.id}`;
  const validity = quotationValidity(quotation.created_at, repair.status_quotation, config.now());
  const link = `${config.publicUrl}/reparaties/${repair.id}`;
  const fileName = /\.pdf$/i.test(quotation.name) ? quotation.name : `offerte-${order}.pdf`;
  await queueMail(trx, {
    to: contact.email,
    subject: `Offerte reparatie ${order}`,
    text: [
      `Beste ${contact.first_name},`,
      '',
      `In de bijlage vindt u de offerte voor reparatie ${order}. ${validity.text}.`,
      `U kunt de offerte accepteren of weigeren in het portaal: ${link}`,
      '',
      'Met vriendelijke groet,',
      'Reuzado',
    ].join('\n'),
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  });
}
