import type { FastifyPluginAsync } from 'fastify';
import { profileUpdateSchema, userUpdateSchema } from '@domain/schemas/users';
import { currentUser, right } from '../../http/access';
import { inTransaction, runCommand } from '../../http/command';
import { idParam, parse } from '../../http/errors';
import { listParams } from '../../http/list-params';
import { userExportColumns } from './export';
import { sendXlsx, timestampedName, workbookStream } from '../../lib/xlsx';
import { queueActivationMail } from '../auth';
import { allUsers, listUsers } from './lists';
import { deleteUser, disableTwoFactor, updateProfile, updateUser } from './commands';
import { pendingActivation, userDetail } from './detail';
import { idParams, messageResponse, routeSchema, schemas } from '../../http/route-schema';
import { listQuerySchema } from '@domain/schemas/paging';
import { userCommandAnswerSchema, userDetailSchema, userListSchema } from '@domain/contracts/users';

/** Users (spec 2 §2.12, §7 "Users and roles"); every read and change is limited to the actor's hierarchy. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const view = { config: { access: right('Gebruiker bekijken') } };

  app.get(
    '/users',
    { ...view, schema: routeSchema({ querystring: listQuerySchema, response: { 200: userListSchema } }) },
    async (request) => listUsers(db, currentUser(request), listParams(request.query), '/api/users'),
  );

  app.get(
    '/users/:id',
    { ...view, schema: routeSchema({ params: idParams('id'), response: { 200: userDetailSchema } }) },
    async (request) => userDetail(db, currentUser(request), idParam(request.params)),
  );

  app.put(
    '/users/:id',
    {
      config: { access: right('Gebruiker wijzigen') },
      schema: routeSchema({
        params: idParams('id'),
        body: userUpdateSchema,
        response: { 200: userCommandAnswerSchema },
      }),
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params);
      const input = parse(userUpdateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await updateUser(trx, actor, id, input);
        return { body: { message: 'De gebruiker is aangepast', data: await userDetail(trx, actor, id) } };
      });
    },
  );

  app.delete(
    '/users/:id',
    { config: { access: right('Gebruiker verwijderen') }, schema: schemas.messageById },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params);
      return runCommand(db, request, reply, async (trx) => {
        await deleteUser(trx, actor, id);
        return { body: { message: 'Gebruiker is verwijderd' } };
      });
    },
  );

  app.get(
    '/exportusers',
    { config: { access: right('Gebruikers exporteren') }, schema: schemas.list },
    async (request, reply) => {
      const rows = await allUsers(db, currentUser(request), listParams(request.query));
      return sendXlsx(reply, timestampedName('gebruikers'), workbookStream('Gebruikers', userExportColumns, rows));
    },
  );

  app.post(
    '/:userId/disable-2fa',
    {
      config: { access: right('2FA uitschakelen') },
      schema: routeSchema({ params: idParams('userId'), response: { 200: userCommandAnswerSchema } }),
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params, 'userId');
      return runCommand(db, request, reply, async (trx) => {
        await disableTwoFactor(trx, actor, id);
        return { body: { message: '2FA is uitgeschakeld', data: await userDetail(trx, actor, id) } };
      });
    },
  );

  /** Invitation again (spec 1 §4 'resend exists'): a new activation link for a user not yet activated. */
  app.post(
    '/users/:id/resend-activation',
    { config: { access: right('Gebruiker wijzigen') }, schema: schemas.messageById },
    async (request) => {
      const actor = currentUser(request);
      await inTransaction(db, async (trx) => {
        await queueActivationMail(trx, app.config, await pendingActivation(trx, actor, idParam(request.params)));
      });
      return { message: 'De activatiemail is opnieuw verstuurd' };
    },
  );

  /** The profile page's 'Bewerken': own name and e-mail, for every verified user (spec 2 §2.12). */
  app.put(
    '/profile',
    {
      config: { access: 'verified' },
      schema: routeSchema({ body: profileUpdateSchema, response: { 200: messageResponse } }),
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const input = parse(profileUpdateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        await updateProfile(trx, actor, input);
        return { body: { message: 'De gebruiker is aangepast' } };
      });
    },
  );
};
