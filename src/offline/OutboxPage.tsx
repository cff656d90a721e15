import { useState } from 'react';
import { formatDateTime } from '@domain/format';
import { confirmDialog } from '../shell/confirm';
import { showToast } from '../shell/toast';
import { discardAction, replayOutbox, retryAction, type OutboxAction } from './outbox';
import { useOthersWaitingCount, useOutboxActions, useOutboxRead } from './stored-actions';
import './offline.css';
import { countNoun } from '@domain/format';

function ActionRow({ action }: { action: OutboxAction }) {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const discard = () =>
    run(async () => {
      const lost = action.meta?.signerName ? ` De handtekening van ${action.meta.signerName} gaat dan verloren.` : '';
      const ok = await confirmDialog({
        title: 'Actie verwijderen',
        text: `Weet je zeker dat je "${action.label}" wilt verwijderen? Deze actie wordt dan nooit verstuurd.${lost}`,
        confirmLabel: 'Verwijderen',
        danger: true,
      });
      if (ok) {
        await discardAction(action.id);
        showToast('Verwijderd', 'De actie is uit de wachtrij verwijderd');
      }
    });
  return (
    <li className={`outbox-item outbox-item-${action.status}`}>
      <div className="outbox-item-main">
        <strong>{action.label}</strong>
        <span className="outbox-item-meta">
          {formatDateTime(new Date(action.createdAt))} · {action.status === 'failed' ? 'Mislukt' : 'Wacht op verzenden'}
        </span>
        {action.meta?.signerName && (
          <span className="outbox-item-note" data-testid="outbox-signer">
            Getekend door {action.meta.signerName}
          </span>
        )}
        {action.error && (
          <span
            className={action.status === 'failed' ? 'outbox-item-error' : 'outbox-item-note'}
            role={action.status === 'failed' ? 'alert' : undefined}
          >
            {action.error}
          </span>
        )}
      </div>
      <div className="outbox-item-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => run(() => retryAction(action.id))}
        >
          Opnieuw proberen
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={discard}>
          Verwijderen
        </button>
      </div>
    </li>
  );
}

/** /wachtrij: what waits to be sent and what the server refused, with retry and discard. */
export function OutboxPage() {
  const actions = useOutboxActions();
  const others = useOthersWaitingCount();
  const read = useOutboxRead();
  const [sending, setSending] = useState(false);
  const waiting = actions.filter((a) => a.status === 'waiting');
  const failed = actions.filter((a) => a.status === 'failed');
  const sendAll = async () => {
    setSending(true);
    try {
      await replayOutbox();
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="panel outbox-page">
      <div className="outbox-head">
        <p>
          {!read
            ? 'De wachtrij wordt gelezen…'
            : actions.length === 0
              ? 'Er staan geen acties in de wachtrij.'
              : `${waiting.length} wachtend, ${failed.length} mislukt.`}
        </p>
        <button
          type="button"
          className="button button-primary"
          disabled={sending || waiting.length === 0}
          onClick={sendAll}
        >
          Nu versturen
        </button>
      </div>
      {others > 0 && (
        <p className="outbox-item-note" data-testid="outbox-others">
          {others === 1
            ? 'Er wacht 1 actie van een andere gebruiker op dit apparaat; die wordt verstuurd zodra die gebruiker ' +
              'hier weer inlogt.'
            : `Er ${others === 1 ? 'wacht' : 'wachten'} ${countNoun(others, 'actie', 'acties')} van andere ` +
              `gebruikers op dit apparaat; die worden verstuurd zodra hun gebruiker hier weer inlogt.`}
        </p>
      )}
      {failed.length > 0 && (
        <section aria-labelledby="outbox-failed">
          <h2 id="outbox-failed" className="form-section-title">
            Mislukt
          </h2>
          <ul className="outbox-list">
            {failed.map((a) => (
              <ActionRow key={a.id} action={a} />
            ))}
          </ul>
        </section>
      )}
      {waiting.length > 0 && (
        <section aria-labelledby="outbox-waiting">
          <h2 id="outbox-waiting" className="form-section-title">
            Wachtend
          </h2>
          <ul className="outbox-list">
            {waiting.map((a) => (
              <ActionRow key={a.id} action={a} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
