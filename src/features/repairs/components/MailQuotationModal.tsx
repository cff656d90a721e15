import { useState, type FormEvent } from 'react';
import type { RepairDetail } from '../../../domain/contracts/repairs';
import { repairMsg, repairToast } from '../../../domain/schemas/repairs';
import { showToast } from '../../../shell/toast';
import { Modal } from '../../../ui/Modal';
import { useMailQuotation } from '../api/quotation';

/** Mails the quotation PDF to one of the customer's contacts with an e-mail (spec 2 §2.10). */
export function MailQuotationModal({ repair, onClose }: { repair: RepairDetail; onClose: () => void }) {
  const mail = useMailQuotation(repair.id);
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!contact) return setError(repairMsg.contactRequired);
    mail.mutate(Number(contact), {
      onSuccess: () => {
        showToast('Gelukt', repairToast.quotationMailed);
        onClose();
      },
    });
  };
  return (
    <Modal title="Offerte mailen" onClose={onClose} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <div className={`field${error ? ' has-error' : ''}`}>
          <label htmlFor="quotation-contact">Contactpersoon</label>
          <select id="quotation-contact" value={contact} aria-invalid={!!error} onChange={(e) => { setContact(e.target.value); setError(null); }}>
            <option value="">Kies een contactpersoon</option>
            {repair.mail_contacts.map((c) => <option key={c.id} value={c.id}>{`${c.first_name} ${c.last_name} (${c.email})`}</option>)}
          </select>
          {error && <span className="field-error">{error}</span>}
          {repair.mail_contacts.length === 0 && <span className="field-hint">Deze klant heeft geen contactpersonen met een e-mailadres.</span>}
        </div>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>Annuleren</button>
          <button type="submit" className="button button-primary" disabled={mail.isPending}>Versturen</button>
        </div>
      </form>
    </Modal>
  );
}
