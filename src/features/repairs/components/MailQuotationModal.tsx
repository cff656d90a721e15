import type { RepairDetail } from '@domain/contracts/repairs';
import { repairMsg, repairToast } from '@domain/schemas/repairs';
import { showToast } from '../../../shell/toast';
import { ChoiceModal } from '../../../ui/ChoiceModal';
import { useMailQuotation } from '../api/quotation';

/** Mails the quotation PDF to one of the customer's contacts with an e-mail (spec 2 §2.10). */
export function MailQuotationModal({ repair, onClose }: { repair: RepairDetail; onClose: () => void }) {
  const mail = useMailQuotation(repair.id);
  const contacts = repair.mail_contacts.map((c) => ({
    value: c.id,
    label: `${c.first_name} ${c.last_name} (${c.email})`,
  }));
  const confirm = (contact: string) =>
    mail.mutate(Number(contact), {
      onSuccess: () => {
        showToast('Gelukt', repairToast.quotationMailed);
        onClose();
      },
    });
  return (
    <ChoiceModal
      title="Offerte mailen"
      label="Contactpersoon"
      options={contacts}
      placeholder="Kies een contactpersoon"
      requiredMessage={repairMsg.contactRequired}
      confirmLabel="Versturen"
      pending={mail.isPending}
      onConfirm={confirm}
      onClose={onClose}
      note={contacts.length === 0 ? 'Deze klant heeft geen contactpersonen met een e-mailadres.' : undefined}
    />
  );
}
