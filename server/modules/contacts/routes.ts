import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contactCreateSchema, contactUpdateSchema } from '@domain/schemas/contacts';
import { currentUser, right } from '../../http/access';
import { runCommand } from '../../http/command';
import { idParam, parse } from '../../http/errors';
import { sendActivationMail } from '../auth/service';
import { contactDetail, createContact, deleteContact, updateContact, type NewAccount } from './service';
import { idParams, routeSchema, schemas } from '../../http/route-schema';
import { contactAnswerSchema } from '@domain/contracts/contacts';

const answer = { 200: contactAnswerSchema, 201: contactAnswerSchema };

/** Contacts of a customer (spec 1 §7); a contact with has_account is a user of the portal. */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const { db, config, mailer } = app;
  const change = { config: { access: right('Klant wijzigen') } };

  /** After the commit: a failing mail server does not undo the contact; resend exists (POST /api/auth/resend). */
  async function invite(request: FastifyRequest, account: NewAccount | null): Promise<boolean> {
    if (!account) return false;
    try {
      await sendActivationMail(db, config, mailer, account);
      return true;
    } catch (err) {
      request.log.error({ err, userId: account.id }, 'activation mail failed');
      return false;
    }
  }

  app.post('/contacts', { ...change, schema: routeSchema({ body: contactCreateSchema, response: answer }) }, async (request, reply) => {
    const actor = currentUser(request);
    const input = parse(contactCreateSchema, request.body);
    let account: NewAccount | null = null;
    const body = await runCommand(db, request, reply, async (trx) => {
      const created = await createContact(trx, actor, input);
      account = created.account;
      const message = created.account ? 'De gebruiker is aangemaakt' : 'De contactpersoon is aangemaakt';
      return { status: 201, body: { message, data: await contactDetail(trx, created.id) } };
    });
    return { ...body, activation_mail_sent: await invite(request, account) };
  });

  app.put('/contacts/:id', { ...change, schema: routeSchema({ params: idParams('id'), body: contactUpdateSchema, response: answer }) }, async (request, reply) => {
    const actor = currentUser(request);
    const id = idParam(request.params);
    const input = parse(contactUpdateSchema, request.body);
    let account: NewAccount | null = null;
    const body = await runCommand(db, request, reply, async (trx) => {
      account = (await updateContact(trx, actor, id, input)).account;
      return { body: { message: 'De contactpersoon is gewijzigd', data: await contactDetail(trx, id) } };
    });
    return { ...body, activation_mail_sent: await invite(request, account) };
  });

  app.delete('/contacts/:id', { ...change, schema: schemas.messageById }, async (request, reply) => {
    const actor = currentUser(request);
    const id = idParam(request.params);
    return runCommand(db, request, reply, async (trx) => {
      await deleteContact(trx, actor, id);
      return { body: { message: 'De contactpersoon is verwijderd' } };
    });
  });
};
