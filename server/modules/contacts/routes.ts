import type { FastifyPluginAsync } from 'fastify';
import { contactCreateSchema, contactUpdateSchema } from '@domain/schemas/contacts';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { idParam, parse } from '../../http/errors';
import { queueActivationMail } from '../auth';
import { contactDetail } from './detail';
import { createContact, deleteContact, updateContact } from './commands';
import { idParams, routeSchema, schemas } from '../../http/route-schema';
import { contactAnswerSchema } from '@domain/contracts/contacts';

const answer = { 200: contactAnswerSchema, 201: contactAnswerSchema };

/** Contacts of a customer (spec 1 §7); a contact with has_account is a user of the portal. */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const change = { config: { access: right('Klant wijzigen') } };

  app.post(
    '/contacts',
    { ...change, schema: routeSchema({ body: contactCreateSchema, response: answer }) },
    async (request, reply) => {
      const actor = currentUser(request);
      const input = parse(contactCreateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const created = await createContact(trx, actor, input);
        if (created.account) await queueActivationMail(trx, config, created.account);
        const message = created.account ? 'De gebruiker is aangemaakt' : 'De contactpersoon is aangemaakt';
        const data = await contactDetail(trx, created.id);
        return { status: 201, body: { message, data, activation_mail_sent: created.account !== null } };
      });
    },
  );

  app.put(
    '/contacts/:id',
    { ...change, schema: routeSchema({ params: idParams('id'), body: contactUpdateSchema, response: answer }) },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = idParam(request.params);
      const input = parse(contactUpdateSchema, request.body);
      return runCommand(db, request, reply, async (trx) => {
        const { account } = await updateContact(trx, actor, id, input);
        if (account) await queueActivationMail(trx, config, account);
        const data = await contactDetail(trx, id);
        return { body: { message: 'De contactpersoon is gewijzigd', data, activation_mail_sent: account !== null } };
      });
    },
  );

  app.delete('/contacts/:id', { ...change, schema: schemas.messageById }, async (request, reply) => {
    const actor = currentUser(request);
    const id = idParam(request.params);
    return runCommand(db, request, reply, async (trx) => {
      await deleteContact(trx, actor, id);
      return { body: { message: 'De contactpersoon is verwijderd' } };
    });
  });
};
