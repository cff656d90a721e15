import { DeliveryType } from '../../../src/domain/enums';
import { endUserDeliverySchema, type EndUserDeliveryInput } from '../../../src/domain/schemas/deliveries';
import type { ClientCreateInput } from '../../../src/domain/schemas/clients';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { parse } from '../../http/errors';
import { createDelivery } from './commands';

/** The in-service fields of a new end user's form (spec 1 §5): 422 with Dutch field messages when missing. */
export const parseEndUserDelivery = (body: unknown): EndUserDeliveryInput => parse(endUserDeliverySchema, body);

/**
 * The INDIENST delivery of a new end user, in the same command as the end user itself: its stock is
 * delivered to the address and contact of the form.
 */
export async function createEndUserDelivery(trx: Trx, user: AuthUser, endUserId: number, client: ClientCreateInput, input: EndUserDeliveryInput): Promise<number> {
  const contact = client.contacts[0];
  const address = client.addresses[0];
  return createDelivery(trx, user, {
    delivery_type_id: DeliveryType.INDIENST, client_id: endUserId, project_id: null, description: input.description ?? null,
    w_number: input.w_number ?? null, carrier_id: input.carrier_id ?? null, date: input.date as string,
    address: input.address ?? (address ? `${address.street} ${address.number}${address.addition ? ` ${address.addition}` : ''}, ${address.zipcode} ${address.city}` : null),
    order_number: input.order_number, your_reference: input.your_reference,
    contact: contact ? `${contact.first_name} ${contact.last_name}` : client.name, contact_email: contact?.email ?? null, contact_phone: contact?.phone ?? null,
    products: input.products, bundle_id: null, repair_description: null,
  });
}
