import { getJson } from '../../../api/client';

/** Street and city of a Dutch postcode; null when the server does not know it (then the user types them). */
export async function lookupPostalCode(postcode: string): Promise<{ street: string; city: string } | null> {
  try {
    return await getJson<{ street: string; city: string }>('postal-code', { searchParams: { postal_code: postcode } });
  } catch {
    return null;
  }
}
