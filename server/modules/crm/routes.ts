import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ClientType } from '@domain/enums';
import {
  clearedFields,
  clientCreateSchema,
  clientUpdateSchema,
  monthlyPaymentSchema,
  stripNulls,
} from '@domain/schemas/clients';
import { right, currentUser } from '../../http/access';
import { runCommand } from '../../http/command';
import { ValidationError, idParam, parse } from '../../http/errors';
import { listParams, queryValue } from '../../http/list-params';
import { pagingMsg } from '@domain/schemas/paging';
import { createClient, deleteClient, saveMonthlyPayments, updateClient } from './commands';
import { childrenWithDetail, clientDetail, clientEvents, clientForm } from './detail';
import { childrenOf, clientsOfType } from './lists';
import { allClientRows, isClientTab, listClients, type ClientTab } from './lists';
import { customerExportColumns } from './export';
import { registerLogoRoutes } from './logo';
import { addressRoutes } from './address-routes';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { createEndUserDelivery, newClientCommand, parseNewClient } from '../deliveries';
import * as v from 'valibot';
import { listQuerySchema } from '@domain/schemas/paging';
import { idParams, routeSchema, schemas } from '../../http/route-schema';
import {
  childDetailListSchema,
  childListSchema,
  clientAnswerSchema,
  clientCommandAnswerSchema,
  clientEventListSchema,
  clientListSchema,
  clientOptionListSchema,
  monthlyPaymentAnswerSchema,
} from '@domain/contracts/clients';

const view = { config: { access: right('Klant bekijken') } };

export const clientRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  const lists: [string, ClientTab][] = [
    ['/resellers', 'resellers'],
    ['/endcustomers', 'endcustomers'],
    ['/endusers', 'endusers'],
    ['/client-list', 'all'],
  ];
  for (const [path, tab] of lists) {
    app.get(
      path,
      { ...view, schema: routeSchema({ querystring: listQuerySchema, response: { 200: clientListSchema } }) },
      async (request) => listClients(db, currentUser(request), tab, listParams(request.query), `/api${path}`),
    );
  }

  app.get(
    '/exportcrmcsv',
    {
      config: { access: right('Klant exporteren') },
      schema: routeSchema({ querystring: v.object({ ...listQuerySchema.entries, tab: v.optional(v.string()) }) }),
    },
    async (request, reply) => {
      const tab = queryValue((request.query as Record<string, unknown> | undefined)?.tab) || 'all';
      if (!isClientTab(tab)) throw ValidationError.field('tab', pagingMsg.tab);
      const rows = await allClientRows(db, currentUser(request), tab, listParams(request.query));
      return sendXlsx(reply, timestampedName('klanten'), workbookStream('Klanten', customerExportColumns, rows));
    },
  );

  const options = { ...view, schema: routeSchema({ response: { 200: clientOptionListSchema } }) };
  app.get('/getallendcustomers', options, async (request) =>
    clientsOfType(db, currentUser(request), ClientType.EINDKLANT),
  );
  app.get('/getallresellers', options, async (request) => clientsOfType(db, currentUser(request), ClientType.RESELLER));
  app.get(
    '/getendclientsbyparentid/:id',
    { ...view, schema: routeSchema({ params: idParams('id'), response: { 200: childListSchema } }) },
    async (request) => childrenOf(db, currentUser(request), idParam(request.params)),
  );
  app.get(
    '/getendclientsdetailbyparentid/:id',
    { ...view, schema: routeSchema({ params: idParams('id'), response: { 200: childDetailListSchema } }) },
    async (request) => childrenWithDetail(db, currentUser(request), idParam(request.params)),
  );

  app.get(
    '/clients/:id',
    {
      ...view,
      schema: routeSchema({
        params: idParams('id'),
        querystring: v.object({ minimum: v.optional(v.picklist(['true', 'false'])) }),
        response: { 200: clientAnswerSchema },
      }),
    },
    async (request) => {
      const minimum = String((request.query as Record<string, unknown>)?.minimum ?? '') === 'true';
      return minimum
        ? clientForm(db, currentUser(request), idParam(request.params))
        : clientDetail(db, currentUser(request), idParam(request.params));
    },
  );

  app.post(
    '/clients',
    {
      config: { access: right('Klant aanmaken') },
      schema: routeSchema({ body: clientCreateSchema, response: { 201: clientCommandAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = stripNulls(request.body as Record<string, unknown>);
      const parsed = parseNewClient(body);
      const { input } = parsed;
      return runCommand(db, request, reply, async (trx) => {
        // A new end user comes with its in-service delivery and is refused without stock (spec 1 §5).
        const client = await newClientCommand(
          parsed,
          () => createClient(trx, user, input),
          (created, delivery) => createEndUserDelivery(trx, user, created.id, input, delivery),
        );
        return {
          status: 201,
          body: { message: 'De klant is aangemaakt', data: await clientForm(trx, user, client.id) },
        };
      });
    },
  );

  const update = async (request: FastifyRequest, reply: Parameters<typeof runCommand>[2]) => {
    const user = currentUser(request);
    const id = idParam(request.params);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const body = { ...stripNulls(raw), ...clearedFields(raw) };
    delete body._method;
    const input = parse(clientUpdateSchema, body);
    return runCommand(db, request, reply, async (trx) => {
      await updateClient(trx, user, id, input);
      return { body: { message: 'De klant is gewijzigd', data: await clientForm(trx, user, id) } };
    });
  };
  app.put(
    '/clients/:id',
    {
      config: { access: right('Klant wijzigen') },
      schema: routeSchema({
        params: idParams('id'),
        body: clientUpdateSchema,
        response: { 200: clientCommandAnswerSchema },
      }),
    },
    update,
  );
  // Forms send POST with _method=PUT (spec 1 §7); anything else on this path is not a route.
  app.post(
    '/clients/:id',
    {
      config: { access: right('Klant wijzigen') },
      schema: routeSchema({
        params: idParams('id'),
        body: v.object({ _method: v.literal('PUT'), ...clientUpdateSchema.entries }),
        response: { 200: clientCommandAnswerSchema },
      }),
    },
    async (request, reply) => {
      const method = String((request.body as Record<string, unknown> | undefined)?._method ?? '').toUpperCase();
      if (method !== 'PUT' && method !== 'PATCH')
        return reply.status(405).send({ message: 'Gebruik _method=PUT om een klant te wijzigen.' });
      return update(request, reply);
    },
  );

  app.delete(
    '/clients/:id',
    { config: { access: right('Klant verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await deleteClient(trx, user, id);
        return { body: { message: 'De klant is verwijderd' } };
      });
    },
  );

  app.post(
    '/clients/:id/monthly-payment',
    {
      config: { access: right('Factuur beheren') },
      schema: routeSchema({
        params: idParams('id'),
        body: monthlyPaymentSchema,
        response: { 200: monthlyPaymentAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const input = parse(monthlyPaymentSchema, request.body);
      return runCommand(db, request, reply, async (trx) => ({
        body: { message: 'Vaste bedragen zijn opgeslagen', data: await saveMonthlyPayments(trx, user, id, input) },
      }));
    },
  );

  registerLogoRoutes(app);
  await app.register(addressRoutes);

  app.get(
    '/geteventsbyclientid/:id',
    { ...view, schema: routeSchema({ params: idParams('id'), response: { 200: clientEventListSchema } }) },
    async (request) => clientEvents(db, currentUser(request), idParam(request.params)),
  );
};
