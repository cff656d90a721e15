import type { ClientDetail, Contact } from '@domain/contracts/clients';
import { confirmDialog } from '../../../shell/confirm';
import { showToast } from '../../../shell/toast';
import { useDeleteContact } from '../api/contacts';

/** Asks first, and says that the person's account goes too when there is one. */
function useRemoveContact() {
  const deleteContact = useDeleteContact();
  return async (contact: Contact) => {
    const name = `${contact.first_name} ${contact.last_name}`;
    const text = contact.has_account
      ? `Weet je zeker dat je ${name} wilt verwijderen? Het account van deze persoon wordt ook verwijderd.`
      : `Weet je zeker dat je ${name} wilt verwijderen?`;
    if (!(await confirmDialog({ text, confirmLabel: 'Verwijderen', danger: true }))) return;
    deleteContact.mutate(contact.id, { onSuccess: () => showToast('Gelukt', 'De contactpersoon is verwijderd') });
  };
}

interface Props {
  client: ClientDetail;
  /** With it, each contact has 'Wijzigen' (this) and 'Verwijderen'. */
  onEdit?: (contact: Contact) => void;
}

/** A customer's contacts (or the provider's employees), the primary one marked. */
export function ContactList({ client, onEdit }: Props) {
  const removeContact = useRemoveContact();
  if (client.contacts.length === 0) return <p className="muted">Er is geen data gevonden</p>;
  return (
    <ul className="contact-grid" aria-labelledby="contacts-title">
      {client.contacts.map((c) => (
        <li key={c.id} aria-label={`${c.first_name} ${c.last_name}`}>
          <strong>
            {c.first_name} {c.last_name}
            {c.id === client.primary_contact_id ? ' (primair)' : ''}
          </strong>
          {c.title && <span className="muted">{c.title}</span>}
          {c.phone && <span>{c.phone}</span>}
          {c.email && (
            <a href={`mailto:${c.email}`} title={c.email}>
              {c.email}
            </a>
          )}
          {c.has_account && <span className="muted">Heeft een account</span>}
          {onEdit && (
            <div className="contact-actions">
              <button
                type="button"
                className="link-button"
                onClick={() => onEdit(c)}
                aria-label={`${c.first_name} ${c.last_name} wijzigen`}
              >
                Wijzigen
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => void removeContact(c)}
                aria-label={`${c.first_name} ${c.last_name} verwijderen`}
              >
                Verwijderen
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
