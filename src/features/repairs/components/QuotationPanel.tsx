import { useRef, useState, type ChangeEvent } from 'react';
import type { RepairDetail } from '@domain/contracts/repairs';
import { formatDate } from '@domain/format';
import { quotationOutcome } from '@domain/quotation';
import { repairToast } from '@domain/schemas/repairs';
import { confirmDialog } from '../../../shell/confirm';
import { showToast, toastError } from '../../../shell/toast';
import { downloadQuotation, useAddQuotation, useDecideQuotation, useRemoveQuotation } from '../api/quotation';
import { UploadProgress } from '../../../ui/upload/UploadProgress';
import { MailQuotationModal } from './MailQuotationModal';

/** The quotation: upload, download, delete, mail, accept or refuse, by `can` from the server (spec 2 §2.10, §4). */
export function QuotationPanel({ repair }: { repair: RepairDetail }) {
  const add = useAddQuotation(repair.id);
  const remove = useRemoveQuotation(repair.id);
  const decide = useDecideQuotation(repair.id);
  const input = useRef<HTMLInputElement>(null);
  const [mailing, setMailing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const quotation = repair.quotation;

  const upload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProgress(0);
    add.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => showToast('Gelukt', repairToast.quotationUploaded),
        onSettled: () => setProgress(null),
      },
    );
  };
  const removeQuotation = async () => {
    if (
      !(await confirmDialog({
        text: 'Weet je zeker dat je de offerte wilt verwijderen?',
        confirmLabel: 'Verwijderen',
        danger: true,
      }))
    )
      return;
    remove.mutate(undefined, { onSuccess: () => showToast('Gelukt', repairToast.quotationRemoved) });
  };

  return (
    <section className="panel" aria-labelledby="repair-quotation">
      <div className="panel-header">
        <h3 id="repair-quotation">Offerte</h3>
        {!quotation && repair.can.upload_quotation && (
          <>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => input.current?.click()}
              disabled={add.isPending}
            >
              Offerte uploaden
            </button>
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              aria-label="Offerte kiezen"
              onChange={upload}
            />
          </>
        )}
      </div>
      <UploadProgress fraction={progress} />
      {!quotation ? (
        <p className="muted">Er is nog geen offerte</p>
      ) : (
        <>
          <p className="quotation-file">
            <button
              type="button"
              className="link-button"
              onClick={() => downloadQuotation(repair.id).catch(() => toastError('Exporteren is mislukt'))}
            >
              {quotation.name}
            </button>
            <span className="muted"> · geüpload op {formatDate(quotation.created_at)}</span>
          </p>
          {quotation.status_quotation ? (
            <p
              className={`quotation-outcome ${quotation.status_quotation === 'Accept' ? 'is-accepted' : 'is-declined'}`}
            >
              {quotationOutcome[quotation.status_quotation]}
              {quotation.date_quotation ? ` op ${formatDate(quotation.date_quotation)}` : ''}
            </p>
          ) : (
            <p className={quotation.validity.expired ? 'notice notice-alert' : 'notice'}>{quotation.validity.text}</p>
          )}
          <div className="panel-actions">
            {quotation.validity.can_decide && repair.can.decide_quotation && (
              <>
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate('Accept', { onSuccess: () => showToast('Gelukt', repairToast.quotationAccepted) })
                  }
                >
                  Accepteren
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={decide.isPending}
                  onClick={() =>
                    decide.mutate('Decline', { onSuccess: () => showToast('Gelukt', repairToast.quotationDeclined) })
                  }
                >
                  Weigeren
                </button>
              </>
            )}
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => downloadQuotation(repair.id).catch(() => toastError('Exporteren is mislukt'))}
            >
              Downloaden
            </button>
            {repair.can.mail_quotation && (
              <button type="button" className="button button-secondary button-small" onClick={() => setMailing(true)}>
                Offerte mailen
              </button>
            )}
            {repair.can.remove_quotation && quotation.status_quotation !== 'Accept' && (
              <button
                type="button"
                className="button button-danger button-small"
                onClick={() => void removeQuotation()}
              >
                Verwijderen
              </button>
            )}
          </div>
        </>
      )}
      {mailing && <MailQuotationModal repair={repair} onClose={() => setMailing(false)} />}
    </section>
  );
}
