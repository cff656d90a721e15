import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  addressCreateSchema,
  addressUpdateSchema,
  clientMsg,
  isImportFileName,
  postalCodeQuerySchema,
  stripNulls,
} from '@domain/schemas/clients';
import { id as idSchema } from '@domain/schemas/common';
import { right, currentUser } from '../../http/access';
import { runCommand } from '../../http/command';
import { ValidationError, idParam, parse } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import {
  createAddress,
  deleteAddress,
  importAddresses,
  lookupPostcode,
  readAddressFile,
  updateAddress,
} from './addresses';
import * as v from 'valibot';
import { idParams, routeSchema, schemas, uploadField } from '../../http/route-schema';
import { addressAnswerSchema, addressImportAnswerSchema, postalCodeAnswerSchema } from '@domain/contracts/clients';

/** The multipart form of the address import (described for the API docs; read by readImportForm). */
const addressImportForm = v.object({ id: v.string(), file: uploadField });

/** Reads the multipart address import: the client id and one file. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw ValidationError.field('file', clientMsg.fileRequired);
  const form = await readMultipart(request);
  const clientId = form.fields.id ?? form.fields.client_id;
  const file = form.files.file ?? null;
  const errors: Record<string, string[]> = {};
  if (!file) errors.file = [clientMsg.fileRequired];
  else if (!isImportFileName(file.name)) errors.file = [clientMsg.fileType];
  let id: number | null = null;
  try {
    id = parse(idSchema, clientId);
  } catch {
    errors.id = ['Dit veld is verplicht.'];
  }
  if (Object.keys(errors).length || id === null || !file) throw new ValidationError(errors);
  return { clientId: id, file };
}

/** A customer's addresses (spec 1 §2.10), the postcode lookup and the address import. */
export const addressRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.post(
    '/addresses',
    {
      config: { access: right('Adres aanmaken') },
      schema: routeSchema({ body: addressCreateSchema, response: { 201: addressAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = parse(addressCreateSchema, stripNulls(request.body as Record<string, unknown>));
      return runCommand(db, request, reply, async (trx) => ({
        status: 201,
        body: { message: 'Het adres is toegevoegd', data: await createAddress(trx, user, input.client_id, input) },
      }));
    },
  );

  app.put(
    '/addresses/:id',
    {
      config: { access: right('Adres wijzigen') },
      schema: routeSchema({
        params: idParams('id'),
        body: addressUpdateSchema,
        response: { 200: addressAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const body = stripNulls(request.body as Record<string, unknown>);
      delete body.client_id;
      const input = parse(addressUpdateSchema, body);
      return runCommand(db, request, reply, async (trx) => ({
        body: { message: 'Het adres is gewijzigd', data: await updateAddress(trx, user, id, input) },
      }));
    },
  );

  app.delete(
    '/addresses/:id',
    { config: { access: right('Adres verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await deleteAddress(trx, user, id);
        return { body: { message: 'Het adres is verwijderd' } };
      });
    },
  );

  app.get(
    '/postal-code',
    {
      config: { access: 'verified' },
      schema: routeSchema({ querystring: postalCodeQuerySchema, response: { 200: postalCodeAnswerSchema } }),
    },
    async (request) => {
      const { postal_code } = parse(postalCodeQuerySchema, request.query);
      return lookupPostcode(db, currentUser(request), postal_code);
    },
  );

  app.post(
    '/importcustomeraddresses',
    {
      config: { access: right('Adres aanmaken') },
      schema: routeSchema({ body: addressImportForm, multipart: true, response: { 200: addressImportAnswerSchema } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { clientId, file } = await readImportForm(request);
      const rows = await readAddressFile(file.name, file.data);
      return runCommand(db, request, reply, async (trx) => {
        const count = await importAddresses(trx, user, clientId, rows);
        return { body: { message: 'Adressen zijn geïmporteerd', imported: count } };
      });
    },
  );
};
