/**
 * The routes `npm run bench` measures, each with the URL spread it walks and its goal as a ratio to
 * its bare route in the same run (issue 24): the signed-in floor ≥ 0.8, lists and details ≥ 0.5,
 * searches ≥ 0.33. Every route also has p97.5 ≤ 3 × its bare route's p97.5.
 *
 * A bare route (bench/bare.ts) reads what the portal route compared with it reads, so that only the
 * portal's own work (session, rights, scope, counts, compression, framework) makes the difference:
 * the floor reads the product groups, as the bare floor does; every other route reads more than one
 * page of a product's items, the baseline.
 */
import type { Volume } from './volume';

export type Who = 'bare' | 'admin' | 'reseller';

export interface Route {
  name: string;
  who: Who;
  path: (i: number) => string;
  /** Lowest ratio to the bare route; undefined for the baseline and comparison rows. */
  goal?: number;
  /** The bare route it is compared with: BARE unless named. */
  baseline?: string;
}

/** What people type: a product name, a whole serial (scanned), an order number, an article number, a customer. */
const productSearches = ['latitude', 'BN000123457', 'BORD-04217', 'BA-001234', 'Zorggroep'];

export const BARE = 'bare Fastify + pg, items of a product';
export const BARE_FLOOR = 'bare Fastify + pg, product groups';

/** The bare route a route is compared with. */
export const baselineOf = (route: Route): string => route.baseline ?? BARE;

/** A route of the portal (not a bare one), and the demo user it is measured as. */
export type PortalRoute = Route & { who: Exclude<Who, 'bare'> };
export const isPortalRoute = (route: Route): route is PortalRoute => route.who !== 'bare';
export const userOf = (route: PortalRoute): string =>
  route.who === 'reseller' ? 'reseller@demo.local' : 'beheerder@demo.local';

/** The first portal route whose name contains the text (the tools that load one route). */
export function portalRoute(volume: Volume, nameContains: string): PortalRoute {
  const route = routes(volume)
    .filter(isPortalRoute)
    .find((r) => r.name.includes(nameContains));
  if (!route) throw new Error(`no portal route's name contains "${nameContains}"`);
  return route;
}

export function routes(volume: Volume): Route[] {
  const product = (i: number) => volume.firstProductId + ((i * 37) % volume.productCount);
  const delivery = (i: number) => volume.firstDeliveryId + ((i * 7919) % volume.deliveryCount);
  const page = (i: number, pages: number) => 1 + (i % pages);
  return [
    // The ratio baseline: one page of a product's items, one indexed query, no session or rights.
    { name: BARE, who: 'bare', path: (i) => `/items/${product(i)}?page=${page(i, 3)}` },
    {
      name: '(bare with an unnamed statement, the baseline until 27 Nov)',
      who: 'bare',
      path: (i) => `/items-unnamed/${product(i)}?page=${page(i, 3)}`,
    },
    { name: BARE_FLOOR, who: 'bare', path: () => '/product-groups' },
    {
      name: 'GET /api/product-groups (signed-in floor)',
      who: 'admin',
      path: () => '/api/product-groups',
      goal: 0.8,
      baseline: BARE_FLOOR,
    },
    {
      name: 'GET /api/getitems/{id} (items of a product, p 1-3)',
      who: 'admin',
      path: (i) => `/api/getitems/${product(i)}?page=${page(i, 3)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/products (pages 1-40)',
      who: 'admin',
      path: (i) => `/api/products?page=${page(i, 40)}&per_page=25`,
      goal: 0.5,
    },
    {
      name: 'GET /api/products (reseller scope, pages 1-10)',
      who: 'reseller',
      path: (i) => `/api/products?page=${page(i, 10)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/products?search= (5 kinds of term)',
      who: 'admin',
      path: (i) => `/api/products?search=${productSearches[i % productSearches.length] ?? ''}`,
      goal: 0.33,
    },
    {
      name: 'GET /api/endcustomers (pages 1-10)',
      who: 'admin',
      path: (i) => `/api/endcustomers?page=${page(i, 10)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/endusers (pages 1-10)',
      who: 'admin',
      path: (i) => `/api/endusers?page=${page(i, 10)}`,
      goal: 0.5,
    },
    { name: 'GET /api/asns (pre-notifications)', who: 'admin', path: () => '/api/asns', goal: 0.5 },
    {
      name: 'GET /api/deliveries (open, pages 1-40)',
      who: 'admin',
      path: (i) => `/api/deliveries?page=${page(i, 40)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/deliveries (reseller scope, pages 1-10)',
      who: 'reseller',
      path: (i) => `/api/deliveries?page=${page(i, 10)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/backorders (pages 1-10)',
      who: 'admin',
      path: (i) => `/api/backorders?page=${page(i, 10)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/finisheddeliveries (pages 1-10)',
      who: 'admin',
      path: (i) => `/api/finisheddeliveries?page=${page(i, 10)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/cancelleddeliveries (pages 1-10)',
      who: 'admin',
      path: (i) => `/api/cancelleddeliveries?page=${page(i, 10)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/deliveries?search= (order number)',
      who: 'admin',
      path: (i) => `/api/deliveries?search=BLEV-00${String(10000 + (i % 90000))}`,
      goal: 0.33,
    },
    {
      name: 'GET /api/deliveries/{id} (detail)',
      who: 'admin',
      path: (i) => `/api/deliveries/${delivery(i)}`,
      goal: 0.5,
    },
    {
      name: 'GET /api/repairdeliveries (pages 1-10)',
      who: 'admin',
      path: (i) => `/api/repairdeliveries?page=${page(i, 10)}`,
      goal: 0.5,
    },
    // The first page of the EOL overview: 3,047 generated products with 107,217 items on it at bench volume
    // (bench/generate.ts).
    { name: 'GET /api/productswitheolitems (EOL)', who: 'admin', path: () => '/api/productswitheolitems', goal: 0.5 },
    // The baseline again: a drift of the machine's load during the run shows as a difference from the first row.
    {
      name: '(bare again, at the end of the run)',
      who: 'bare',
      path: (i) => `/items/${product(i)}?page=${page(i, 3)}`,
    },
  ];
}
