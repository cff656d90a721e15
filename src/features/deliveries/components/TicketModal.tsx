import { DeliveryType } from '@domain/enums';
import type { DeliveryFormOptions } from '@domain/contracts/deliveries';
import { deliveryToast } from '@domain/schemas/deliveries';
import { CheckboxField, SelectField } from '../../../ui/form/ChoiceFields';
import { FormActions, FormError } from '../../../ui/form/FormError';
import { TextAreaField, TextField } from '../../../ui/form/TextField';
import { useApiForm } from '../../../ui/form/useApiForm';
import { Modal } from '../../../ui/Modal';
import { useDeliveryFormOptions, useRequestDelivery } from '../api/deliveries';
import { useCreatedToast } from './created-toast';
import { DateField } from './DateField';
import { requestSchema } from './request-schema';
import { AmountWarning, ProductAmounts, addressText, amountLines, withoutProducts } from './lines';

/** The tickets an end user's menu and the item page start (spec 1 §2.9, spec 2 §2.8). */
export type TicketType =
  | typeof DeliveryType.REPARATIE
  | typeof DeliveryType.UITDIENST
  | typeof DeliveryType.EOL_SWAP
  | typeof DeliveryType.EXTRA_PRODUCTEN;

export const ticketTitles: Record<TicketType, string> = {
  [DeliveryType.REPARATIE]: 'Reparatie',
  [DeliveryType.UITDIENST]: 'Uitdienst',
  [DeliveryType.EOL_SWAP]: 'EOL Swap',
  [DeliveryType.EXTRA_PRODUCTEN]: 'Extra producten',
};

interface Props {
  type: TicketType;
  /** The end user (or the end customer an item is at). */
  clientId: number;
  /** The item a ticket from the item page is about: checked from the start. */
  itemId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

export function TicketModal(props: Props) {
  const options = useDeliveryFormOptions(props.clientId);
  return (
    <Modal title={ticketTitles[props.type]} onClose={props.onClose} size="large">
      {options.data ? (
        <TicketForm {...props} options={options.data} />
      ) : options.isError ? (
        <p role="alert">Klantgegevens kunnen niet worden ingeladen</p>
      ) : (
        <p className="muted" aria-busy>
          Laden…
        </p>
      )}
    </Modal>
  );
}

type Values = {
  contact: string;
  contact_email: string;
  contact_phone: string;
  order_number: string;
  your_reference: string;
  date: string;
  w_number: string;
  address: string;
  description: string;
  pickup: number[];
  amounts: Record<string, string>;
  bundle_id: string;
  bundle_products: number[];
};

function TicketForm({ type, clientId, itemId, onClose, onSaved, options }: Props & { options: DeliveryFormOptions }) {
  const request = useRequestDelivery();
  const contact = options.contacts[0];
  const toPayload = (x: Values) => ({
    delivery_type_id: type,
    client_id: clientId,
    contact: x.contact,
    contact_email: x.contact_email,
    contact_phone: x.contact_phone,
    order_number: x.order_number,
    your_reference: x.your_reference,
    date: x.date,
    w_number: x.w_number,
    address: x.address,
    description: x.description,
    ...(type === DeliveryType.EXTRA_PRODUCTEN
      ? {
          bundle_id: x.bundle_id,
          products: x.bundle_products.map((id) => ({ product_id: id, is_pickup: 0, amount: 1 })),
        }
      : { products: [...x.pickup.map((id) => ({ item_id: id, is_pickup: 1 })), ...amountLines(x.amounts)] }),
  });
  const createdToast = useCreatedToast();
  const form = useApiForm({
    initial: {
      contact: contact ? `${contact.first_name} ${contact.last_name}` : '',
      contact_email: contact?.email ?? '',
      contact_phone: contact?.phone ?? '',
      order_number: '',
      your_reference: '',
      date: '',
      w_number: '',
      address: options.addresses[0] ? addressText(options.addresses[0]) : '',
      description: '',
      pickup: itemId ? [itemId] : [],
      amounts: {},
      bundle_id: '',
      bundle_products: [],
    } as Values,
    schema: requestSchema(type, toPayload),
    submit: (payload) => request.mutateAsync({ payload: { ...payload, delivery_type_id: type } }),
    onSuccess: (result) => {
      createdToast(deliveryToast.created, result.data);
      onClose();
      onSaved?.(result.data.id);
    },
  });
  const { values, setValue } = form;
  const ticket = type !== DeliveryType.EXTRA_PRODUCTEN;
  const pickupLabel =
    type === DeliveryType.REPARATIE
      ? 'Defecte artikelen'
      : type === DeliveryType.EOL_SWAP
        ? 'EOL artikelen'
        : 'Op te halen voorraad';
  // The item the ticket was opened from comes first, ticked: in a stock of hundreds it is the one meant.
  const items = itemId
    ? [...options.items.filter((i) => i.id === itemId), ...options.items.filter((i) => i.id !== itemId)]
    : options.items;
  const bundle = options.bundles.find((b) => String(b.id) === values.bundle_id);
  const togglePickup = (id: number, on: boolean) => {
    setValue('pickup', on ? [...values.pickup, id] : values.pickup.filter((x) => x !== id));
    form.setFieldErrors(withoutProducts);
  };
  const toggleBundleProduct = (id: number, on: boolean) =>
    setValue('bundle_products', on ? [...values.bundle_products, id] : values.bundle_products.filter((x) => x !== id));

  return (
    <form {...form.formProps} aria-label={ticketTitles[type]}>
      {type === DeliveryType.EXTRA_PRODUCTEN && (
        <>
          <SelectField
            label="Bundel"
            required
            name="bundle_id"
            value={values.bundle_id}
            error={form.error('bundle_id')}
            onChange={(id) => {
              setValue('bundle_id', id);
              setValue('bundle_products', options.bundles.find((b) => String(b.id) === id)?.product_ids ?? []);
            }}
            options={options.bundles.map((b) => ({ value: String(b.id), label: b.name }))}
          />
          {bundle && (
            <fieldset className="ticket-lines">
              <legend>Artikelen van de bundel</legend>
              {bundle.product_ids.map((pid) => {
                const product = options.products.find((p) => p.id === pid);
                if (!product) return null;
                return (
                  <div key={pid} className="ticket-line">
                    <CheckboxField
                      label={`${product.name} (${product.article_number})`}
                      name={`bundle-product-${pid}`}
                      value={values.bundle_products.includes(pid)}
                      onChange={(on: boolean) => toggleBundleProduct(pid, on)}
                    />
                    {values.bundle_products.includes(pid) && <AmountWarning product={product} amount={1} />}
                  </div>
                );
              })}
            </fieldset>
          )}
        </>
      )}
      {ticket && (
        <fieldset className="ticket-lines">
          <legend>
            {pickupLabel}
            {type !== DeliveryType.UITDIENST && (
              <span className="field-required" aria-hidden>
                {' '}
                *
              </span>
            )}
          </legend>
          {items.length === 0 ? (
            <p className="muted">Deze klant heeft geen artikelen</p>
          ) : (
            items.map((item) => (
              <CheckboxField
                key={item.id}
                name={`pickup-${item.id}`}
                disabled={item.on_open_delivery}
                label={`${item.product_name}${item.serial ? ` · ${item.serial}` : ''}${
                  item.on_open_delivery ? ' ' + '(staat al op een levering)' : ''
                }`}
                value={values.pickup.includes(item.id)}
                onChange={(on: boolean) => togglePickup(item.id, on)}
              />
            ))
          )}
          {type === DeliveryType.UITDIENST && (
            <p className="muted">Zonder keuze wordt alle voorraad van deze eindgebruiker opgehaald.</p>
          )}
        </fieldset>
      )}
      {(type === DeliveryType.REPARATIE || type === DeliveryType.EOL_SWAP) && (
        <ProductAmounts
          legend="Vervangende artikelen"
          products={options.products}
          amounts={values.amounts}
          onChange={(a) => {
            setValue('amounts', a);
            form.setFieldErrors(withoutProducts);
          }}
        />
      )}
      <FormError message={form.error('products')} />
      <DateField
        id="ticket-date"
        label={ticket ? 'Ophaaldatum' : 'Leverdatum'}
        future
        required={type === DeliveryType.EOL_SWAP || type === DeliveryType.EXTRA_PRODUCTEN}
        value={values.date}
        onChange={(d) => setValue('date', d)}
        error={form.error('date')}
      />
      <div className="form-row">
        <TextField label="Ordernummer" required {...form.bind('order_number')} />
        <TextField label="Uw referentie" required={ticket} {...form.bind('your_reference')} />
      </div>
      <TextField label="Contactpersoon" required={ticket} {...form.bind('contact')} />
      <div className="form-row">
        <TextField label="E-mailadres" type="email" required={ticket} {...form.bind('contact_email')} />
        <TextField label="Telefoonnummer" type="tel" required={ticket} {...form.bind('contact_phone')} />
      </div>
      <div className="form-row">
        <TextField label="Topdesknummer" {...form.bind('w_number')} />
        <TextField label="Adres" {...form.bind('address')} list="ticket-addresses" />
      </div>
      <datalist id="ticket-addresses">
        {options.addresses.map((a) => (
          <option key={a.id} value={addressText(a)} />
        ))}
      </datalist>
      <TextAreaField label="Opmerking" {...form.bind('description')} />
      <FormActions
        error={form.formError ?? form.error('client_id')}
        pending={form.submitting}
        onCancel={onClose}
        submitLabel="Aanvragen"
      />
    </form>
  );
}
