import { amsterdamMidnight } from '@domain/dates';
import { sql } from 'kysely';
import { ClientType, ItemStatus } from '@domain/enums';
import { withVat, invoiceMsg, type InvoiceQuery } from '@domain/schemas/invoices';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError, notFound } from '../../http/errors';
import { clientScope } from '../../http/scope';

export interface InvoiceItem {
  id: number;
  serial: string | null;
  product_id: number;
  product_name: string;
  article_number: string;
  end_user: string | null;
  date_in_use: string | null;
  price_cents: number;
}

interface InvoiceLine {
  product_id: number;
  product_name: string;
  article_number: string;
  quantity: number;
  price_cents: number;
  amount_cents: number;
}

export interface Invoice {
  customer: { id: number; name: string; invoice_description: string | null; invoice_reference: string | null };
  year: number;
  month: number;
  items: InvoiceItem[];
  lines: InvoiceLine[];
  monthly: { description: string; price_cents: number }[];
  totalExclCents: number;
  vatCents: number;
  totalInclCents: number;
}

/** The moment the month's count is taken: the end of the month in Amsterdam, or now for the running month. */
function countMoment({ year, month }: InvoiceQuery, now = new Date()): Date {
  const end = amsterdamMidnight(
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`,
  );
  return end < now ? end : now;
}

/** The end customer an invoice is for: 404 outside the user's hierarchy, 422 for another client type. */
export async function invoiceCustomer(db: Executor, user: AuthUser, id: number) {
  const customer = await db
    .selectFrom('clients')
    .select(['id', 'name', 'client_type_id', 'invoice_description', 'invoice_reference'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .executeTakeFirst();
  if (!customer) throw notFound('Klant niet gevonden');
  if (customer.client_type_id !== ClientType.EINDKLANT) throw ValidationError.field('id', invoiceMsg.endCustomerOnly);
  return customer;
}

/**
 * The items of an end customer's articles that were in use at the count moment: the last status
 * event of the item up to then says In gebruik (an item without status events counts by its
 * current status once it existed). The price is the article's monthly price ('Tarieven').
 */
async function itemsInUse(db: Executor, customerId: number, moment: Date): Promise<InvoiceItem[]> {
  const lastStatus = sql<
    number | null
  >`(select e.status_id from events e where e.item_id = i.id and e.status_id is not null
    and e.created_at < ${moment} order by e.created_at desc, e.id desc limit 1)`;
  const hasStatusEvents = sql<boolean>`exists (select 1 from events e where e.item_id = i.id and e.status_id is not
    null)`;
  const statusThen = sql<
    number | null
  >`case when ${hasStatusEvents} then ${lastStatus} when i.created_at < ${moment} then i.status_id end`;
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('clients as u', (join) =>
      join.onRef('u.id', '=', 'i.client_id').on('u.client_type_id', '=', ClientType.EINDGEBRUIKER),
    )
    .select([
      'i.id',
      'i.serial',
      'p.id as product_id',
      'p.name as product_name',
      'p.article_number',
      'u.name as end_user',
      'i.date_in_use',
      'p.price_cents',
    ])
    .where('p.client_id', '=', customerId)
    .where('i.deleted_at', 'is', null)
    .where(statusThen, '=', ItemStatus.IN_GEBRUIK)
    .orderBy('p.name')
    .orderBy('p.id')
    .orderBy('i.serial')
    .orderBy('i.id')
    .execute();
  return rows;
}

/** Items per article times the article's monthly price, the fixed monthly amounts, and the totals with 21 % VAT. */
export async function invoiceFor(
  db: Executor,
  customer: Awaited<ReturnType<typeof invoiceCustomer>>,
  period: InvoiceQuery,
  now = new Date(),
): Promise<Invoice> {
  const items = await itemsInUse(db, customer.id, countMoment(period, now));
  const lines = new Map<number, InvoiceLine>();
  for (const item of items) {
    const line = lines.get(item.product_id) ?? {
      product_id: item.product_id,
      product_name: item.product_name,
      article_number: item.article_number,
      quantity: 0,
      price_cents: item.price_cents,
      amount_cents: 0,
    };
    line.quantity += 1;
    line.amount_cents += item.price_cents;
    lines.set(item.product_id, line);
  }
  const monthly = await db
    .selectFrom('monthly_payments')
    .select(['description', 'price_cents'])
    .where('client_id', '=', customer.id)
    .orderBy('id')
    .execute();
  const totalExclCents =
    [...lines.values()].reduce((s, l) => s + l.amount_cents, 0) + monthly.reduce((s, m) => s + m.price_cents, 0);
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      invoice_description: customer.invoice_description,
      invoice_reference: customer.invoice_reference,
    },
    year: period.year,
    month: period.month,
    items,
    lines: [...lines.values()],
    monthly,
    totalExclCents,
    ...withVat(totalExclCents),
  };
}
