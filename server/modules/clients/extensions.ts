import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';

/**
 * The stock-related parts of a customer (spec 1 §3: products, bundles, items, projects,
 * available_products). The customer area does not own those tables: the stock area fills them
 * by calling `extendClientDetail` once when its routes register, e.g.
 *
 *   extendClientDetail(async (db, user, clientId) => ({ products: await productsOfClient(db, clientId) }));
 *
 * Until then they are empty arrays. Fields not returned by any extension stay empty.
 */
export interface ClientStockFields {
  products: unknown[];
  bundles: unknown[];
  items: unknown[];
  projects: unknown[];
  available_products: unknown[];
}

export type ClientDetailExtension = (db: Executor, user: AuthUser, clientId: number) => Promise<Partial<ClientStockFields> & Record<string, unknown>>;

const extensions = new Set<ClientDetailExtension>();

/** Adds (or replaces by identity) a contributor to GET /api/clients/{id}. */
export function extendClientDetail(extension: ClientDetailExtension): void {
  extensions.add(extension);
}

export async function stockFieldsOf(db: Executor, user: AuthUser, clientId: number): Promise<ClientStockFields & Record<string, unknown>> {
  let fields: ClientStockFields & Record<string, unknown> = { products: [], bundles: [], items: [], projects: [], available_products: [] };
  for (const extension of extensions) fields = { ...fields, ...(await extension(db, user, clientId)) };
  return fields;
}
