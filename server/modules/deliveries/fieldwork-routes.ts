import type { FastifyPluginAsync } from 'fastify';
import { FIELDWORK_RIGHT, fieldworkMsg } from '@domain/fieldwork';
import { checkOutCheckSchema, checkOutSchema, finishSchema, scanBulkItemsSchema } from '@domain/schemas/fieldwork';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { parse } from '../../http/errors';
import { checkOut, checkOutLookup } from './checkout';
import { deliveryDetail } from './detail';
import { finishDelivery, signatureImage } from './finish';
import { deliveriesToday } from './today';
import {
  checkOutAnswerSchema,
  checkOutCheckAnswerSchema,
  deliveriesTodaySchema,
  deliveryCommandAnswerSchema,
} from '@domain/contracts/deliveries';
import { routeSchema } from '../../http/route-schema';

const change = { config: { access: right(FIELDWORK_RIGHT) } };

/** Field work (issue 10): check-out by scanning, the signed finish, and the driver's deliveries of today. */
export const fieldworkRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage } = app;

  app.get(
    '/deliveries/today',
    {
      config: { access: right('Levering bekijken') },
      schema: routeSchema({ response: { 200: deliveriesTodaySchema } }),
    },
    async (request) => deliveriesToday(db, currentUser(request)),
  );

  app.post(
    '/delivery/checkout',
    { ...change, schema: routeSchema({ body: checkOutSchema, response: { 200: checkOutAnswerSchema } }) },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(checkOutSchema, request.body);
      return runCommand(db, request, reply, async (trx) => ({
        body: {
          message: fieldworkMsg.checkedOut,
          data: await checkOut(trx, user, {
            deliveryId: input.id,
            serials: input.serials,
            accessories: input.accessories,
            bulkOnly: false,
          }),
        },
      }));
    },
  );

  // A read: judges each serial as the check-out would, so a scan is refused at once; nothing changes.
  app.post(
    '/delivery/checkout/check',
    { ...change, schema: routeSchema({ body: checkOutCheckSchema, response: { 200: checkOutCheckAnswerSchema } }) },
    async (request) => {
      const input = parse(checkOutCheckSchema, request.body);
      return { data: await checkOutLookup(db, currentUser(request), input.id, input.serials) };
    },
  );

  app.post(
    '/items/scanbulkitems',
    { ...change, schema: routeSchema({ body: scanBulkItemsSchema, response: { 200: checkOutAnswerSchema } }) },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(scanBulkItemsSchema, request.body);
      return runCommand(db, request, reply, async (trx) => ({
        body: {
          message: fieldworkMsg.checkedOut,
          data: await checkOut(trx, user, {
            deliveryId: input.delivery_id,
            serials: input.serials,
            accessories: input.accessories,
            bulkOnly: true,
          }),
        },
      }));
    },
  );

  app.post(
    '/finish/delivery',
    { ...change, schema: routeSchema({ body: finishSchema, response: { 200: deliveryCommandAnswerSchema } }) },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(finishSchema, request.body);
      const signature = signatureImage(input.handtekening ?? null);
      return runCommand(db, request, reply, async (trx) => {
        const id = await finishDelivery(trx, storage, user, input, signature);
        return { body: { message: fieldworkMsg.finished, data: await deliveryDetail(trx, user, id) } };
      });
    },
  );
};
