import { useQuery } from '@tanstack/react-query';
import { mailStatusLabels } from '@domain/contracts/mail';
import { formatDateTime } from '@domain/format';
import { showToast } from '../../../shell/toast';
import { mailOutboxQueryOptions, useResendMail, type MailRow } from '../api/mail-outbox';
import '../users.css';

function MailLine({ mail }: { mail: MailRow }) {
  const resend = useResendMail();
  const failed = mail.status === 'failed';
  return (
    <tr data-testid="mail-row">
      <td>{formatDateTime(mail.created_at)}</td>
      <td className="um-mail-recipient">{mail.recipient}</td>
      <td>{mail.subject}</td>
      <td className={failed ? 'um-mail-failed' : undefined}>{mailStatusLabels[mail.status]}</td>
      <td>{mail.attempts}</td>
      <td className="um-mail-reason">
        {mail.last_error ?? '—'}
        {!failed && <span className="um-muted"> Volgende poging {formatDateTime(mail.next_attempt_at)}.</span>}
      </td>
      <td>
        {failed && (
          <button
            type="button"
            className="button button-secondary"
            disabled={resend.isPending}
            onClick={() => resend.mutate(mail.id, { onSuccess: (res) => showToast('Gelukt', res.message) })}
          >
            Opnieuw versturen
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * /mailwachtrij: the mails the worker has not sent yet, with the mail server's reason; a Superuser resends a failed
 * one.
 */
export function MailOutboxPage() {
  const { data, isPending } = useQuery(mailOutboxQueryOptions());
  const mails = data?.data ?? [];
  const failed = mails.filter((m) => m.status === 'failed').length;
  return (
    <div className="panel um-mail-outbox">
      <p>
        {isPending
          ? 'De mailwachtrij wordt gelezen…'
          : mails.length === 0
            ? 'Alle e-mails zijn verstuurd.'
            : `Wachtend: ${mails.length - failed}. Mislukt: ${failed}.`}
      </p>
      {mails.length > 0 && (
        <div className="table-scroll">
          <table className="table" aria-label="Mailwachtrij">
            <thead>
              <tr>
                <th>Aangemaakt</th>
                <th>Ontvanger</th>
                <th>Onderwerp</th>
                <th>Status</th>
                <th>Pogingen</th>
                <th>Reden</th>
                <th>
                  <span className="sr-only">Actie</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <MailLine key={mail.id} mail={mail} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
