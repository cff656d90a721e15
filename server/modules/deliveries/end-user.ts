import * as v from 'valibot';
import { ClientType, DeliveryType } from '@domain/enums';
import { issuesToFieldErrors } from '@domain/schemas/common';
import { endUserDeliverySchema, type EndUserDeliveryInput } from '@domain/schemas/deliveries';
import { clientCreateSchema, type ClientCreateInput } from '@domain/schemas/clients';
import type { Trx } from '../../db/database';
import type { AuthUser } from '../../http/access';
import { ValidationError } from '../../http/errors';
import { createDelivery } from './commands';

type FieldErrors = Record<string, string[]>;

/**
 * POST /clients: the customer's fields and, for a new end user, its in-service fields (spec 1 §5),
 * checked together so one 422 names every field (the delivery date and stock with the contact fields).
 * When only the in-service fields fail, they come back as `deliveryErrors`: the command still checks
 * the customer's own rules (its parent) and answers them together (see `newClientCommand`).
 */
export function parseNewClient(body: Record<string, unknown>): {
  input: ClientCreateInput;
  delivery: EndUserDeliveryInput | null;
  deliveryErrors: FieldErrors | null;
} {
  const client = v.safeParse(clientCreateSchema, body);
  const endUser = client.success
    ? client.output.client_type_id === ClientType.EINDGEBRUIKER
    : Number(body.client_type_id) === ClientType.EINDGEBRUIKER;
  const delivery = endUser ? v.safeParse(endUserDeliverySchema, body) : null;
  const deliveryErrors = delivery && !delivery.success ? issuesToFieldErrors(delivery.issues) : null;
  if (!client.success) throw new ValidationError({ ...issuesToFieldErrors(client.issues), ...deliveryErrors });
  return { input: client.output, delivery: delivery?.success ? delivery.output : null, deliveryErrors };
}

/**
 * Creates the customer and a new end user's delivery in the caller's transaction; in-service fields
 * that failed their schema join the customer's own refusal, or refuse the command (rolled back) alone.
 */
export async function newClientCommand<T>(
  parsed: ReturnType<typeof parseNewClient>,
  createClient: () => Promise<T>,
  createDelivery: (client: T, delivery: EndUserDeliveryInput) => Promise<unknown>,
): Promise<T> {
  let client: T;
  try {
    client = await createClient();
  } catch (err) {
    if (parsed.deliveryErrors && err instanceof ValidationError)
      throw new ValidationError({ ...err.errors, ...parsed.deliveryErrors });
    throw err;
  }
  if (parsed.deliveryErrors) throw new ValidationError(parsed.deliveryErrors);
  if (parsed.delivery) await createDelivery(client, parsed.delivery);
  return client;
}

/**
 * The INDIENST delivery of a new end user, in the same command as the end user itself: its stock is
 * delivered to the address and contact of the form.
 */
export async function createEndUserDelivery(
  trx: Trx,
  user: AuthUser,
  endUserId: number,
  client: ClientCreateInput,
  input: EndUserDeliveryInput,
): Promise<number> {
  const contact = client.contacts[0];
  const address = client.addresses[0];
  return createDelivery(trx, user, {
    delivery_type_id: DeliveryType.INDIENST,
    client_id: endUserId,
    project_id: null,
    description: input.description ?? null,
    w_number: input.w_number ?? null,
    carrier_id: input.carrier_id ?? null,
    date: input.date as string,
    address:
      input.address ??
      (address
        ? `${address.street} ${address.number}${address.addition ? ` ${address.addition}` : ''}, ${address.zipcode} ` +
          `${address.city}`
        : null),
    order_number: input.order_number,
    your_reference: input.your_reference,
    contact: contact ? `${contact.first_name} ${contact.last_name}` : client.name,
    contact_email: contact?.email ?? null,
    contact_phone: contact?.phone ?? null,
    products: input.products,
    bundle_id: null,
    repair_description: null,
  });
}
