import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { MONEY_EXAMPLE, centsToApiPrice, centsToInput, parseMoneyToCents } from '@domain/money';
import { monthlyPaymentSchema } from '@domain/schemas/clients';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/form/TextField';
import { SubmitButton } from '../../../ui/form/FormError';
import { showToast } from '../../../shell/toast';
import { useSaveMonthlyPayments } from '../api/mutations';
import type { MonthlyPayment } from '@domain/contracts/clients';
import { checkPayload } from './validate';

/** 'Vaste bedragen': rows of description and price; the price shows a decimal comma and is sent with a dot. */
export function MonthlyPaymentsModal({
  clientId,
  current,
  onClose,
}: {
  clientId: number;
  current: MonthlyPayment[];
  onClose: () => void;
}) {
  const [rows, setRows] = useState(
    current.length
      ? current.map((m) => ({ description: m.description, price: centsToInput(m.price_cents) }))
      : [{ description: '', price: '' }],
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveMonthlyPayments();
  const set = (i: number, key: 'description' | 'price', value: string) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, [key]: value } : row)));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // Typed the Dutch way ('1.234,56'), sent with a dot decimal (spec 1 §9); what cannot be read goes as typed, for the
    // schema's message.
    const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.description || row.price);
    const payload = filled.map(({ row }) => {
      const cents = parseMoneyToCents(row.price);
      return { description: row.description, price: cents === null ? row.price : centsToApiPrice(cents) };
    });
    try {
      checkPayload(monthlyPaymentSchema, { monthlypayment: payload });
      await save.mutateAsync({ clientId, rows: payload });
      showToast('Gelukt', 'Vaste bedragen zijn opgeslagen');
      onClose();
    } catch (err) {
      // Other failures: the mutation's toast (src/shell/query-errors.ts).
      // The messages name the sent rows; blank rows were left out, so they go back to the row on screen.
      if (err instanceof ApiError && err.isValidation)
        setErrors(
          onScreenRows(
            err.fieldErrors,
            filled.map((f) => f.index),
          ),
        );
    }
  };
  return (
    <Modal
      title="Vaste bedragen"
      onClose={onClose}
      footer={
        <>
          <SubmitButton form="monthly-form" pending={save.isPending}>
            Opslaan
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Annuleren
          </button>
        </>
      }
    >
      <form id="monthly-form" className="form" onSubmit={submit} noValidate>
        {rows.map((row, i) => (
          <div key={i} className="monthly-row">
            <TextField
              label="Omschrijving"
              name={`monthlypayment.${i}.description`}
              value={row.description}
              error={errors[`monthlypayment.${i}.description`]?.[0]}
              onChange={(v) => set(i, 'description', v)}
            />
            <TextField
              label="Bedrag (€)"
              name={`monthlypayment.${i}.price`}
              value={row.price}
              inputMode="decimal"
              placeholder={MONEY_EXAMPLE}
              error={errors[`monthlypayment.${i}.price`]?.[0]}
              onChange={(v) => set(i, 'price', v)}
            />
            <button
              type="button"
              className="button button-secondary"
              aria-label="Regel verwijderen"
              onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="link-button"
            onClick={() => setRows((r) => [...r, { description: '', price: '' }])}
          >
            Regel toevoegen
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** 'monthlypayment.{k}.price' of the k-th sent row as the key of its row on screen. */
function onScreenRows(errors: Record<string, string[]>, screenIndex: number[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, messages]) => [
      key.replace(/^monthlypayment\.(\d+)\./, (_, k: string) => `monthlypayment.${screenIndex[Number(k)] ?? k}.`),
      messages,
    ]),
  );
}
