import type { FastifyInstance } from 'fastify';
import { fileMsg, isLogoType } from '@domain/files';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { withStoredFile } from '../../http/stored-files';
import { HttpError, ValidationError, idParam, notFound } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { clientScope } from '../../http/scope';
import { sendStoredFile, sniffImage } from '../../lib/file-type';
import type { ExecutorFor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { clientForm } from './detail';
import { idParams, messageResponse, routeSchema, schemas, uploadField } from '../../http/route-schema';
import { clientCommandAnswerSchema } from '@domain/contracts/clients';
import * as v from 'valibot';
import { recordEvents } from '../events';

async function clientInScope<Lock extends boolean = false>(
  db: ExecutorFor<Lock>,
  user: AuthUser,
  id: number,
  lock?: Lock,
) {
  const row = await db
    .selectFrom('clients')
    .select(['id', 'image'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => clientScope(user, eb.ref('clients.id')))
    .$if(!!lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Klant niet gevonden');
  return row;
}

/**
 * The customer's logo ('image file' of the customer form, spec 1 §2.10; drawn on the packing slip):
 * POST a multipart `image` (a raster image by its bytes), DELETE to remove it, GET to show it.
 */
export function registerLogoRoutes(app: FastifyInstance): void {
  const { db, storage } = app;

  app.get(
    '/clients/:id/image',
    { config: { access: right('Klant bekijken') }, schema: schemas.byId },
    async (request, reply) => {
      const client = await clientInScope(db, currentUser(request), idParam(request.params));
      if (!client.image) throw new HttpError(404, 'Geen afbeelding');
      reply.header('Cache-Control', 'private, max-age=300');
      return sendStoredFile(reply, storage, client.image, `klant-${client.id}`);
    },
  );

  app.post(
    '/clients/:id/image',
    {
      config: { access: right('Klant wijzigen') },
      schema: routeSchema({
        params: idParams('id'),
        body: v.object({ image: uploadField }),
        multipart: true,
        response: { 200: clientCommandAnswerSchema },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      await clientInScope(db, user, id);
      if (!request.isMultipart()) throw ValidationError.field('image', fileMsg.image);
      const upload = (await readMultipart(request)).files.image;
      const type = upload ? sniffImage(upload.data) : null;
      if (!upload || !type) throw ValidationError.field('image', fileMsg.image);
      if (!isLogoType(type.mime)) throw ValidationError.field('image', fileMsg.logo);
      const body = await withStoredFile(
        storage,
        reply,
        { folder: 'clients', name: `logo.${type.ext}`, data: upload.data },
        (stored) =>
          runCommand(db, request, reply, async (trx) => {
            const client = await clientInScope(trx, user, id, true);
            await trx
              .updateTable('clients')
              .set({ image: stored?.key ?? null, updated_at: new Date() })
              .where('id', '=', id)
              .execute();
            await recordEvents(trx, user, [{ client_id: id, action: 'Logo gewijzigd' }]);
            return {
              body: {
                message: 'Het logo is opgeslagen',
                data: await clientForm(trx, user, id),
                replaced: client.image,
              },
            };
          }),
      );
      if (body.replaced && body.replaced !== body.data.image)
        await storage.remove(body.replaced).catch(() => undefined);
      return { message: body.message, data: body.data };
    },
  );

  app.delete(
    '/clients/:id/image',
    {
      config: { access: right('Klant wijzigen') },
      schema: routeSchema({ params: idParams('id'), response: { 200: messageResponse } }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = idParam(request.params);
      const body = await runCommand(db, request, reply, async (trx) => {
        const client = await clientInScope(trx, user, id, true);
        await trx.updateTable('clients').set({ image: null, updated_at: new Date() }).where('id', '=', id).execute();
        if (client.image) await recordEvents(trx, user, [{ client_id: id, action: 'Logo verwijderd' }]);
        return { body: { message: 'Het logo is verwijderd', replaced: client.image } };
      });
      if (body.replaced) await storage.remove(body.replaced).catch(() => undefined);
      return { message: body.message };
    },
  );
}
