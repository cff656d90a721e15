import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  bundleCreateSchema,
  bundleUpdateSchema,
  itemCreateSchema,
  itemStatusSchema,
  itemUpdateSchema,
  mutationSchema,
} from '@domain/schemas/stock';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { HttpError, idParam, parse } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { bundleDetail, createBundle, listBundles, setBundleProducts } from './bundles';
import { itemExportColumns } from './export';
import { allItemsOfProduct, itemsOfClient, itemsOfProduct } from './item-lists';
import { changeItemStatus, createItems, updateItem } from './item-commands';
import { itemDetail, itemEvents } from './item-detail';
import { mutateItem } from './mutation';
import * as v from 'valibot';
import { filterValueSchema, listQuerySchema } from '@domain/schemas/paging';
import {
  bundleAnswerSchema,
  bundleDetailSchema,
  bundleListSchema,
  itemAnswerSchema,
  itemDetailSchema,
  itemEventListSchema,
  itemListSchema,
  itemMutationAnswerSchema,
  itemsCreatedAnswerSchema,
} from '@domain/contracts/stock';
import { idParams, routeSchema, schemas } from '../../http/route-schema';

const view = { config: { access: right('Voorraad bekijken') } };
const byId = idParams('id');
const filter = v.optional(filterValueSchema);
/** The item lists' query: the table's parameters and the status filter (status ids, comma separated). */
const itemListQuery = v.object({ ...listQuerySchema.entries, 'filters[status]': filter });

/** Forms send POST with _method=PUT for updates (spec 2 §7); anything else on that path is refused. */
function assertPutOverride(fields: Record<string, unknown>) {
  const method = String(fields._method ?? '').toUpperCase();
  if (method !== 'PUT' && method !== 'PATCH') throw new HttpError(405, 'Gebruik _method=PUT om te wijzigen.');
  delete fields._method;
}
/** The stock items of a product (spec 2 §2.3) and the bundles (§2.5). */
export const itemRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  // Items
  app.get(
    '/getitems/:id',
    { ...view, schema: routeSchema({ params: byId, querystring: itemListQuery, response: { 200: itemListSchema } }) },
    async (request) =>
      itemsOfProduct(
        db,
        currentUser(request),
        idParam(request.params),
        listParams(request.query),
        `/api/getitems/${idParam(request.params)}`,
      ),
  );
  app.get(
    '/getitemsbyclientid/:id',
    { ...view, schema: routeSchema({ params: byId, querystring: itemListQuery, response: { 200: itemListSchema } }) },
    async (request) =>
      itemsOfClient(
        db,
        currentUser(request),
        idParam(request.params),
        listParams(request.query),
        `/api/getitemsbyclientid/${idParam(request.params)}`,
      ),
  );
  app.get(
    '/exportstockitems/:id',
    { config: { access: right('Voorraad exporteren') }, schema: schemas.listById },
    async (request, reply) => {
      const { product, rows } = await allItemsOfProduct(
        db,
        currentUser(request),
        idParam(request.params),
        listParams(request.query),
      );
      const safe = product.article_number.replace(/[^A-Za-z0-9_-]+/g, '-');
      return sendXlsx(reply, timestampedName(`items-${safe}`), workbookStream('Items', itemExportColumns, rows));
    },
  );

  app.post(
    '/items',
    {
      config: { access: right('Artikel aanmaken') },
      schema: routeSchema({ body: itemCreateSchema, response: { 201: itemsCreatedAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(itemCreateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const ids = await createItems(trx, user, input);
        return { status: 201, body: { message: 'Items zijn aangemaakt', data: ids.map((id) => ({ id })) } };
      });
    },
  );
  app.get(
    '/items/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: itemDetailSchema } }) },
    async (request) => itemDetail(db, currentUser(request), idParam(request.params)),
  );

  const updateItemRoute = async (request: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>) => {
    const user = currentUser(request);
    const id = idParam(request.params);
    delete fields.product_id;
    // The status label sends status_id alone; Bewerken sends the item's fields with 'In gebruik door'.
    if ('status_id' in fields && !('client_id' in fields)) {
      const { status_id } = parse(itemStatusSchema, fields);
      return runCommand(db, request, reply, async (trx) => {
        await changeItemStatus(trx, user, id, status_id);
        return { body: { message: 'De status is aangepast', data: await itemDetail(trx, user, id) } };
      });
    }
    const input = parse(itemUpdateSchema, fields);
    return runCommand(db, request, reply, async (trx) => {
      await updateItem(trx, user, id, input);
      return { body: { message: 'Het item is aangepast', data: await itemDetail(trx, user, id) } };
    });
  };
  app.post(
    '/items/:id',
    {
      config: { access: right('Voorraad wijzigen') },
      schema: routeSchema({
        params: byId,
        body: v.union([
          v.object({ _method: v.literal('PUT'), ...itemUpdateSchema.entries }),
          v.object({ _method: v.literal('PUT'), ...itemStatusSchema.entries }),
        ]),
        response: { 200: itemAnswerSchema },
      }),
    },
    async (request, reply) => {
      const fields = { ...((request.body ?? {}) as Record<string, unknown>) };
      assertPutOverride(fields);
      return updateItemRoute(request, reply, fields);
    },
  );
  app.put(
    '/items/:id',
    {
      config: { access: right('Voorraad wijzigen') },
      schema: routeSchema({
        params: byId,
        body: v.union([itemUpdateSchema, itemStatusSchema]),
        response: { 200: itemAnswerSchema },
      }),
    },
    async (request, reply) => updateItemRoute(request, reply, { ...((request.body ?? {}) as Record<string, unknown>) }),
  );

  app.post(
    '/items/:id/mutation',
    {
      ...view,
      schema: routeSchema({ params: byId, body: mutationSchema, response: { 200: itemMutationAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const input = parse(mutationSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const result = await mutateItem(trx, user, id, input);
        return {
          body: { message: 'Mutatie is succesvol doorgevoerd', ...result, data: await itemDetail(trx, user, id) },
        };
      });
    },
  );
  app.get(
    '/getevents/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: itemEventListSchema } }) },
    async (request) => itemEvents(db, currentUser(request), idParam(request.params)),
  );

  // Bundles
  app.get(
    '/bundles',
    {
      ...view,
      schema: routeSchema({
        querystring: v.object({ ...listQuerySchema.entries, 'filters[client]': filter, 'filters[reseller]': filter }),
        response: { 200: bundleListSchema },
      }),
    },
    async (request) => listBundles(db, currentUser(request), listParams(request.query), '/api/bundles'),
  );
  app.get(
    '/bundles/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: bundleDetailSchema } }) },
    async (request) => bundleDetail(db, currentUser(request), idParam(request.params)),
  );
  app.post(
    '/bundles',
    {
      config: { access: right('Bundel wijzigen') },
      schema: routeSchema({ body: bundleCreateSchema, response: { 201: bundleAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(bundleCreateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const id = await createBundle(trx, user, input);
        return { status: 201, body: { message: 'De bundel is aangemaakt', data: await bundleDetail(trx, user, id) } };
      });
    },
  );
  app.put(
    '/bundles/:id',
    {
      config: { access: right('Bundel wijzigen') },
      schema: routeSchema({ params: byId, body: bundleUpdateSchema, response: { 200: bundleAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const input = parse(bundleUpdateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await setBundleProducts(trx, user, id, input);
        return { body: { message: 'De bundelinhoud is gewijzigd', data: await bundleDetail(trx, user, id) } };
      });
    },
  );
};
