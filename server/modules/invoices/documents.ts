import { dutchMonths, formatDate, formatEuro } from '@domain/format';
import { VAT_PERCENT } from '@domain/schemas/invoices';
import type { XlsxColumn } from '../../lib/xlsx';
import { logo, newDocument } from '../../lib/pdf';
import type { Invoice, InvoiceItem } from './detail';

/** 'november 2026' */
const periodName = (invoice: Pick<Invoice, 'year' | 'month'>) => `${dutchMonths[invoice.month - 1]} ${invoice.year}`;

/** '<kind>-<YYYY>-<MM>-<customer>.<ext>' with only safe characters. */
export function invoiceFileName(kind: string, invoice: Invoice, ext: string): string {
  const slug =
    invoice.customer.name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || String(invoice.customer.id);
  return `${kind}-${invoice.year}-${String(invoice.month).padStart(2, '0')}-${slug}.${ext}`;
}

/** The attachment: one row per item in use (serial, article, end user, in use since, monthly price). */
export const attachmentColumns: XlsxColumn<InvoiceItem>[] = [
  { key: 'serial', label: 'Serienummer', width: 20, value: (r) => r.serial ?? '' },
  { key: 'product', label: 'Artikel', width: 34, value: (r) => r.product_name },
  { key: 'article_number', label: 'Artikelnummer', width: 16, value: (r) => r.article_number },
  { key: 'end_user', label: 'Eindgebruiker', width: 26, value: (r) => r.end_user ?? '' },
  {
    key: 'date_in_use',
    label: 'In gebruik sinds',
    width: 16,
    value: (r) => (r.date_in_use ? new Date(`${r.date_in_use}T00:00:00Z`) : null),
  },
  { key: 'price', label: 'Prijs per maand', width: 16, value: (r) => r.price_cents / 100 },
];

/** The invoice specification of one month as a PDF (A4). */
export async function invoiceOverviewPdf(invoice: Invoice): Promise<Buffer> {
  const { doc, done } = await newDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Factuuroverzicht ${invoice.customer.name} ${periodName(invoice)}` },
  });
  const own = logo();
  if (own) doc.image(own, 50, 40, { fit: [60, 60] });
  doc.font('Helvetica-Bold').fontSize(20).text('Factuuroverzicht', 50, 115);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const facts: [string, string][] = [
    ['Eindklant', invoice.customer.name],
    ['Periode', periodName(invoice)],
    ['Referentie', invoice.customer.invoice_reference ?? ''],
    ['Omschrijving', invoice.customer.invoice_description ?? ''],
    ['Datum', formatDate(new Date())],
  ];
  let y = doc.y;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(label, 50, y, { width: 100 });
    doc.font('Helvetica').text(value, 155, y, { width: 390 });
    y = Math.max(doc.y, y + 14);
  }
  doc.y = y + 16;

  const row = (cells: [string, string, string, string], bold = false) => {
    if (doc.y > 760) doc.addPage();
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.text(cells[0], 50, top, { width: 265 });
    doc.text(cells[1], 320, top, { width: 50, align: 'right' });
    doc.text(cells[2], 375, top, { width: 80, align: 'right' });
    doc.text(cells[3], 460, top, { width: 85, align: 'right' });
    doc.y = Math.max(doc.y, top + 12) + 2;
  };
  const heading = (title: string) => {
    if (doc.y > 720) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(title, 50, doc.y);
    doc.moveDown(0.3);
  };
  const rule = () => doc.moveTo(50, doc.y).lineTo(545, doc.y).stroke();

  heading('Items in gebruik');
  row(['Artikel', 'Aantal', 'Prijs per maand', 'Bedrag'], true);
  rule();
  doc.y += 4;
  if (!invoice.lines.length) row(['Geen items in gebruik', '', '', '']);
  for (const l of invoice.lines)
    row([
      `${l.product_name} (${l.article_number})`,
      String(l.quantity),
      formatEuro(l.price_cents),
      formatEuro(l.amount_cents),
    ]);
  doc.moveDown(1);

  heading('Vaste bedragen');
  if (!invoice.monthly.length) row(['Geen vaste bedragen', '', '', '']);
  for (const m of invoice.monthly) row([m.description, '', '', formatEuro(m.price_cents)]);
  doc.moveDown(1);

  rule();
  doc.y += 4;
  row(['Totaal excl. btw', '', '', formatEuro(invoice.totalExclCents)], true);
  row([`Btw ${VAT_PERCENT}%`, '', '', formatEuro(invoice.vatCents)]);
  row(['Totaal incl. btw', '', '', formatEuro(invoice.totalInclCents)], true);
  doc.end();
  return done;
}
