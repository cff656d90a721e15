import type { DeliveryDetail } from '@domain/contracts/deliveries';

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('nl') === b.trim().toLocaleLowerCase('nl');

/**
 * Who a packing slip and a shipping label are for: the company (end customer), the end user when the
 * delivery is for one, and 'T.a.v.' the contact. The end user is named once: as the contact when the
 * contact is that person (an end user is a person), not as 'Yara Smit' above 'T.a.v. Yara Smit'.
 */
export function recipientNames(
  d: Pick<DeliveryDetail, 'end_customer' | 'client' | 'contact'>,
  fallbackContact = '',
): string[] {
  const attention = d.contact || fallbackContact;
  const endUser = d.client.id !== d.end_customer.id ? d.client.name : null;
  return [
    d.end_customer.name,
    endUser && !(attention && same(endUser, attention)) ? endUser : null,
    attention ? `T.a.v. ${attention}` : null,
  ].filter((x): x is string => !!x);
}
