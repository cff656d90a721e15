import type { FastifyPluginAsync } from 'fastify';
import { mailOutboxSchema, type MailRow } from '@domain/contracts/mail';
import { currentUser, right, type AuthUser } from '../../http/access';
import { runCommand } from '../../http/command';
import { HttpError, forbidden, idParam } from '../../http/errors';
import { routeSchema, schemas } from '../../http/route-schema';
import { requeueFailedMail } from './outbox';

export const MAIL_SUPERUSER_ONLY = 'Alleen een Superuser beheert de mailwachtrij.';
export const MAIL_NOT_FAILED = 'Deze e-mail is niet mislukt: hij staat al in de wachtrij of is verstuurd.';
export const MAIL_REQUEUED = 'De e-mail wordt opnieuw verstuurd';

/** Mail goes to any user of any client, so only a Superuser sees and resends it. */
function assertSuperuser(user: AuthUser): void {
  if (!user.isSuperuser) throw forbidden(MAIL_SUPERUSER_ONLY);
}

/** The outbox for the Superuser: what waits and what failed, with 'Opnieuw versturen'. */
export const mailRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const access = { config: { access: right('Gebruiker wijzigen') } };

  app.get(
    '/mail-outbox',
    { ...access, schema: routeSchema({ response: { 200: mailOutboxSchema } }) },
    async (request) => {
      assertSuperuser(currentUser(request));
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['id', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at'])
        .where('status', '<>', 'sent')
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      const data = rows.map((row) => ({
        ...row,
        status: row.status as MailRow['status'],
        created_at: row.created_at.toISOString(),
        next_attempt_at: row.next_attempt_at.toISOString(),
      }));
      return { data };
    },
  );

  app.post('/mail-outbox/:id/resend', { ...access, schema: schemas.messageById }, async (request, reply) => {
    assertSuperuser(currentUser(request));
    const id = idParam(request.params);
    return runCommand(db, request, reply, async (trx) => {
      if (!(await requeueFailedMail(trx, id))) throw new HttpError(409, MAIL_NOT_FAILED);
      return { body: { message: MAIL_REQUEUED } };
    });
  });
};
