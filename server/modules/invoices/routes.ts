import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invoiceQuerySchema } from '@domain/schemas/invoices';
import { currentUser, right } from '../../http/access';
import { idParam, parse } from '../../http/errors';
import { contentDisposition } from '../../lib/file-type';
import { sendXlsx, workbookStream } from '../../lib/xlsx';
import { attachmentColumns, invoiceFileName, invoiceOverviewPdf } from './documents';
import { invoiceCustomer, invoiceFor } from './detail';
import { idParams, routeSchema } from '../../http/route-schema';

/** A file of one end customer's month: the customer's id and the month (spec 1 §7). */
const manage = {
  config: { access: right('Factuur beheren') },
  schema: routeSchema({ params: idParams('id'), querystring: invoiceQuerySchema }),
};

/** Invoice downloads of an end customer for one month (spec 1 §2.10, §7). */
export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  // The customer first: another tenant's id is a 404 whatever the query says.
  const invoiceOf = async (request: FastifyRequest) => {
    const customer = await invoiceCustomer(db, currentUser(request), idParam(request.params));
    return invoiceFor(db, customer, parse(invoiceQuerySchema, request.query));
  };

  // 'Download bijlage': one row per item in use.
  app.get('/:id/invoices', manage, async (request, reply) => {
    const invoice = await invoiceOf(request);
    return sendXlsx(
      reply,
      invoiceFileName('factuurbijlage', invoice, 'xlsx'),
      workbookStream('Items in gebruik', attachmentColumns, invoice.items),
    );
  });

  // 'Download factuuroverzicht': the PDF invoice specification.
  app.get('/:id/invoicesOverview', manage, async (request, reply) => {
    const invoice = await invoiceOf(request);
    const pdf = await invoiceOverviewPdf(invoice);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Cache-Control', 'private, no-store')
      .header(
        'Content-Disposition',
        contentDisposition('attachment', invoiceFileName('factuuroverzicht', invoice, 'pdf')),
      )
      .send(pdf);
  });
};
