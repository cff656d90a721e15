import type { FastifyPluginAsync } from 'fastify';
import { currentUser, right } from '../../http/access';
import { idParam } from '../../http/errors';
import { listParams } from '../../http/paging';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { eolProductExportColumns } from './export';
import { eolItemsOfProduct } from './items';
import { allEolProducts, listEolProducts } from './products';
import { schemas } from '../../http/route-schema';

/** The EOL overview (spec 2 §2.11): no right for the lists, the hierarchy decides what is in them. */
export const eolRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const verified = { config: { access: 'verified' as const } };

  app.get('/productswitheolitems', { ...verified, schema: schemas.list }, async (request) =>
    listEolProducts(db, currentUser(request), listParams(request.query), '/api/productswitheolitems'));

  app.get('/items/itemseolbyproductid/:id', { ...verified, schema: schemas.listById }, async (request) => {
    const id = idParam(request.params);
    return eolItemsOfProduct(db, currentUser(request), id, listParams(request.query), `/api/items/itemseolbyproductid/${id}`);
  });

  app.get('/exporteolproducts', { config: { access: right('EOL exporteren') }, schema: schemas.list }, async (request, reply) => {
    const rows = await allEolProducts(db, currentUser(request), listParams(request.query));
    return sendXlsx(reply, timestampedName('eol-products'), workbookStream('EOL', eolProductExportColumns, rows));
  });
};
