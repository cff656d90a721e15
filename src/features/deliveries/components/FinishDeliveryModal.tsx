import { useState } from 'react';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { DeliveryType } from '@domain/enums';
import { fieldworkMsg } from '@domain/fieldwork';
import { finishDeliveryOffline, linesForWaitingSerials } from '../offline/fieldwork';
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

/** A serial waiting in the outbox whose line (article) the device cannot tell: ticked by the serial. */
interface WaitingSerials {
  serials: readonly string[];
  ticked: Set<string>;
  onToggle: (serial: string) => void;
  errors: Record<string, string>;
}

function TickList({
  d,
  lines,
  title,
  ticked,
  onToggle,
  errors,
  waiting,
}: {
  d: DeliveryDetail;
  lines: Line[];
  title: string;
  ticked: Set<number>;
  onToggle: (id: number) => void;
  errors: Record<number, string>;
  waiting?: WaitingSerials;
}) {
  if (lines.length === 0 && !waiting?.serials.length) return null;
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
            {errors[l.id] && (
              <div className="field-error" role="alert">
                {errors[l.id]}
              </div>
            )}
          </div>
        );
      })}
      {waiting?.serials.map((serial) => (
        <div key={serial} className="fw-tick" data-testid="fw-waiting-serial">
          <label>
            <input type="checkbox" checked={waiting.ticked.has(serial)} onChange={() => waiting.onToggle(serial)} />
            {serial}
          </label>
          <span className="muted"> – {PENDING_STATUS_NAME}</span>
          {waiting.errors[serial] && (
            <div className="field-error" role="alert">
              {waiting.errors[serial]}
            </div>
          )}
        </div>
      ))}
    </fieldset>
  );
}

/**
 * 'Oproep afronden' (spec 2 §2.7, §5): delivered and picked-up lines ticked in separate lists, the
 * signature (required except bulk) and the signer's name. Goes through the outbox: offline the
 * signed finish waits on the device until the server accepted it.
 */
export function FinishDeliveryModal({
  delivery: d,
  waitingSerials = [],
  onClose,
}: {
  delivery: DeliveryDetail;
  /** Serials waiting in the outbox that the page could not put on a line (several articles wait for items). */
  waitingSerials?: readonly string[];
  onClose: () => void;
}) {
  const bulk = d.delivery_type_id === DeliveryType.BULK_LEVERING;
  // The lines those serials will fill are shown (and sent) as the serials themselves.
  const filled = linesForWaitingSerials(d.products, waitingSerials);
  const deliver = d.products.filter((l) => l.is_pickup === 0 && !filled.has(l.id));
  const pickup = d.products.filter((l) => l.is_pickup === 1);
  // Ticked at the start: what was checked out and what is to be picked up; the driver unticks what did not go.
  const [initialTicks] = useState(
    () => new Set([...deliver.filter((l) => l.checked_out_at), ...pickup].map((l) => l.id)),
  );
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(initialTicks));
  const [tickedSerials, setTickedSerials] = useState<Set<string>>(() => new Set(waitingSerials));
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});
  const [signature, setSignature] = useState<string | null>(null);
  const [signer, setSigner] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ticksChanged =
    ticked.size !== initialTicks.size ||
    [...ticked].some((id) => !initialTicks.has(id)) ||
    tickedSerials.size !== waitingSerials.length;
  useUnsavedWork(!!signature || signer !== '' || ticksChanged);

  const flip = <T,>(set: Set<T>, x: T) => {
    const next = new Set(set);
    if (next.has(x)) next.delete(x);
    else next.add(x);
    return next;
  };
  const toggle = (id: number) => setTicked((t) => flip(t, id));
  const toggleSerial = (serial: string) => setTickedSerials((t) => flip(t, serial));

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
      const sentSerials = waitingSerials.filter((s) => tickedSerials.has(s));
      const outcome = await finishDeliveryOffline(d, {
        tickedLineIds,
        waitingSerials,
        tickedSerials: sentSerials,
        handtekening: signature,
        signerName: signer.trim() || null,
        signedAt: new Date(),
      });
      if (outcome.status === 'sent') {
        showToast('Gelukt', fieldworkMsg.finished);
        onClose();
      } else if (outcome.status === 'waiting') {
        showToast(
          'Opgeslagen in de wachtrij',
          'Er is geen verbinding. De levering wordt afgerond zodra er weer verbinding is; de handtekening blijft op ' +
            'dit apparaat bewaard.',
          'warning',
        );
        onClose();
      } else {
        // Refused while online: the modal keeps the signature and shows why; nothing stays in the outbox.
        await discardAction(outcome.id);
        const fields: Record<string, string> = {};
        const perLine: Record<number, string> = {};
        const perSerial: Record<string, string> = {};
        const other: string[] = [];
        // items[] is the ticked lines in order, then the ticked waiting serials (finishPayload).
        const sentLines = d.products.filter((l) => ticked.has(l.id));
        for (const [key, messages] of Object.entries(outcome.errors)) {
          const m = /^items\.(\d+)\./.exec(key);
          const k = m ? Number(m[1]) : -1;
          const line = sentLines[k];
          const serial = sentSerials[k - sentLines.length];
          const [first = ''] = messages;
          if (line) perLine[line.id] = first;
          else if (serial !== undefined) perSerial[serial] = first;
          else if (key === 'handtekening' || key === 'signer_name') fields[key] = first;
          else other.push(...messages);
        }
        setErrors(fields);
        setLineErrors(perLine);
        setSerialErrors(perSerial);
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
    <Modal
      title="Oproep afronden"
      onClose={onClose}
      size="large"
      footer={
        <div className="fw-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={submitting}
            aria-busy={submitting || undefined}
            onClick={() => void submit()}
          >
            Afronden
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </div>
      }
    >
      {formMessage && (
        <div className="notice notice-alert" role="alert">
          {formMessage}
        </div>
      )}
      <div className="fw-finish">
        <TickList
          d={d}
          lines={deliver}
          title="Geleverde artikelen"
          ticked={ticked}
          onToggle={toggle}
          errors={lineErrors}
          waiting={{ serials: waitingSerials, ticked: tickedSerials, onToggle: toggleSerial, errors: serialErrors }}
        />
        <TickList
          d={d}
          lines={pickup}
          title="Opgehaalde artikelen"
          ticked={ticked}
          onToggle={toggle}
          errors={lineErrors}
        />
        <p className="muted">Vink uit wat niet is geleverd of opgehaald: dat wordt een backorder.</p>
        {!bulk && (
          <div className="field">
            <label htmlFor="fw-signer">Naam ondertekenaar *</label>
            <input
              id="fw-signer"
              value={signer}
              autoComplete="name"
              maxLength={160}
              aria-invalid={errors.signer_name ? true : undefined}
              onChange={(e) => {
                setSigner(e.target.value);
                setErrors(({ signer_name: _, ...rest }) => rest);
              }}
            />
            {errors.signer_name && (
              <div className="field-error" role="alert">
                {errors.signer_name}
              </div>
            )}
          </div>
        )}
        {!bulk && (
          <SignaturePad
            onChange={(png) => {
              setSignature(png);
              if (png) setErrors(({ handtekening: _, ...rest }) => rest);
            }}
            error={errors.handtekening}
          />
        )}
      </div>
    </Modal>
  );
}
