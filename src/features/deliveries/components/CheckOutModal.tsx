import { useEffect, useRef, useState } from 'react';
import type { DeliveryDetail } from '@domain/contracts/deliveries';
import { DeliveryType } from '@domain/enums';
import { fieldworkMsg } from '@domain/fieldwork';
import { addSerials, scanMsg, serialKey } from '@domain/scan';
import { checkOutSerials } from '../offline/fieldwork';
import { discardAction } from '../../../offline/outbox';
import { showToast } from '../../../shell/toast';
import { useUnsavedWork } from '../../../shell/update-guard';
import { Modal } from '../../../ui/Modal';
import { ScanInput, type ScanOutcome, type ScanResult } from '../../../ui/ScanInput';
import { checkCheckOutSerials, recheckOutcome } from '../api/check-out-check';
import { AccessoryCountFields } from './AccessoryCountFields';
import { ArticleCountsTable } from './ArticleCountsTable';
import { BulkSerialsField } from './BulkSerialsField';
import { articleCounts, checkedOutSerials, splitErrors } from './check-out-counts';
import { ScannedSerialList } from './ScannedSerialList';

/**
 * 'Artikelen uitklaren' (spec 2 §2.7, §5): one scan field (hardware scanner or camera) and comma
 * separated entry for serials, a count per accessory (product group 3). Online, every scan is judged
 * by the server at once (POST /delivery/checkout/check) and a refused serial is not added. Offline,
 * a scan is added marked 'nog niet gecontroleerd': the marks are checked when the connection returns
 * while the dialog is open, else the server judges the batch when the outbox sends it (a refused
 * batch stays in /wachtrij with its serials). Sent through the outbox; a refusal on save shows per serial.
 */
export function CheckOutModal({ delivery: d, onClose }: { delivery: DeliveryDetail; onClose: () => void }) {
  const articles = articleCounts(d);
  const accessories = articles.filter((a) => a.accessory && a.openWithoutItem > 0);
  const [serials, setSerials] = useState<string[]>([]);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});
  const [amountErrors, setAmountErrors] = useState<Record<number, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Serial keys accepted without the server's verdict (offline). */
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  /** The verdict on those, once the connection returned: the scan field says it. */
  const [recheck, setRecheck] = useState<ScanOutcome | null>(null);
  /** Serials accepted here and still being judged by the server: a quick second scan sees them. */
  const inFlight = useRef<string[]>([]);
  const [checking, setChecking] = useState(0);
  const done = checkedOutSerials(d);

  const counted = accessories
    .map((a) => ({ product_id: a.id, amount: Number(amounts[a.id]) || 0 }))
    .filter((a) => a.amount > 0);
  const entered = serials.length + counted.reduce((n, a) => n + a.amount, 0);
  useUnsavedWork(entered > 0);

  const markErrors = (judged: Map<string, string | null>) =>
    setSerialErrors((e) => {
      const next = { ...e };
      for (const [key, message] of judged) {
        if (message) next[key] = message;
        else delete next[key];
      }
      return next;
    });

  /**
   * Decides once per serial: the scan rules here, then (online) the server; only what passes both is
   * added. Without an answer the serials are added as not yet checked. Returns the scan field's result;
   * a pasted list's refusals are listed under the field (a scan's show in the field itself).
   */
  const add = async (incoming: string[], listRefusals: boolean): Promise<ScanResult> => {
    const before = [...serials, ...inFlight.current];
    const out = addSerials(before, incoming, done);
    const refused = [...out.refused];
    let accepted = out.accepted;
    let note: string | null = null;
    setFormMessage(null);
    if (accepted.length) {
      inFlight.current = [...inFlight.current, ...accepted];
      setChecking((n) => n + 1);
      try {
        const verdict = await checkCheckOutSerials(d.id, [...before, ...accepted]);
        if (verdict.kind === 'closed') {
          refused.push(...accepted.map((serial) => ({ serial, message: verdict.message })));
          accepted = [];
        } else if (verdict.kind === 'offline') {
          note = scanMsg.unchecked;
          const keys = accepted.map(serialKey);
          setUnchecked((u) => new Set([...u, ...keys]));
        } else {
          const judged = verdict.refusals;
          for (const serial of accepted) {
            const message = judged.get(serialKey(serial));
            if (message) refused.push({ serial, message });
          }
          accepted = accepted.filter((x) => !judged.get(serialKey(x)));
          // The earlier serials were judged again too: their marks follow the answer.
          const earlier = new Map(before.map((x) => [serialKey(x), judged.get(serialKey(x)) ?? null]));
          markErrors(earlier);
          setUnchecked(new Set());
        }
      } finally {
        const keys = new Set(out.accepted.map(serialKey));
        inFlight.current = inFlight.current.filter((x) => !keys.has(serialKey(x)));
        setChecking((n) => n - 1);
      }
    }
    setSerials((all) => [...all, ...accepted.filter((x) => !all.some((y) => serialKey(y) === serialKey(x)))]);
    setMessages(listRefusals ? refused.map((r) => `${r.serial}: ${r.message}`) : []);
    if (refused[0]) return refused[0].message;
    return note ? { note } : null;
  };

  // Back online with unchecked scans while the dialog is open: the server judges them now.
  const serialsRef = useRef(serials);
  const uncheckedRef = useRef(unchecked);
  useEffect(() => {
    serialsRef.current = serials;
    uncheckedRef.current = unchecked;
  });
  const hasUnchecked = unchecked.size > 0;
  useEffect(() => {
    if (!hasUnchecked) return;
    const recheck = async () => {
      const list = serialsRef.current;
      if (!list.length) return;
      const verdict = await checkCheckOutSerials(d.id, list);
      if (verdict.kind === 'judged') {
        markErrors(new Map(list.map((x) => [serialKey(x), verdict.refusals.get(serialKey(x)) ?? null])));
        // The scan field still said 'nog niet gecontroleerd': now it says the outcome; each refusal stands at its
        // serial.
        setRecheck(
          recheckOutcome(
            list.filter((x) => uncheckedRef.current.has(serialKey(x))),
            verdict.refusals,
          ),
        );
        setUnchecked(new Set());
        setMessages([]);
      } else if (verdict.kind === 'closed') {
        setFormMessage(verdict.message);
      }
    };
    const onOnline = () => void recheck();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [hasUnchecked, d.id]);
  const remove = (serial: string) => {
    setSerials((all) => all.filter((s) => s !== serial));
    setUnchecked((u) => new Set([...u].filter((k) => k !== serialKey(serial))));
    setSerialErrors((e) => {
      const next = { ...e };
      delete next[serialKey(serial)];
      return next;
    });
  };

  const submit = async () => {
    if (submitting || checking > 0 || entered === 0) return;
    setSubmitting(true);
    try {
      const outcome = await checkOutSerials(d, serials, counted);
      if (outcome.status === 'sent') {
        showToast('Gelukt', fieldworkMsg.checkedOut);
        onClose();
      } else if (outcome.status === 'waiting') {
        showToast(
          'Opgeslagen in de wachtrij',
          'Er is geen verbinding. De items worden uitgeklaard zodra er weer verbinding is.',
          'warning',
        );
        onClose();
      } else {
        // Refused while the user is here: shown on the form, nothing stays in the outbox.
        await discardAction(outcome.id);
        const { perSerial, perArticle, other } = splitErrors(
          outcome.errors,
          serials,
          counted.map((a) => ({ id: a.product_id })),
        );
        setSerialErrors(perSerial);
        setAmountErrors(perArticle);
        setFormMessage(other.length ? other.join(' ') : null);
        const reasons = [...new Set([...Object.values(perSerial), ...Object.values(perArticle), ...other])];
        showToast(fieldworkMsg.checkOutFailed, reasons.join(' ') || outcome.message, 'alert');
      }
    } catch {
      showToast(fieldworkMsg.checkOutFailed, 'Er is helaas iets fout gegaan.', 'alert');
    } finally {
      setSubmitting(false);
    }
  };

  const bulkDelivery = d.delivery_type_id === DeliveryType.BULK_LEVERING;
  return (
    <Modal
      title="Artikelen uitklaren"
      onClose={onClose}
      size="large"
      footer={
        <div className="fw-actions fw-checkout-footer">
          <button
            type="button"
            className="button button-primary"
            disabled={submitting || checking > 0 || entered === 0}
            aria-busy={submitting || undefined}
            onClick={() => void submit()}
          >
            Opslaan
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
      <div className="fw-checkout">
        <ArticleCountsTable
          articles={articles}
          label={bulkDelivery ? 'Aantallen per artikel' : 'Te leveren artikelen'}
        />

        <ScanInput
          label="Serienummer"
          autoFocus
          onScan={(serial) => add([serial], false)}
          hint={`${serials.length} gescand`}
          outcome={recheck}
        />
        <BulkSerialsField onAdd={(list) => void add(list, true)} />
        {messages.map((m) => (
          <div key={m} className="fw-message" role="alert">
            {m}
          </div>
        ))}
        {serials.length > 0 && (
          <ScannedSerialList serials={serials} errors={serialErrors} unchecked={unchecked} onRemove={remove} />
        )}

        {accessories.length > 0 && (
          <AccessoryCountFields
            accessories={accessories}
            amounts={amounts}
            errors={amountErrors}
            onChange={(id, amount) => {
              setAmounts((x) => ({ ...x, [id]: amount }));
              setAmountErrors((x) => ({ ...x, [id]: '' }));
            }}
          />
        )}
        {entered === 0 && <p className="muted">{scanMsg.nothing}</p>}
      </div>
    </Modal>
  );
}
