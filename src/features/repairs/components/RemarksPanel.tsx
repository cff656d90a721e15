import { useState, type FormEvent } from 'react';
import type { RepairDetail } from '@domain/contracts/repairs';
import { repairToast } from '@domain/schemas/repairs';
import { showToast } from '../../../shell/toast';
import { useUnsavedWork } from '../../../shell/update-guard';
import { useSaveRemarks } from '../api/remarks';

/** Remarks: a Superuser edits and saves them; everyone else reads them (spec 2 §2.10, §6). */
export function RemarksPanel({ repair }: { repair: RepairDetail }) {
  const saved = repair.repair_description ?? '';
  const [text, setText] = useState(saved);
  const save = useSaveRemarks(repair.id);
  useUnsavedWork(repair.can.edit_remarks && text !== saved);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(text, { onSuccess: () => showToast('Gelukt', repairToast.remarksSaved) });
  };
  return (
    <section className="panel" aria-labelledby="repair-remarks">
      <h3 id="repair-remarks">Opmerkingen</h3>
      {repair.can.edit_remarks ? (
        <form className="form" onSubmit={submit}>
          <div className="field">
            <textarea aria-label="Opmerkingen" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <div className="form-actions form-actions-end">
            <button
              type="submit"
              className="button button-primary button-small"
              disabled={save.isPending || text === saved}
            >
              Opslaan
            </button>
          </div>
        </form>
      ) : (
        <p className={saved ? 'remarks-text' : 'muted'}>{saved || 'Geen opmerkingen'}</p>
      )}
    </section>
  );
}
