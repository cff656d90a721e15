import * as v from 'valibot';
import { amsterdamClock } from '../dates';
import { msg } from './common';

/** The first year invoices can be made for (spec 1 §9). */
export const INVOICE_FIRST_YEAR = 2022;
/** VAT on invoices, in percent. */
export const VAT_PERCENT = 21;

export const invoiceMsg = {
  year: 'Kies een jaar uit de lijst.',
  month: 'Kies een maand uit de lijst.',
  futureMonth: 'Kies een maand die al begonnen is.',
  endCustomerOnly: 'Facturen worden per eindklant gemaakt.',
} as const;

/** Invoice years: 2022 up to this year (spec 1 §9), the year of the Dutch calendar. */
export function invoiceYears(now = new Date()): number[] {
  return Array.from({ length: amsterdamClock(now).year - INVOICE_FIRST_YEAR + 1 }, (_, i) => INVOICE_FIRST_YEAR + i);
}

/** The running year and month in Amsterdam: the last an invoice can be made for. */
export function currentInvoiceMonth(now = new Date()): { year: number; month: number } {
  const { year, month } = amsterdamClock(now);
  return { year, month };
}

const wholeNumber = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^\d{1,4}$/, message))], message),
    v.transform(Number),
  );

/** ?year&month of the invoice downloads; a month that has not begun has nothing to invoice yet. */
export const invoiceQuerySchema = v.pipe(
  v.object(
    {
      year: v.pipe(
        wholeNumber(invoiceMsg.year),
        v.check((y) => invoiceYears().includes(y), invoiceMsg.year),
      ),
      month: v.pipe(
        wholeNumber(invoiceMsg.month),
        v.integer(invoiceMsg.month),
        v.minValue(1, invoiceMsg.month),
        v.maxValue(12, invoiceMsg.month),
      ),
    },
    msg.required,
  ),
  v.forward(
    v.partialCheck(
      [['year'], ['month']],
      ({ year, month }) => {
        const now = currentInvoiceMonth();
        const valid = Number.isInteger(month) && month >= 1 && month <= 12;
        return !valid || year < now.year || month <= now.month;
      },
      invoiceMsg.futureMonth,
    ),
    ['month'],
  ),
);
export type InvoiceQuery = v.InferOutput<typeof invoiceQuerySchema>;

/** VAT and total of an amount excluding VAT, in cents (VAT rounded half up to the cent). */
export function withVat(totalExclCents: number): { vatCents: number; totalInclCents: number } {
  const vatCents = Math.round((totalExclCents * VAT_PERCENT) / 100);
  return { vatCents, totalInclCents: totalExclCents + vatCents };
}
