import { useMutation } from '@tanstack/react-query';
import { download } from '../../../api/client';

export type InvoiceDocument = 'overview' | 'attachment';

interface InvoiceDownload {
  clientId: number;
  document: InvoiceDocument;
  year: number;
  month: number;
}

/** 'Download factuuroverzicht' is the PDF (invoicesOverview), 'Download bijlage' the .xlsx (invoices) (spec 1 §7). */
export const downloadInvoice = ({ clientId, document, year, month }: InvoiceDownload) =>
  download(`${clientId}/${document === 'overview' ? 'invoicesOverview' : 'invoices'}`, { year, month });

export const useDownloadInvoice = () =>
  useMutation({
    mutationFn: downloadInvoice,
    meta: { errorText: 'Er is helaas iets fout gegaan bij het downloaden van de factuur' },
  });
