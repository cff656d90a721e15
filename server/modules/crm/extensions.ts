import type { ClientStockFields } from '@domain/contracts/clients';
import type { Executor } from '../../db/database';
import type { AuthUser } from '../../http/access';
import type { Answer } from '../../http/route-schema';

/**
 * The stock-related parts of a customer (spec 1 §3: products, bundles, projects,
 * available_products). The customer area does not own those tables: the stock area fills them
 * by calling `extendClientDetail` once when its routes register, e.g.
 *
 *   extendClientDetail(async (db, user, clientId) => ({ products: await productsOfClient(db, clientId) }));
 *
 * Until then they are empty arrays. Fields not returned by any extension stay empty.
 */
type StockFields = Answer<ClientStockFields>;

type ClientDetailExtension = (db: Executor, user: AuthUser, clientId: number) => Promise<Partial<StockFields>>;

const extensions = new Map<string, ClientDetailExtension>();

/**
 * Adds a contributor to GET /api/clients/{id}. A plugin registers it each time an app is built
 * (tests build many), so a contributor with the same key (by default its source text) replaces
 * the earlier one instead of running twice.
 */
export function extendClientDetail(extension: ClientDetailExtension, key: string = extension.toString()): void {
  extensions.set(key, extension);
}

export async function stockFieldsOf(db: Executor, user: AuthUser, clientId: number): Promise<StockFields> {
  let fields: StockFields = { products: [], bundles: [], projects: [], available_products: [] };
  for (const extension of extensions.values()) fields = { ...fields, ...(await extension(db, user, clientId)) };
  return fields;
}
