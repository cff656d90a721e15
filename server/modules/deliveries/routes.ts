import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { DeliveryType, type DeliveryTypeId } from '@domain/enums';
import {
  carrierChangeSchema,
  deliveryIdSchema,
  deliveryMsg,
  deliverySchema,
  deliveryToast,
  deliveryTypeIdSchema,
  repairDescriptionSchema,
  requestableTypes,
  toDeliveryInput,
} from '@domain/schemas/deliveries';
import { currentUser, right, type AuthUser } from '../../http/access';
import { runCommand } from '../../http/command';
import { withStoredFile } from '../../http/stored-files';
import { HttpError, ValidationError, forbidden, idParam, parse } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { readForm } from '../form';
import type { UploadedFile } from '../../http/multipart';
import { sendStoredFile } from '../../lib/file-type';
import { isAcceptableBulkFile } from '../../lib/bulk-file';
import {
  assertEditable,
  changeCarrier,
  changeRepairDescription,
  createDelivery,
  updateDelivery,
  type StoredFile,
} from './commands';
import { cancelDelivery, deleteDelivery, reopenDelivery } from './lifecycle';
import { deliveryDetail, deliveryLines } from './detail';
import { deliveriesForExport } from './export';
import { deliveryTabs, isDeliveryTab, listDeliveries } from './lists';
import { exportColumns } from './export';
import { carriers, deliveryFormOptions } from './options';
import { packingSlip } from './packing-slip';
import { pdfHeaders } from '../../lib/pdf';
import { labelCode, shippingLabel } from './shipping-label';
import { deliveryInScope } from './rows';
import { storedInput } from './stored-input';
import { assertRemarksAllowed } from './remarks';
import { repairToast } from '@domain/schemas/repairs';
import { listQuerySchema } from '@domain/schemas/paging';
import {
  carrierListSchema,
  deliveryCommandAnswerSchema,
  deliveryDetailSchema,
  deliveryFormOptionsSchema,
  deliveryListSchema,
  deliveryStateAnswerSchema,
} from '@domain/contracts/deliveries';
import { idParams, routeSchema, schemas, uploadField } from '../../http/route-schema';

const view = { config: { access: right('Levering bekijken') } };
const change = { config: { access: right('Levering wijzigen') } };
/** The export's list parameters and the tab it exports ('open' when absent or unknown). */
const exportQuery = v.object({ ...listQuerySchema.entries, tab: v.optional(v.string()) });
/** The request form of each requestable type (spec 2 §5), with the bulk call-off's optional file. */
const requestForm = v.union(
  requestableTypes.map((type) => v.object({ ...deliverySchema(type, true).entries, file: v.optional(uploadField) })),
);
/** An edit: a type's fields (left out keeps the stored value), the repair notes alone, or the carrier alone. */
const editForm = v.union([
  ...requestableTypes.map((type) =>
    v.partial(v.object({ ...deliverySchema(type, false).entries, file: v.optional(uploadField) })),
  ),
  v.object({ onlyChangeRepairDescription: v.string(), ...repairDescriptionSchema.entries }),
  v.object({ onlyChangeCarrier: v.optional(v.string()), ...carrierChangeSchema.entries }),
]);
const editSchema = (body: v.GenericSchema) =>
  routeSchema({ params: idParams('id'), body, multipart: true, response: { 200: deliveryCommandAnswerSchema } });
/** Cancel, reopen and delete: the delivery's id in the body. */
const stateSchema = routeSchema({ body: deliveryIdSchema, response: { 200: deliveryStateAnswerSchema } });
const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);

/** Requesting a bulk call-off needs 'Bulkafroep aanmaken', any other type 'Levering aanmaken' (spec 2 §6). */
function requestedType(user: AuthUser, fields: Record<string, unknown>): DeliveryTypeId {
  const may = (r: 'Levering aanmaken' | 'Bulkafroep aanmaken') => user.permissions.has(r);
  if (!may('Levering aanmaken') && !may('Bulkafroep aanmaken')) throw forbidden();
  const typeId = parse(v.object({ delivery_type_id: deliveryTypeIdSchema }), fields).delivery_type_id;
  if (!(requestableTypes as readonly number[]).includes(typeId))
    throw ValidationError.field('delivery_type_id', deliveryMsg.typeNotRequestable);
  if (!may(typeId === DeliveryType.BULK_LEVERING ? 'Bulkafroep aanmaken' : 'Levering aanmaken')) throw forbidden();
  return typeId;
}

export const deliveryRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage } = app;

  /** Checks and stores a bulk file for the command `run` (see withStoredFile). */
  async function withUpload<T>(
    reply: FastifyReply,
    file: UploadedFile | undefined,
    run: (stored: StoredFile | null) => Promise<T>,
  ): Promise<T> {
    if (file && !isAcceptableBulkFile(file)) throw ValidationError.field('file', deliveryMsg.file);
    return withStoredFile(
      storage,
      reply,
      file ? { folder: 'deliveries', name: file.name, data: file.data } : null,
      run,
    );
  }

  for (const [tab, path] of Object.entries(deliveryTabs)) {
    app.get(
      path,
      { ...view, schema: routeSchema({ querystring: listQuerySchema, response: { 200: deliveryListSchema } }) },
      async (request) =>
        listDeliveries(db, currentUser(request), tab as keyof typeof deliveryTabs, listParams(request.query)),
    );
  }

  app.get(
    '/exportdelivery',
    { config: { access: right('Levering exporteren') }, schema: routeSchema({ querystring: exportQuery }) },
    async (request, reply) => {
      const tab = (request.query as Record<string, unknown> | undefined)?.tab;
      const chosen = isDeliveryTab(tab) ? tab : 'open';
      const rows = await deliveriesForExport(db, currentUser(request), chosen, listParams(request.query));
      return sendXlsx(reply, timestampedName('leveringen'), workbookStream('Leveringen', exportColumns(chosen), rows));
    },
  );

  app.get('/carriers', { ...view, schema: routeSchema({ response: { 200: carrierListSchema } }) }, async () =>
    carriers(db),
  );
  app.get(
    '/delivery-form-options/:id',
    {
      config: { access: 'verified' },
      schema: routeSchema({ params: idParams('id'), response: { 200: deliveryFormOptionsSchema } }),
    },
    async (request) => deliveryFormOptions(db, currentUser(request), idParam(request.params)),
  );

  app.get(
    '/deliveries/:id',
    { ...view, schema: routeSchema({ params: idParams('id'), response: { 200: deliveryDetailSchema } }) },
    async (request) => deliveryDetail(db, currentUser(request), idParam(request.params)),
  );

  app.get('/deliveries/:id/packing_slip', { ...view, schema: schemas.byId }, async (request, reply) => {
    const detail = await deliveryDetail(db, currentUser(request), idParam(request.params));
    const pdf = await packingSlip(db, storage, detail);
    return reply.headers(pdfHeaders(`pakbon-${safeName(detail.order_number ?? String(detail.id))}.pdf`)).send(pdf);
  });

  app.get('/deliveries/:id/file', { ...view, schema: schemas.byId }, async (request, reply) => {
    const d = await deliveryInScope(db, currentUser(request), idParam(request.params));
    if (!d.file) throw new HttpError(404, 'Geen bestand');
    return sendStoredFile(reply, storage, d.file, safeName(d.file_name ?? 'bestand'));
  });

  app.get('/deliveries/:id/signature', { ...view, schema: schemas.byId }, async (request, reply) => {
    const d = await deliveryInScope(db, currentUser(request), idParam(request.params));
    if (!d.signature_file) throw new HttpError(404, 'Geen handtekening');
    return sendStoredFile(reply, storage, d.signature_file, 'handtekening');
  });

  app.post(
    '/deliveries',
    {
      config: { access: 'verified' },
      schema: routeSchema({ body: requestForm, multipart: true, response: { 201: deliveryCommandAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { fields, files } = await readForm(request);
      const typeId = requestedType(user, fields);
      assertRemarksAllowed(user, fields, { delivery_type_id: typeId, repair_description: null });
      const input = toDeliveryInput(typeId, parse(deliverySchema(typeId, true), fields));
      return withUpload(reply, typeId === DeliveryType.BULK_LEVERING ? files.file : undefined, (file) =>
        runCommand(db, request, reply, async (trx) => {
          const id = await createDelivery(trx, user, input, file);
          const message = typeId === DeliveryType.BULK_LEVERING ? deliveryToast.bulkCreated : deliveryToast.created;
          return { status: 201, body: { message, data: await deliveryDetail(trx, user, id) } };
        }),
      );
    },
  );

  /** An edit of the whole delivery: fields left out keep their stored values. */
  const edit = (genuinePut: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const id = idParam(request.params);
    const { fields, files } = await readForm(request);
    if (!genuinePut) {
      const method = String(fields._method ?? '').toUpperCase();
      if (method !== 'PUT' && method !== 'PATCH')
        throw new HttpError(405, 'Gebruik _method=PUT om een levering te wijzigen.');
      delete fields._method;
    }
    if (fields.onlyChangeRepairDescription !== undefined) {
      assertRemarksAllowed(user, fields, null);
      const { repair_description } = parse(repairDescriptionSchema, fields);
      return runCommand(db, request, reply, async (trx) => {
        await changeRepairDescription(trx, user, id, repair_description ?? null);
        return { body: { message: repairToast.remarksSaved, data: await deliveryDetail(trx, user, id) } };
      });
    }
    // 'Bezorger wijzigen' sends the carrier alone; a body with any other field is a full edit that includes the
    // carrier.
    const carrierOnly = Object.keys(fields).length === 1 && fields.carrier_id !== undefined;
    if (fields.onlyChangeCarrier !== undefined || carrierOnly) {
      const { carrier_id } = parse(carrierChangeSchema, fields);
      return runCommand(db, request, reply, async (trx) => {
        await changeCarrier(trx, user, id, carrier_id ?? null);
        return { body: { message: deliveryToast.carrierChanged, data: await deliveryDetail(trx, user, id) } };
      });
    }
    const stored = await deliveryInScope(db, user, id);
    assertRemarksAllowed(user, fields, stored);
    const lines = await deliveryLines(db, id);
    // A cancelled, finished or mutation delivery is refused before its fields are checked.
    assertEditable(
      stored,
      lines,
      stored.delivery_type_id === DeliveryType.BULK_LEVERING ? deliveryToast.bulkFailed : deliveryToast.editFailed,
    );
    const merged = { ...storedInput(stored, lines), ...fields };
    const typeId = parse(v.object({ delivery_type_id: deliveryTypeIdSchema }), merged).delivery_type_id;
    // The genuine PUT is the new end user's form: its date must lie in the future (spec 2 §5).
    const input = toDeliveryInput(typeId, parse(deliverySchema(typeId, genuinePut), merged));
    return withUpload(reply, typeId === DeliveryType.BULK_LEVERING ? files.file : undefined, (file) =>
      runCommand(db, request, reply, async (trx) => {
        await updateDelivery(trx, user, id, input, file);
        const message = typeId === DeliveryType.BULK_LEVERING ? deliveryToast.bulkChanged : deliveryToast.changed;
        return { body: { message, data: await deliveryDetail(trx, user, id) } };
      }),
    );
  };
  app.post(
    '/deliveries/:id',
    { ...change, schema: editSchema(v.intersect([v.object({ _method: v.literal('PUT') }), editForm])) },
    edit(false),
  );
  app.put('/deliveries/:id', { ...change, schema: editSchema(editForm) }, edit(true));

  const stateChange =
    (run: typeof cancelDelivery, message: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const user = currentUser(request);
      const { id } = parse(deliveryIdSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await run(trx, user, id);
        return { body: { message, id } };
      });
    };
  app.post(
    '/delivery/cancel',
    { config: { access: right('Levering verwijderen') }, schema: stateSchema },
    stateChange(cancelDelivery, deliveryToast.cancelled),
  );
  app.post(
    '/delivery/reopen-cancelled-delivery',
    { ...change, schema: stateSchema },
    stateChange(reopenDelivery, deliveryToast.reopened),
  );
  app.post(
    '/delivery/delete',
    { config: { access: right('Levering verwijderen') }, schema: stateSchema },
    stateChange(deleteDelivery, deliveryToast.deleted),
  );
};

/** Routes outside /api (spec 2 §7: the shipping label's path has no api prefix). */
export const deliveryRootRoutes: FastifyPluginAsync = async (app) => {
  app.get('/deliveries/:id/shipping_label', { ...view, schema: schemas.byId }, async (request, reply) => {
    const detail = await deliveryDetail(app.db, currentUser(request), idParam(request.params));
    if (!detail.can.shipping_label) throw ValidationError.field('carrier_id', deliveryMsg.labelPostnlOnly);
    const pdf = await shippingLabel(app.db, detail);
    return reply.headers(pdfHeaders(`verzendlabel-${safeName(labelCode(detail))}.pdf`)).send(pdf);
  });
};
