import { useState } from 'react';
import { currentInvoiceMonth, invoiceYears } from '@domain/schemas/invoices';
import { dutchMonths } from '@domain/format';
import { SelectField } from '../../../ui/form/ChoiceFields';
import { Modal } from '../../../ui/Modal';
import { useDownloadInvoice, type InvoiceDocument } from '../api/invoices';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Invoice generation of an end customer (spec 1 §2.10, §9): year 2022 up to this year, month
 * January to December, both defaulting to now; a month that has not begun cannot be chosen (the
 * server refuses it too).
 */
export function InvoiceModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const now = currentInvoiceMonth();
  const [year, setYear] = useState(now.year);
  const [month, setMonth] = useState(now.month);
  const downloadInvoice = useDownloadInvoice();
  const [busy, setBusy] = useState<InvoiceDocument | null>(null);
  const lastMonth = year === now.year ? now.month : 12;

  const get = (document: InvoiceDocument) => {
    setBusy(document);
    downloadInvoice.mutate({ clientId, document, year, month }, { onSettled: () => setBusy(null) });
  };
  const chooseYear = (value: string) => {
    const y = Number(value);
    setYear(y);
    if (y === now.year) setMonth((m) => Math.min(m, now.month));
  };

  return (
    <Modal
      title="Factuur genereren"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={busy !== null}
            aria-busy={busy === 'overview'}
            onClick={() => get('overview')}
          >
            Download factuuroverzicht
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            aria-busy={busy === 'attachment'}
            onClick={() => get('attachment')}
          >
            Download bijlage
          </button>
        </>
      }
    >
      <div className="form-grid">
        <SelectField
          label="Jaar"
          name="year"
          placeholder={null}
          value={String(year)}
          onChange={chooseYear}
          options={invoiceYears().map((y) => ({ value: String(y), label: String(y) }))}
        />
        <SelectField
          label="Maand"
          name="month"
          placeholder={null}
          value={String(month)}
          onChange={(m) => setMonth(Number(m))}
          options={dutchMonths.map((name, i) => ({
            value: String(i + 1),
            label: capitalize(name),
            disabled: i + 1 > lastMonth,
          }))}
        />
      </div>
    </Modal>
  );
}
