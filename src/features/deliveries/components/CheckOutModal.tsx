import { useState } from 'react';
import type { DeliveryDetail } from '../../../domain/contracts/deliveries';
import { DeliveryType } from '../../../domain/enums';
import { fieldworkMsg } from '../../../domain/fieldwork';
import { addSerials, parseBulkSerials, scanMsg, serialKey } from '../../../domain/scan';
import { ACCESSORY_GROUP_ID } from '../../../domain/schemas/stock';
import { checkOutSerials } from '../../../offline/fieldwork';
import { discardAction } from '../../../offline/outbox';
import { showToast } from '../../../shell/toast';
import { useUnsavedWork } from '../../../shell/update-guard';
import { Modal } from '../../../ui/Modal';
import { ScanInput } from '../../../ui/ScanInput';

const BULK_ROWS = 12;

type Line = DeliveryDetail['products'][number];

interface ArticleCount {
  id: number;
  name: string;
  articleNumber: string;
  expected: number;
  checkedOut: number;
  accessory: boolean;
  /** Open lines without item: what a count may check out (accessories). */
  openWithoutItem: number;
}

/** Per article of the lines to deliver: how many, and how many are checked out ('Uitgeklaard'). */
function articleCounts(d: DeliveryDetail): ArticleCount[] {
  const byId = new Map<number, ArticleCount>();
  for (const l of d.products.filter((x) => x.is_pickup === 0)) {
    const a = byId.get(l.product_id) ?? {
      id: l.product_id, name: l.product.name, articleNumber: l.product.article_number, expected: 0, checkedOut: 0,
      accessory: l.product.product_group_id === ACCESSORY_GROUP_ID, openWithoutItem: 0,
    };
    a.expected += 1;
    if (l.checked_out_at) a.checkedOut += 1;
    else if (l.item_id === null) a.openWithoutItem += 1;
    byId.set(l.product_id, a);
  }
  return [...byId.values()];
}

/** Serials of this delivery's lines that are checked out already (here or waiting in the outbox). */
function checkedOutSerials(d: DeliveryDetail): Set<string> {
  const serialOf = (l: Line) => l.serial ?? d.items.find((i) => i.id === l.item_id)?.serial ?? null;
  return new Set(d.products.filter((l) => l.is_pickup === 0 && l.checked_out_at).map(serialOf).filter((s): s is string => !!s).map(serialKey));
}

/** Serial errors of a refused check-out (`serials.N`) by serial, and the other messages. */
function splitErrors(errors: Record<string, string[]>, serials: string[], articles: { id: number }[]) {
  const perSerial: Record<string, string> = {};
  const perArticle: Record<number, string> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const s = /^serials\.(\d+)$/.exec(key);
    const a = /^accessories\.(\d+)\.amount$/.exec(key);
    if (s && serials[Number(s[1])] !== undefined) perSerial[serialKey(serials[Number(s[1])]!)] = messages[0]!;
    else if (a && articles[Number(a[1])]) perArticle[articles[Number(a[1])]!.id] = messages[0]!;
    else other.push(...messages);
  }
  return { perSerial, perArticle, other };
}

/**
 * 'Artikelen uitklaren' (spec 2 §2.7, §5): one scan field (hardware scanner or camera) and comma
 * separated entry for serials, a count per accessory (product group 3). Sent through the outbox, so
 * it also works without a network; a refusal while online shows per serial.
 */
export function CheckOutModal({ delivery: d, onClose }: { delivery: DeliveryDetail; onClose: () => void }) {
  const articles = articleCounts(d);
  const accessories = articles.filter((a) => a.accessory && a.openWithoutItem > 0);
  const [serials, setSerials] = useState<string[]>([]);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [bulk, setBulk] = useState('');
  const [messages, setMessages] = useState<string[]>([]);
  const [serialErrors, setSerialErrors] = useState<Record<string, string>>({});
  const [amountErrors, setAmountErrors] = useState<Record<number, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const done = checkedOutSerials(d);

  const counted = accessories.map((a) => ({ product_id: a.id, amount: Number(amounts[a.id]) || 0 })).filter((a) => a.amount > 0);
  const entered = serials.length + counted.reduce((n, a) => n + a.amount, 0);
  useUnsavedWork(entered > 0);

  const add = (incoming: string[]): string | null => {
    const out = addSerials(serials, incoming, done);
    setSerials([...serials, ...out.accepted]);
    setMessages(out.refused.map((r) => `${r.serial}: ${r.message}`));
    setFormMessage(null);
    return out.refused[0]?.message ?? null;
  };
  const remove = (serial: string) => {
    setSerials((all) => all.filter((s) => s !== serial));
    setSerialErrors((e) => {
      const next = { ...e };
      delete next[serialKey(serial)];
      return next;
    });
  };

  const submit = async () => {
    if (submitting || entered === 0) return;
    setSubmitting(true);
    try {
      const outcome = await checkOutSerials(d, serials, counted);
      if (outcome.status === 'sent') {
        showToast('Gelukt', fieldworkMsg.checkedOut);
        onClose();
      } else if (outcome.status === 'waiting') {
        showToast('Opgeslagen in de wachtrij', 'Er is geen verbinding. De items worden uitgeklaard zodra er weer verbinding is.', 'warning');
        onClose();
      } else {
        // Refused while the user is here: shown on the form, nothing stays in the outbox.
        await discardAction(outcome.id);
        const { perSerial, perArticle, other } = splitErrors(outcome.errors, serials, counted.map((a) => ({ id: a.product_id })));
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
    <Modal title="Artikelen uitklaren" onClose={onClose} size="large"
      footer={(
        <div className="fw-actions">
          <button type="button" className="button button-primary" disabled={submitting || entered === 0} aria-busy={submitting || undefined} onClick={() => void submit()}>Opslaan</button>
          <button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button>
        </div>
      )}>
      {formMessage && <div className="notice notice-alert" role="alert">{formMessage}</div>}
      <div className="fw-checkout">
        <div className="table-scroll">
          <table className="table fw-counts" aria-label={bulkDelivery ? 'Aantallen per artikel' : 'Te leveren artikelen'}>
            <thead><tr><th>Artikelomschrijving</th><th>Artikelnummer</th><th>Aantal</th><th>Uitgeklaard</th></tr></thead>
            <tbody>
              {articles.map((a) => (
                <tr key={a.id}><td>{a.name}</td><td>{a.articleNumber}</td><td>{a.expected}</td><td data-testid={`fw-checked-out-${a.id}`}>{a.checkedOut}</td></tr>
              ))}
            </tbody>
          </table>
        </div>

        <ScanInput label="Serienummer" autoFocus onScan={(serial) => add([serial])} hint={`${serials.length} gescand`} />
        <div className="fw-bulk">
          <label htmlFor="fw-bulk-serials">Serienummers, gescheiden door komma&apos;s</label>
          <textarea id="fw-bulk-serials" rows={BULK_ROWS} value={bulk} onChange={(e) => setBulk(e.target.value)} />
          <div className="fw-bulk-row">
            <button type="button" className="button button-secondary" disabled={bulk.trim() === ''}
              onClick={() => { add(parseBulkSerials(bulk)); setBulk(''); }}>Toevoegen</button>
          </div>
        </div>
        {messages.map((m) => <div key={m} className="fw-message" role="alert">{m}</div>)}
        {serials.length > 0 && (
          <ul className="fw-serials" aria-label="Gescande serienummers">
            {serials.map((serial) => {
              const error = serialErrors[serialKey(serial)];
              return (
                <li key={serial} className={error ? 'fw-serial has-error' : 'fw-serial'}>
                  {serial}{error && ` – ${error}`}
                  <button type="button" aria-label={`${serial} verwijderen`} onClick={() => remove(serial)}>×</button>
                </li>
              );
            })}
          </ul>
        )}

        {accessories.length > 0 && (
          <fieldset className="fw-accessories">
            <legend>Accessoires (tellen)</legend>
            {accessories.map((a) => (
              <div key={a.id} className="fw-qty">
                <label htmlFor={`fw-amount-${a.id}`}>Aantal {a.name}</label>
                <input id={`fw-amount-${a.id}`} type="number" min={0} max={a.openWithoutItem} inputMode="numeric" value={amounts[a.id] ?? ''}
                  onChange={(e) => { setAmounts((x) => ({ ...x, [a.id]: e.target.value })); setAmountErrors((x) => ({ ...x, [a.id]: '' })); }} />
                <span className="muted">van {a.openWithoutItem} open</span>
                {amountErrors[a.id] && <div className="field-error" role="alert">{amountErrors[a.id]}</div>}
              </div>
            ))}
          </fieldset>
        )}
        {entered === 0 && <p className="muted">{scanMsg.nothing}</p>}
      </div>
    </Modal>
  );
}
