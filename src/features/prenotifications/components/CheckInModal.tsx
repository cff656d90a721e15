import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addSerials, parseBulkSerials, serialKey } from '@domain/scan';
import { ACCESSORY_GROUP_ID } from '@domain/schemas/stock';
import { discardAction } from '../../../offline/outbox';
import { Modal } from '../../../ui/Modal';
import { ScanInput } from '../../../ui/ScanInput';
import { confirmDialog } from '../../../shell/confirm';
import { showToast, toastError } from '../../../shell/toast';
import { useUnsavedWork } from '../../../shell/update-guard';
import { checkInArticles, serialsInStock } from '../api/check-in';
import type { AsnDetail, AsnLine } from '@domain/contracts/prenotifications';
import { countOf, emptyLine, lineIn, type LineState } from './check-in-lines';

const BULK_ROWS = 12;

/**
 * 'Artikelen inklaren': per article the serials (scanned or pasted) or, for accessories, a quantity; sent through the
 * outbox.
 */
export function CheckInModal({ asn, onClose }: { asn: AsnDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const open = asn.products.filter((l) => l.arrived < l.expected);
  const lines = open.length ? open : asn.products;
  const [state, setState] = useState<Record<number, LineState>>(() =>
    Object.fromEntries(lines.map((l) => [l.id, emptyLine()])),
  );
  const [submitting, setSubmitting] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);

  const entered = lines.reduce((n, l) => n + countOf(lineIn(state, l.id)), 0);
  useUnsavedWork(entered > 0);

  const update = (id: number, patch: Partial<LineState> | ((s: LineState) => Partial<LineState>)) =>
    setState((all) => ({
      ...all,
      [id]: { ...lineIn(all, id), ...(typeof patch === 'function' ? patch(lineIn(all, id)) : patch) },
    }));

  /** Serials on the other lines count as already scanned. */
  const takenElsewhere = (id: number) =>
    new Set(lines.filter((l) => l.id !== id).flatMap((l) => lineIn(state, l.id).serials.map(serialKey)));
  /** Serials accepted here but still being looked up in stock, per line: a quick second scan sees them. */
  const checking = useRef(new Map<number, string[]>());
  const [lookUps, setLookUps] = useState(0);

  /**
   * Decides once per serial, then shows it once: the local rules, then (online) whether it is already in
   * stock; only what passes both is added. Offline or when the look-up fails, the server decides on save.
   * Returns the first refusal for the scan field's feedback.
   */
  const add = async (line: AsnLine, incoming: string[], showUnderLine: boolean): Promise<string | null> => {
    const inFlight = checking.current.get(line.id) ?? [];
    const out = addSerials([...lineIn(state, line.id).serials, ...inFlight], incoming, takenElsewhere(line.id));
    setFormMessage(null);
    let accepted = out.accepted;
    const refused = [...out.refused];
    if (accepted.length && navigator.onLine) {
      checking.current.set(line.id, [...inFlight, ...accepted]);
      setLookUps((n) => n + 1);
      try {
        const inStock = await serialsInStock(accepted);
        for (const serial of accepted) {
          const message = inStock.get(serialKey(serial));
          if (message !== undefined) refused.push({ serial, message });
        }
        accepted = accepted.filter((x) => !inStock.has(serialKey(x)));
      } catch {
        // No answer: keep them; the server refuses a duplicate on save.
      } finally {
        const keys = new Set(out.accepted.map(serialKey));
        checking.current.set(
          line.id,
          (checking.current.get(line.id) ?? []).filter((x) => !keys.has(serialKey(x))),
        );
        setLookUps((n) => n - 1);
      }
    }
    update(line.id, (s) => ({
      serials: [...s.serials, ...accepted.filter((x) => !s.serials.some((y) => serialKey(y) === serialKey(x)))],
      // A scan's refusal shows in the scan field; a pasted list's refusals are listed under the line.
      messages: showUnderLine ? refused.map((r) => `${r.serial}: ${r.message}`) : [],
    }));
    return refused[0]?.message ?? null;
  };

  const removeSerial = (id: number, index: number) =>
    update(id, (s) => ({ serials: s.serials.filter((_, k) => k !== index), serialErrors: {} }));

  const submit = async (finish: boolean) => {
    if (submitting) return;
    const allArrived = lines.every((l) => l.arrived + countOf(lineIn(state, l.id)) >= l.expected);
    if (finish && !allArrived) {
      const ok = await confirmDialog({
        title: 'Voormelding afronden',
        text: 'Niet alle artikelen zijn binnen. Wil je de voormelding afronden als deellevering?',
        confirmLabel: 'Afronden',
      });
      if (!ok) return;
    }
    const products = lines
      .map((l) => ({ id: l.id, line: lineIn(state, l.id) }))
      .map(({ id, line }) => ({
        asn_product_id: id,
        serials: line.serials,
        ...(line.quantity ? { quantity: Number(line.quantity) } : {}),
      }))
      .filter((p) => p.serials.length || p.quantity);
    setSubmitting(true);
    try {
      const outcome = await checkInArticles(queryClient, asn, products, finish);
      if (outcome.status === 'sent') {
        showToast('Gelukt', 'De voormelding is ingeklaard');
        onClose();
      } else if (outcome.status === 'waiting') {
        showToast(
          'Opgeslagen in de wachtrij',
          'Er is geen verbinding. De inklaring wordt verstuurd zodra er weer verbinding is.',
          'warning',
        );
        onClose();
      } else {
        // Refused while the user is here: show it on the form and keep the outbox clean.
        await discardAction(outcome.id);
        setState((all) => {
          const next = { ...all };
          products.forEach((p, i) => {
            const serialErrors: Record<number, string> = {};
            for (const [key, msgs] of Object.entries(outcome.errors)) {
              const m = new RegExp(`^products\\.${i}\\.serials\\.(\\d+)$`).exec(key);
              if (m) serialErrors[Number(m[1])] = msgs[0] ?? '';
            }
            const lineMsgs = Object.entries(outcome.errors)
              .filter(([k]) => k === `products.${i}.serials` || k === `products.${i}.quantity`)
              .flatMap(([, m]) => m);
            next[p.asn_product_id] = { ...lineIn(next, p.asn_product_id), serialErrors, messages: lineMsgs };
          });
          return next;
        });
        setFormMessage(outcome.message);
        toastError(`Voormelding inklaren mislukt: ${outcome.message}`);
      }
    } catch {
      toastError('Voormelding inklaren mislukt');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="Artikelen inklaren"
      onClose={onClose}
      size="large"
      footer={
        <div className="pn-actions ci-footer">
          <button
            type="button"
            className="button button-primary"
            disabled={submitting || lookUps > 0 || entered === 0}
            aria-busy={submitting || undefined}
            onClick={() => submit(false)}
          >
            Opslaan
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={submitting || lookUps > 0 || entered === 0}
            onClick={() => submit(true)}
          >
            Opslaan en afronden
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
      <div className="ci-lines">
        {lines.map((line, index) => {
          const s = lineIn(state, line.id);
          const accessory = line.product.product_group_id === ACCESSORY_GROUP_ID;
          const remaining = Math.max(0, line.expected - line.arrived);
          const count = countOf(s);
          return (
            <section className="ci-line" key={line.id} aria-label={line.product.name}>
              <div className="ci-line-head">
                <span className="ci-line-title">
                  {line.product.name} <small>({line.product.article_number})</small>
                </span>
                <span className="ci-line-count" data-testid={`ci-count-${line.id}`}>
                  {Math.max(0, remaining - count)} van {remaining} nog te ontvangen
                </span>
              </div>
              {accessory ? (
                <label className="ci-qty">
                  Aantal
                  <input
                    type="number"
                    min={0}
                    inputMode="numeric"
                    value={s.quantity}
                    onChange={(e) => update(line.id, { quantity: e.target.value })}
                  />
                </label>
              ) : (
                <>
                  <ScanInput
                    label={`Serienummer ${line.product.name}`}
                    autoFocus={index === 0}
                    onScan={(serial) => add(line, [serial], false)}
                  />
                  {s.serials.length > 0 && (
                    <ul className="ci-serials" aria-label={`Gescande serienummers ${line.product.name}`}>
                      {s.serials.map((serial, k) => (
                        <li
                          key={serial}
                          className={s.serialErrors[k] ? 'ci-serial has-error' : 'ci-serial'}
                          title={s.serialErrors[k]}
                        >
                          {serial}
                          {s.serialErrors[k] && ` – ${s.serialErrors[k]}`}
                          <button
                            type="button"
                            aria-label={`${serial} verwijderen`}
                            onClick={() => removeSerial(line.id, k)}
                          >
                            ×
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <button
                    type="button"
                    className="button button-secondary ci-toggle"
                    aria-expanded={s.showBulk}
                    onClick={() => update(line.id, { showBulk: !s.showBulk })}
                  >
                    Meerdere serienummers plakken
                  </button>
                  {s.showBulk && (
                    <div className="ci-bulk">
                      <label htmlFor={`ci-bulk-${line.id}`}>Serienummers, gescheiden door komma&apos;s</label>
                      <textarea
                        id={`ci-bulk-${line.id}`}
                        rows={BULK_ROWS}
                        value={s.bulk}
                        onChange={(e) => update(line.id, { bulk: e.target.value })}
                      />
                      <div className="ci-bulk-row">
                        <button
                          type="button"
                          className="button button-primary"
                          disabled={s.bulk.trim() === ''}
                          onClick={() => {
                            void add(line, parseBulkSerials(s.bulk), true);
                            update(line.id, { bulk: '' });
                          }}
                        >
                          Toevoegen
                        </button>
                      </div>
                    </div>
                  )}
                </>
              )}
              {s.messages.map((m) => (
                <div key={m} className="ci-message" role="alert">
                  {m}
                </div>
              ))}
            </section>
          );
        })}
      </div>
    </Modal>
  );
}
