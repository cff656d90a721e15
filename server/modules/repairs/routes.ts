import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  quotationDecisionSchema,
  removeImageSchema,
  repairMsg,
  repairStatusSchema,
  repairToast,
} from '@domain/schemas/repairs';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { withStoredFiles } from '../../http/stored-files';
import { HttpError, ValidationError, idParam, notFound, parse } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { listParams } from '../../http/list-params';
import { idParams, messageResponse, routeSchema, uploadField } from '../../http/route-schema';
import { sendStoredFile, sniffImage, sniffPdf } from '../../lib/file-type';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import {
  addImages,
  addQuotation,
  changeRepairStatus,
  decideQuotation,
  quotationToMail,
  removeImage,
  removeQuotation,
} from './commands';
import { repairDetail, repairEvents, repairFile } from './detail';
import { listRepairs, repairExportColumns, repairsForExport } from './lists';
import { queueQuotationMail } from './mail';
import { repairInScope } from './rows';
import * as v from 'valibot';
import { assertSuperuser } from '../deliveries';
import {
  quotationDecisionAnswerSchema,
  repairCommandAnswerSchema,
  repairDetailSchema,
  repairEventListSchema,
  repairListSchema,
} from '@domain/contracts/repairs';
import { filterValueSchema, listQuerySchema } from '@domain/schemas/paging';

const view = { config: { access: right('Levering bekijken') } };
const change = { config: { access: right('Levering wijzigen') } };
const IMAGE_FIELD = /^(files|images|file|image)(\[\d*\])?$/;
/** The list's query: the table's parameters plus its filters (an end customer or end user, a repair status). */
const listQuery = v.object({
  ...listQuerySchema.entries,
  'filters[client]': v.optional(filterValueSchema),
  'filters[status]': v.optional(filterValueSchema),
});
const byId = idParams('id');
/** A command on a repair that answers with the repair as it is now (201 when it stored a file). */
const command = (body?: v.GenericSchema, multipart = false) =>
  routeSchema({
    params: byId,
    body,
    multipart,
    response: { 200: repairCommandAnswerSchema, 201: repairCommandAnswerSchema },
  });
const baseName = (name: string) =>
  path
    .basename(name, path.extname(name))
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .slice(0, 80) || 'bestand';

export const repairRoutes: FastifyPluginAsync = async (app) => {
  const { db, storage, config } = app;

  async function files(request: FastifyRequest) {
    if (!request.isMultipart()) return [];
    return (await readMultipart(request)).fileList ?? [];
  }

  app.get(
    '/repairdeliveries',
    { ...view, schema: routeSchema({ querystring: listQuery, response: { 200: repairListSchema } }) },
    async (request) => listRepairs(db, currentUser(request), listParams(request.query)),
  );

  app.get(
    '/exportrepair',
    { config: { access: right('Reparaties exporteren') }, schema: routeSchema({ querystring: listQuery }) },
    async (request, reply) => {
      const rows = await repairsForExport(db, currentUser(request), listParams(request.query));
      return sendXlsx(reply, timestampedName('reparaties'), workbookStream('Reparaties', repairExportColumns, rows));
    },
  );

  app.get(
    '/repairs/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: repairDetailSchema } }) },
    async (request) => repairDetail(db, currentUser(request), idParam(request.params), config.now()),
  );
  app.get(
    '/geteventsbyrepairid/:id',
    { ...view, schema: routeSchema({ params: byId, response: { 200: repairEventListSchema } }) },
    async (request) => repairEvents(db, currentUser(request), idParam(request.params)),
  );

  app.get(
    '/deliveries/:id/images/:image',
    { ...view, schema: routeSchema({ params: idParams('id', 'image') }) },
    async (request, reply) => {
      const image = await repairFile(
        db,
        currentUser(request),
        idParam(request.params),
        'images',
        idParam(request.params, 'image'),
      );
      if (!image) throw notFound('Afbeelding niet gevonden');
      return sendStoredFile(reply, storage, image.file, image.name);
    },
  );

  app.get('/deliveries/:id/quotation', { ...view, schema: routeSchema({ params: byId }) }, async (request, reply) => {
    const q = await repairFile(db, currentUser(request), idParam(request.params), 'quotations');
    if (!q) throw notFound('Geen offerte');
    return sendStoredFile(reply, storage, q.file, q.name);
  });

  app.post(
    '/deliveries/:id/change-repair-status',
    { ...change, schema: command(repairStatusSchema) },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const { status } = parse(repairStatusSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await changeRepairStatus(trx, user, id, status, config.now());
        return { body: { message: repairToast.statusChanged, data: await repairDetail(trx, user, id, config.now()) } };
      });
    },
  );

  app.post(
    '/deliveries/:id/add-images',
    { ...change, schema: command(v.object({ 'files[]': v.array(uploadField) }), true) },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      await repairInScope(db, user, id);
      const sent = (await files(request)).filter((f) => IMAGE_FIELD.test(f.field));
      if (!sent.length) throw ValidationError.field('files', repairMsg.imagesRequired);
      const errors: Record<string, string[]> = {};
      const checked = sent.map((f, i) => {
        const type = sniffImage(f.data);
        if (!type) errors[`files.${i}`] = [repairMsg.image];
        return { name: `${baseName(f.name)}.${type?.ext ?? 'bin'}`, data: f.data };
      });
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return withStoredFiles(
        storage,
        reply,
        checked.map((f) => ({ folder: 'images', ...f })),
        (stored) =>
          runCommand(db, request, reply, async (trx) => {
            await addImages(trx, user, id, stored, config.now());
            return {
              status: 201,
              body: { message: repairToast.imagesUploaded, data: await repairDetail(trx, user, id, config.now()) },
            };
          }),
      );
    },
  );

  app.post(
    '/deliveries/:id/remove-image',
    { ...change, schema: command(removeImageSchema) },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const { image } = parse(removeImageSchema, request.body);
      let removedKey = '';
      const answer = await runCommand(db, request, reply, async (trx) => {
        removedKey = await removeImage(trx, user, id, image);
        return { body: { message: repairToast.imageRemoved, data: await repairDetail(trx, user, id, config.now()) } };
      });
      if (removedKey) await storage.remove(removedKey);
      return answer;
    },
  );

  app.post(
    '/deliveries/:id/add-quotation',
    { ...change, schema: command(v.object({ quotation: uploadField }), true) },
    async (request, reply) => {
      const user = currentUser(request);
      assertSuperuser(user);
      const id = idParam(request.params);
      await repairInScope(db, user, id);
      const sent = (await files(request)).filter((f) => /^(quotation|file)$/.test(f.field));
      const file = sent[sent.length - 1];
      if (!file) throw ValidationError.field('quotation', repairMsg.quotationRequired);
      if (!sniffPdf(file.data)) throw ValidationError.field('quotation', repairMsg.quotationPdf);
      return withStoredFiles(
        storage,
        reply,
        [{ folder: 'quotations', name: `${baseName(file.name)}.pdf`, data: file.data }],
        (stored) =>
          runCommand(db, request, reply, async (trx) => {
            for (const quotation of stored) await addQuotation(trx, user, id, quotation, config.now());
            return {
              status: 201,
              body: { message: repairToast.quotationUploaded, data: await repairDetail(trx, user, id, config.now()) },
            };
          }),
      );
    },
  );

  app.post('/deliveries/:id/remove-quotation', { ...change, schema: command() }, async (request, reply) => {
    const user = currentUser(request);
    assertSuperuser(user);
    const id = idParam(request.params);
    let removedKey = '';
    const answer = await runCommand(db, request, reply, async (trx) => {
      removedKey = await removeQuotation(trx, user, id, config.now());
      return { body: { message: repairToast.quotationRemoved, data: await repairDetail(trx, user, id, config.now()) } };
    });
    if (removedKey) await storage.remove(removedKey);
    return answer;
  });

  app.post(
    '/deliveries/:id/mail-quotation/:contactId',
    { ...change, schema: routeSchema({ params: idParams('id', 'contactId'), response: { 200: messageResponse } }) },
    async (request, reply) => {
      const user = currentUser(request);
      assertSuperuser(user);
      const id = idParam(request.params);
      const contactId = idParam(request.params, 'contactId');
      return runCommand(db, request, reply, async (trx) => {
        const { repair, quotation, contact } = await quotationToMail(trx, user, id, contactId);
        const pdf = await storage.readBuffer(quotation.file).catch(() => {
          throw new HttpError(422, repairToast.quotationMailFailed, { quotation: [repairMsg.quotationMissing] });
        });
        await queueQuotationMail(trx, config, { repair, quotation, contact, pdf });
        return { body: { message: repairToast.quotationMailed } };
      });
    },
  );

  app.post(
    '/deliveries/:id/accept-or-deny-quotation',
    {
      ...view,
      schema: routeSchema({
        params: byId,
        body: quotationDecisionSchema,
        response: { 200: quotationDecisionAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const { status } = parse(quotationDecisionSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const at = await decideQuotation(trx, user, id, status, config.now());
        return {
          body: {
            message: status === 'Accept' ? repairToast.quotationAccepted : repairToast.quotationDeclined,
            status_quotation: status,
            date_quotation: at.toISOString(),
            data: await repairDetail(trx, user, id, config.now()),
          },
        };
      });
    },
  );
};
