import { getJson } from '../../../api/client';
import { ApiError } from '../../../api/errors';

/**
 * Street and city of a Dutch postcode; null when the server does not know it (404: then the user
 * types them). Any other failure (offline, a server error) throws.
 */
export async function lookupPostalCode(postcode: string): Promise<{ street: string; city: string } | null> {
  try {
    return await getJson<{ street: string; city: string }>('postal-code', { searchParams: { postal_code: postcode } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
