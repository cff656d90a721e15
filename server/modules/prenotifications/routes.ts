import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { asnSchema, checkInSchema, scanItemsSchema } from '@domain/schemas/prenotifications';
import { right, currentUser } from '../../http/access';
import { runCommand } from '../../http/command';
import { idParam, parse } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { checkIn, lookUpSerials } from './checkin';
import { asnProductsCsv, asnProductsForExport, csvFileName } from './export';
import { asnDetail } from './detail';
import { checkInProducts, formOptions, listAsnProducts, listAsns } from './lists';
import { createAsn, deleteAsn, updateAsn } from './commands';
import * as v from 'valibot';
import { filterValueSchema, listQuerySchema } from '@domain/schemas/paging';
import {
  asnAnswerSchema,
  asnDetailSchema,
  asnListSchema,
  asnProductListSchema,
  checkInAnswerSchema,
  checkInProductListSchema,
  formOptionsSchema,
  serialLookupAnswerSchema,
} from '@domain/contracts/prenotifications';
import { idParams, routeSchema, schemas } from '../../http/route-schema';

const view = { config: { access: right('Voormelding bekijken') } };
const byId = idParams('id');
/** The lists' query: the table's parameters and the end customer filter (an id). */
const listQuery = v.object({ ...listQuerySchema.entries, 'filters[client]': v.optional(filterValueSchema) });
const listSchema = routeSchema({ querystring: listQuery, response: { 200: asnListSchema } });
/** A check-in: the pre-notification's articles and serials, answered with what was made. */
const checkInRouteSchema = routeSchema({ body: checkInSchema, response: { 200: checkInAnswerSchema } });

export const preNotificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.get('/asns', { ...view, schema: listSchema }, async (request) =>
    listAsns(db, currentUser(request), listParams(request.query), false, '/api/asns'),
  );
  app.get('/asns-archive', { ...view, schema: listSchema }, async (request) =>
    listAsns(db, currentUser(request), listParams(request.query), true, '/api/asns-archive'),
  );
  app.get(
    '/asns/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: asnDetailSchema } }) },
    async (request) => asnDetail(db, currentUser(request), idParam(request.params)),
  );

  app.post(
    '/asns',
    {
      config: { access: right('Voormelding aanmaken') },
      schema: routeSchema({ body: asnSchema(true), response: { 201: asnAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(asnSchema(true), request.body);
      return runCommand(db, request, reply, async (trx) => {
        const id = await createAsn(trx, user, input);
        return { status: 201, body: { message: 'De voormelding is aangemaakt', data: await asnDetail(trx, user, id) } };
      });
    },
  );

  app.put(
    '/asns/:id',
    {
      config: { access: right('Voormelding wijzigen') },
      schema: routeSchema({ params: byId, body: asnSchema(false), response: { 200: asnAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const input = parse(asnSchema(false), request.body);
      return runCommand(db, request, reply, async (trx) => {
        await updateAsn(trx, user, id, input);
        return { body: { message: 'De voormelding is gewijzigd', data: await asnDetail(trx, user, id) } };
      });
    },
  );

  app.delete(
    '/asns/:id',
    { config: { access: right('Voormelding verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await deleteAsn(trx, user, id);
        return { body: { message: 'De voormelding is verwijderd' } };
      });
    },
  );

  app.get(
    '/asnproducts/:id',
    { ...view, schema: routeSchema({ params: byId, querystring: listQuery, response: { 200: asnProductListSchema } }) },
    async (request) => {
      const id = idParam(request.params);
      return listAsnProducts(db, currentUser(request), id, listParams(request.query), `/api/asnproducts/${id}`);
    },
  );
  app.get(
    '/asn-form-options/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: formOptionsSchema } }) },
    async (request) => formOptions(db, currentUser(request), idParam(request.params)),
  );
  app.get(
    '/getasnproducts/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: checkInProductListSchema } }) },
    async (request) => checkInProducts(db, currentUser(request), idParam(request.params)),
  );

  // The products of one pre-notification (?id=) or of every pre-notification in the list's filters.
  app.get(
    '/exportasnproductscsv',
    {
      config: { access: right('Voormelding exporteren') },
      schema: routeSchema({
        querystring: v.object({
          ...listQuery.entries,
          id: v.optional(v.string()),
          tab: v.optional(v.picklist(['open', 'archive'])),
        }),
      }),
    },
    async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, string | undefined>;
      const asnId = query.id ? idParam({ id: query.id }) : null;
      const tab = query.tab === 'archive' || query.tab === 'open' ? query.tab : undefined;
      const rows = await asnProductsForExport(db, currentUser(request), listParams(request.query), asnId, tab);
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName()}"`);
      return reply.send(asnProductsCsv(rows));
    },
  );

  const checkInRoute = (finish: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const input = parse(checkInSchema, request.body);
    return runCommand(db, request, reply, async (trx) => {
      const result = await checkIn(trx, user, input, finish);
      return { body: { message: 'De voormelding is ingeklaard', data: result } };
    });
  };
  app.post(
    '/delivery/save',
    { config: { access: right('Artikel aanmaken') }, schema: checkInRouteSchema },
    checkInRoute(false),
  );
  app.post(
    '/delivery/save-and-finish',
    { config: { access: right('Artikel aanmaken') }, schema: checkInRouteSchema },
    checkInRoute(true),
  );

  // A look-up for the scan modal: changes nothing, so a replay is harmless by nature.
  app.post(
    '/items/scanitems',
    {
      config: { access: right('Artikel aanmaken') },
      schema: routeSchema({ body: scanItemsSchema, response: { 200: serialLookupAnswerSchema } }),
    },
    async (request) => {
      const { serials } = parse(scanItemsSchema, request.body);
      return { data: await lookUpSerials(db, currentUser(request), serials) };
    },
  );
};
