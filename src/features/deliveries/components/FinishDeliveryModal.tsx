import { useState } from 'react';
import type { DeliveryDetail } from '../../../domain/contracts/deliveries';
import { DeliveryType } from '../../../domain/enums';
import { fieldworkMsg } from '../../../domain/fieldwork';
import { finishDeliveryOffline } from '../../../offline/fieldwork';
import { discardAction } from '../../../offline/outbox';
import { showToast } from '../../../shell/toast';
import { useUnsavedWork } from '../../../shell/update-guard';
import { Modal } from '../../../ui/Modal';
import { SignaturePad } from '../../../ui/SignaturePad';
import { isPendingLine, PENDING_STATUS_NAME } from '../api/fieldwork';

type Line = DeliveryDetail['products'][number];

const FINISH_TOAST_TITLE = 'Levering afronden';

function lineLabel(d: DeliveryDetail, l: Line): string {
  const serial = l.serial ?? d.items.find((i) => i.id === l.item_id)?.serial ?? null;
  return serial ? `${l.product.name} (${serial})` : l.product.name;
}

function TickList({ d, lines, title, ticked, onToggle, errors }: {
  d: DeliveryDetail; lines: Line[]; title: string; ticked: Set<number>; onToggle: (id: number) => void; errors: Record<number, string>;
}) {
  if (lines.length === 0) return null;
  return (
    <fieldset className="fw-ticks">
      <legend>{title}</legend>
      {lines.map((l) => {
        // Only a line that is checked out can be delivered; a pickup can always be ticked.
        const blocked = l.is_pickup === 0 && !l.checked_out_at;
        return (
          <div key={l.id} className="fw-tick">
            <label>
              <input type="checkbox" checked={ticked.has(l.id)} disabled={blocked} onChange={() => onToggle(l.id)} />
              {lineLabel(d, l)}
            </label>
            {blocked && <span className="muted"> – {fieldworkMsg.lineNotCheckedOut}</span>}
            {isPendingLine(l) && <span className="muted"> – {PENDING_STATUS_NAME}</span>}
            {errors[l.id] && <div className="field-error" role="alert">{errors[l.id]}</div>}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * 'Oproep afronden' (spec 2 §2.7, §5): delivered and picked-up lines ticked in separate lists, the
 * signature (required except bulk) and the signer's name. Goes through the outbox: offline the
 * signed finish waits on the device until the server accepted it.
 */
export function FinishDeliveryModal({ delivery: d, onClose }: { delivery: DeliveryDetail; onClose: () => void }) {
  const bulk = d.delivery_type_id === DeliveryType.BULK_LEVERING;
  const deliver = d.products.filter((l) => l.is_pickup === 0);
  const pickup = d.products.filter((l) => l.is_pickup === 1);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [signature, setSignature] = useState<string | null>(null);
  const [signer, setSigner] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useUnsavedWork(!!signature || signer !== '' || ticked.size > 0);

  const toggle = (id: number) => setTicked((t) => {
    const next = new Set(t);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  const submit = async () => {
    if (submitting) return;
    const local: Record<string, string> = {};
    if (!bulk && !signature) local.handtekening = fieldworkMsg.signatureRequired;
    if (!bulk && signer.trim() === '') local.signer_name = fieldworkMsg.signerRequired;
    setErrors(local);
    if (Object.keys(local).length) return;
    setSubmitting(true);
    try {
      const tickedLineIds = d.products.filter((l) => ticked.has(l.id)).map((l) => l.id);
      const outcome = await finishDeliveryOffline(d, {
        tickedLineIds, handtekening: signature, signerName: signer.trim() || null, signedAt: new Date(),
      });
      if (outcome.status === 'sent') {
        showToast('Gelukt', fieldworkMsg.finished);
        onClose();
      } else if (outcome.status === 'waiting') {
        showToast('Opgeslagen in de wachtrij', 'Er is geen verbinding. De levering wordt afgerond zodra er weer verbinding is; de handtekening blijft op dit apparaat bewaard.', 'warning');
        onClose();
      } else {
        // Refused while online: the modal keeps the signature and shows why; nothing stays in the outbox.
        await discardAction(outcome.id);
        const fields: Record<string, string> = {};
        const perLine: Record<number, string> = {};
        const other: string[] = [];
        const sentLines = d.products.filter((l) => ticked.has(l.id));
        for (const [key, messages] of Object.entries(outcome.errors)) {
          const m = /^items\.(\d+)\./.exec(key);
          if (m && sentLines[Number(m[1])]) perLine[sentLines[Number(m[1])]!.id] = messages[0]!;
          else if (key === 'handtekening' || key === 'signer_name') fields[key] = messages[0]!;
          else other.push(...messages);
        }
        setErrors(fields);
        setLineErrors(perLine);
        setFormMessage(other.length ? other.join(' ') : null);
        showToast(FINISH_TOAST_TITLE, fieldworkMsg.finishFailed, 'alert');
      }
    } catch {
      showToast(FINISH_TOAST_TITLE, fieldworkMsg.finishFailed, 'alert');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal title="Oproep afronden" onClose={onClose} size="large"
      footer={(
        <div className="fw-actions">
          <button type="button" className="button button-primary" disabled={submitting} aria-busy={submitting || undefined} onClick={() => void submit()}>Afronden</button>
          <button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button>
        </div>
      )}>
      {formMessage && <div className="notice notice-alert" role="alert">{formMessage}</div>}
      <div className="fw-finish">
        <TickList d={d} lines={deliver} title="Geleverde artikelen" ticked={ticked} onToggle={toggle} errors={lineErrors} />
        <TickList d={d} lines={pickup} title="Opgehaalde artikelen" ticked={ticked} onToggle={toggle} errors={lineErrors} />
        <p className="muted">Wat niet is aangevinkt, komt als backorder op de levering.</p>
        <div className="field">
          <label htmlFor="fw-signer">Naam ondertekenaar{bulk ? '' : ' *'}</label>
          <input id="fw-signer" value={signer} autoComplete="name" maxLength={160}
            aria-invalid={errors.signer_name ? true : undefined} onChange={(e) => { setSigner(e.target.value); setErrors(({ signer_name: _, ...rest }) => rest); }} />
          {errors.signer_name && <div className="field-error" role="alert">{errors.signer_name}</div>}
        </div>
        {!bulk && <SignaturePad onChange={(png) => { setSignature(png); if (png) setErrors(({ handtekening: _, ...rest }) => rest); }} error={errors.handtekening} />}
      </div>
    </Modal>
  );
}
