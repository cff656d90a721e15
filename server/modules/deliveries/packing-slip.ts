import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import { formatDate, formatDateTime } from '@domain/format';
import type { DeliveryDetail, DeliveryLine } from '@domain/contracts/deliveries';
import type { Executor } from '../../db/database';
import type { FileStorage } from '../../lib/storage';
import { logo, newDocument, storedImage } from '../../lib/pdf';
import { recipientNames } from './recipient';

interface Position {
  code: string;
  description: string;
  quantity: number;
}

/**
 * Positions of some lines: accessories (product group 3) merged per article into an amount; other
 * articles one position per item with its serial, and merged per article while no item is chosen yet.
 */
export function positions(lines: DeliveryLine[]): Position[] {
  const out: Position[] = [];
  const merged = new Map<string, Position>();
  for (const l of lines) {
    const accessory = l.product.product_group_id === ACCESSORY_GROUP_ID;
    if (!accessory && l.serial) {
      out.push({ code: l.product.article_number, description: `${l.product.name} (${l.serial})`, quantity: 1 });
      continue;
    }
    const key = String(l.product_id);
    const p = merged.get(key);
    if (p) p.quantity += 1;
    else {
      const np = { code: l.product.article_number, description: l.product.name, quantity: 1 };
      merged.set(key, np);
      out.push(np);
    }
  }
  return out;
}

/**
 * A list of the slip as a pdfkit table from the left margin: a bold heading row ruled below, then the
 * rows (pdfkit starts a new page where a row does not fit); `empty` stands alone when there are none.
 */
function listTable(
  doc: PDFKit.PDFDocument,
  columns: PDFKit.Mixins.ColumnStyle[],
  heading: string[],
  rows: string[][],
  empty: string,
): void {
  const body = rows.length ? rows : [[{ text: empty, colSpan: heading.length }]];
  doc
    .font('Helvetica')
    .fontSize(9)
    .table({
      position: { x: 50 },
      columnStyles: columns,
      defaultStyle: { border: false, padding: { top: 2, bottom: 2, left: 0, right: 4 } },
      rowStyles: (i) => (i === 0 ? { border: { bottom: 0.5 } } : undefined),
      data: [heading.map((text) => ({ text, font: { src: 'Helvetica-Bold' } })), ...body],
    });
  doc.x = 50;
}

/**
 * Draws a stored image (a client's logo, a signature). One whose header is sound but whose data pdfkit cannot
 * read (a file cut short) is left out: the slip is still printed rather than answered with a 500.
 */
function drawStored(doc: PDFKit.PDFDocument, image: Buffer | null, x: number, y: number, fit: [number, number]) {
  if (!image) return;
  try {
    doc.image(image, x, y, { fit });
  } catch {
    // pdfkit reads the image before it writes anything to the page: nothing is left half drawn.
  }
}

async function recipientAddress(db: Executor, d: DeliveryDetail): Promise<string[]> {
  if (d.address)
    return d.address
      .split(/\n|,\s*/)
      .map((s) => s.trim())
      .filter(Boolean);
  const a = await db
    .selectFrom('addresses')
    .select(['street', 'number', 'addition', 'zipcode', 'city'])
    .where('client_id', 'in', [d.client_id, d.end_customer.id])
    .where('deleted_at', 'is', null)
    .orderBy('is_visiting', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return a ? [`${a.street} ${a.number}${a.addition ? ` ${a.addition}` : ''}`, `${a.zipcode} ${a.city}`] : [];
}

/**
 * GET /deliveries/{id}/packing_slip (spec 2 §2.7): logo, client logo, PAKBON, company, T.a.v., phone,
 * address and place, date (finished or planned), Uw referentie, Ordernummer, Topdesk nummer, the
 * positions, Backorder and Retour sections, the signature (image and signer once signed), and pages
 * with the serial numbers delivered and returned.
 */
export async function packingSlip(db: Executor, storage: FileStorage, d: DeliveryDetail): Promise<Buffer> {
  const { doc, done } = await newDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Pakbon ${d.order_number ?? d.id}` },
  });
  const endCustomer = await db
    .selectFrom('clients')
    .select('image')
    .where('id', '=', d.end_customer.id)
    .executeTakeFirst();
  const [clientLogo, signature] = await Promise.all([
    storedImage(storage, endCustomer?.image ?? null),
    storedImage(
      storage,
      d.signature?.url
        ? (await db.selectFrom('deliveries').select('signature_file').where('id', '=', d.id).executeTakeFirstOrThrow())
            .signature_file
        : null,
    ),
  ]);
  const own = logo();
  if (own) doc.image(own, 50, 40, { fit: [60, 60] });
  drawStored(doc, clientLogo, 435, 40, [110, 60]);
  doc.font('Helvetica-Bold').fontSize(22).text('PAKBON', 50, 115);

  const contact = d.client.contacts.map((c) => `${c.first_name} ${c.last_name}`)[0] ?? '';
  const phone = d.contact_phone || d.client.contacts.find((c) => c.phone)?.phone || '';
  const address = await recipientAddress(db, d);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  const left = [...recipientNames(d, contact), phone ? `Telefoon: ${phone}` : null, ...address].filter(
    (x): x is string => !!x,
  );
  const top = doc.y;
  doc.text(left.join('\n'), 50, top, { width: 250 });
  const facts: [string, string][] = [
    ['Datum', formatDate(d.completed ?? d.date ?? d.created_at)],
    ['Uw referentie', d.your_reference ?? ''],
    ['Ordernummer', d.order_number ?? ''],
    ['Topdesk nummer', d.w_number ?? ''],
    ['Type', d.delivery_type.name],
  ];
  facts.forEach(([label, value], i) => {
    doc.font('Helvetica-Bold').text(label, 320, top + i * 14, { width: 95 });
    doc.font('Helvetica').text(value, 420, top + i * 14, { width: 130 });
  });
  doc.y = Math.max(doc.y, top + facts.length * 14) + 20;

  const section = (title: string, rows: Position[]) => {
    if (doc.y > 700) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(title, 50, doc.y);
    doc.moveDown(0.3);
    listTable(
      doc,
      [{ width: 115 }, { width: '*' }, { width: 55, align: { x: 'right' } }],
      ['Artikelcode', 'Omschrijving', 'Aantal'],
      rows.map((r) => [r.code, r.description, String(r.quantity)]),
      'Geen artikelen',
    );
    doc.moveDown(1);
  };
  // Under Posities only what was (or is to be) delivered: lines not delivered at the finish are the Backorder section.
  const deliver = d.products.filter((l) => l.is_pickup === 0 && !l.is_backorder);
  const backorder = d.products.filter((l) => l.is_backorder);
  const retour = d.products.filter((l) => l.is_pickup === 1 && !l.is_backorder);
  section('Posities', positions(deliver));
  if (backorder.length) section('Backorder', positions(backorder));
  if (retour.length) section('Retour', positions(retour));

  if (doc.y > 640) doc.addPage();
  doc.moveDown(1);
  const sy = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).text('Handtekening voor ontvangst', 50, sy);
  drawStored(doc, signature, 50, sy + 16, [150, 75]);
  doc
    .moveTo(50, sy + 95)
    .lineTo(250, sy + 95)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Naam: ${d.signature?.signer_name ?? ''}`, 50, sy + 100)
    .text(`Datum: ${d.signature?.signed_at ? formatDateTime(d.signature.signed_at) : ''}`, 50, sy + 113);

  const serialPage = (title: string, lines: DeliveryLine[]) => {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(16).text(title, 50, 50);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Ordernummer ${d.order_number ?? ''}`, 50, 72);
    doc.y = 95;
    const serials = lines.flatMap((l) => (l.serial ? [[l.product.article_number, l.product.name, l.serial]] : []));
    listTable(
      doc,
      [{ width: 115 }, { width: 235 }, { width: '*' }],
      ['Artikelcode', 'Omschrijving', 'Serienummer'],
      serials,
      'Geen serienummers',
    );
  };
  serialPage('Serienummers', deliver);
  serialPage('Serienummers retour', retour);
  doc.end();
  return done;
}
