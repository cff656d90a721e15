import type { FastifyPluginAsync } from 'fastify';
import { itemStatusNames, statusGroups, type ItemStatusId } from '@domain/enums';
import { exportItemsSchema, statisticsParamsSchema } from '@domain/schemas/statistics';
import { right, currentUser } from '../../http/access';
import { parse } from '../../http/errors';
import { assertClientInScope } from '../../http/scope';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { customerStatistics, itemsForExport } from './detail';
import { routeSchema } from '../../http/route-schema';
import { statisticsSchema } from '@domain/contracts/statistics';

const exportNames = { in_gebruik: 'in-gebruik', op_afroep: 'op-voorraad', reparatie: 'in-reparatie' } as const;

export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/getstatistics/:customerId/:year',
    {
      config: { access: right('Dashboard bekijken') },
      schema: routeSchema({ params: statisticsParamsSchema, response: { 200: statisticsSchema } }),
    },
    async (request) => {
      const { customerId, year } = parse(statisticsParamsSchema, request.params);
      await assertClientInScope(app.db, currentUser(request), customerId);
      return customerStatistics(app.db, customerId, year);
    },
  );

  app.get(
    '/exportitemsinuse',
    { config: { access: right('Dashboard bekijken') }, schema: routeSchema({ querystring: exportItemsSchema }) },
    async (request, reply) => {
      const { id, status } = parse(exportItemsSchema, request.query);
      await assertClientInScope(app.db, currentUser(request), id);
      const rows = await itemsForExport(app.db, id, statusGroups[status]);
      return sendXlsx(
        reply,
        timestampedName(exportNames[status]),
        workbookStream(
          'Items',
          [
            { key: 'product', label: 'Product', value: (r) => r.product, width: 30 },
            { key: 'article_number', label: 'Artikelnummer', value: (r) => r.article_number },
            { key: 'serial', label: 'Serienummer', value: (r) => r.serial, width: 20 },
            { key: 'order_number', label: 'Ordernummer', value: (r) => r.order_number },
            { key: 'tag_number', label: 'Asset ID', value: (r) => r.tag_number },
            { key: 'status', label: 'Status', value: (r) => itemStatusNames[r.status_id as ItemStatusId] },
            { key: 'holder', label: 'Bij', value: (r) => r.holder, width: 26 },
            { key: 'date_in_use', label: 'Aankoopdatum', value: (r) => r.date_in_use },
          ],
          rows,
        ),
      );
    },
  );
};
