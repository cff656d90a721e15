import type { FastifyPluginAsync } from 'fastify';
import { currentUser, right } from '../../http/access';
import { idParam } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { eolProductExportColumns } from './export';
import { eolItemsOfProduct } from './item-lists';
import { allEolProducts, listEolProducts } from './product-lists';
import { idParams, routeSchema } from '../../http/route-schema';
import * as v from 'valibot';
import { eolItemListSchema, eolProductListSchema } from '@domain/contracts/eol';
import { filterValueSchema, listQuerySchema } from '@domain/schemas/paging';

/** The overview's query: the table's parameters plus its filters (an end customer, a reseller). */
const productsQuery = v.object({
  ...listQuerySchema.entries,
  'filters[client]': v.optional(filterValueSchema),
  'filters[reseller]': v.optional(filterValueSchema),
});

/** The EOL overview (spec 2 §2.11): no right for the lists, the hierarchy decides what is in them. */
export const eolRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const verified = { config: { access: 'verified' as const } };

  app.get(
    '/productswitheolitems',
    { ...verified, schema: routeSchema({ querystring: productsQuery, response: { 200: eolProductListSchema } }) },
    async (request) =>
      listEolProducts(db, currentUser(request), listParams(request.query), '/api/productswitheolitems'),
  );

  app.get(
    '/items/itemseolbyproductid/:id',
    {
      ...verified,
      schema: routeSchema({
        params: idParams('id'),
        querystring: listQuerySchema,
        response: { 200: eolItemListSchema },
      }),
    },
    async (request) => {
      const id = idParam(request.params);
      return eolItemsOfProduct(
        db,
        currentUser(request),
        id,
        listParams(request.query),
        `/api/items/itemseolbyproductid/${id}`,
      );
    },
  );

  app.get(
    '/exporteolproducts',
    { config: { access: right('EOL exporteren') }, schema: routeSchema({ querystring: productsQuery }) },
    async (request, reply) => {
      const rows = await allEolProducts(db, currentUser(request), listParams(request.query));
      return sendXlsx(reply, timestampedName('eol-products'), workbookStream('EOL', eolProductExportColumns, rows));
    },
  );
};
