/**
 * Every query key of the app, one root per area. A key always starts with its area's root, so
 * invalidating a root refreshes everything of that area. Invalidate through these, never literals.
 */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  clients: {
    all: ['clients'] as const,
    lists: ['clients', 'list'] as const,
    detail: (id: number) => ['clients', 'detail', id] as const,
    name: (id: number) => ['clients', 'detail', id, 'minimum'] as const,
    events: (id: number) => ['clients', 'events', id] as const,
  },
  stock: {
    all: ['stock'] as const,
    products: ['stock', 'products'] as const,
    product: (id: number) => ['stock', 'product', id] as const,
    items: (productId: number) => ['stock', 'items', productId] as const,
    item: (id: number) => ['stock', 'item', id] as const,
    bundles: ['stock', 'bundles'] as const,
    bundle: (id: number) => ['stock', 'bundle', id] as const,
    exportColumns: ['stock', 'export-columns'] as const,
    /** The stock panels of the customer page. */
    clientProducts: (clientId: number, active: boolean) =>
      ['stock', 'client', clientId, active ? 'products' : 'inactive-products'] as const,
    clientItems: (clientId: number) => ['stock', 'client', clientId, 'items'] as const,
  },
  prenotifications: {
    all: ['prenotifications'] as const,
    lists: ['prenotifications', 'list'] as const,
    detail: (id: number) => ['prenotifications', 'detail', id] as const,
    products: (id: number) => ['prenotifications', 'products', id] as const,
    options: (clientId: number) => ['prenotifications', 'options', clientId] as const,
  },
  deliveries: {
    all: ['deliveries'] as const,
    lists: ['deliveries', 'list'] as const,
    detail: (id: number) => ['deliveries', 'detail', id] as const,
    /** 'Mijn leveringen vandaag': open deliveries of the own carrier dated today (kept for offline use). */
    today: ['deliveries', 'today'] as const,
    /** The request forms' choices per client (counts change with every delivery). */
    options: (clientId: number) => ['deliveries', 'options', clientId] as const,
    carriers: ['deliveries', 'carriers'] as const,
  },
  eol: {
    all: ['eol'] as const,
    products: ['eol', 'products'] as const,
    items: (productId: number) => ['eol', 'items', productId] as const,
  },
  repairs: {
    all: ['repairs'] as const,
    lists: ['repairs', 'list'] as const,
    detail: (id: number) => ['repairs', 'detail', id] as const,
    events: (id: number) => ['repairs', 'events', id] as const,
  },
  users: {
    all: ['users'] as const,
    lists: ['users', 'list'] as const,
    detail: (id: number) => ['users', 'detail', id] as const,
    /** The Superuser's list of mails not yet sent. */
    mailOutbox: ['users', 'mail-outbox'] as const,
  },
  roles: {
    all: ['roles'] as const,
    lists: ['roles', 'list'] as const,
    detail: (id: number) => ['roles', 'detail', id] as const,
    permissions: ['roles', 'permissions'] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    statistics: (customerId: number | null, year: number) => ['dashboard', 'statistics', customerId, year] as const,
  },
  /** The UI kit page (src/ui/demo). */
  uiKit: {
    clients: ['ui-kit', 'clients'] as const,
    endUsers: ['ui-kit', 'endusers'] as const,
    prices: ['ui-kit', 'prices'] as const,
  },
  /** Lists more than one area chooses from (src/api/lookups.ts). */
  lookups: {
    all: ['lookups'] as const,
    /** Every customer dropdown: refreshed by any change to customers. */
    clients: ['lookups', 'clients'] as const,
    endCustomers: ['lookups', 'clients', 'end-customers'] as const,
    resellers: ['lookups', 'clients', 'resellers'] as const,
    childrenOf: (parentId: number) => ['lookups', 'clients', 'children', parentId] as const,
    roles: ['lookups', 'roles'] as const,
    productGroups: ['lookups', 'product-groups'] as const,
    productGroup: (id: number) => ['lookups', 'product-groups', id] as const,
  },
};

/** What a change in an area makes stale elsewhere: a customer change refreshes every customer dropdown. */
export const staleAfter = {
  clients: [queryKeys.clients.all, queryKeys.lookups.clients],
  roles: [queryKeys.roles.all, queryKeys.lookups.roles, queryKeys.users.all],
  stock: [queryKeys.stock.all],
  prenotifications: [queryKeys.prenotifications.all],
  /** A delivery changes item states and the customer's activity and stock panels; a repair is a delivery. */
  deliveries: [queryKeys.deliveries.all, queryKeys.repairs.all, queryKeys.stock.all, queryKeys.clients.all],
  /** A repair's status moves its items' statuses too. */
  repairs: [queryKeys.repairs.all, queryKeys.stock.all],
  users: [queryKeys.users.all],
} as const;

/** An area whose changes make queries stale (a mutation, an outbox action names its own). */
export type StaleArea = keyof typeof staleAfter;

/** The query key prefixes a change in these areas makes stale, each once. */
export function staleKeys(...areas: readonly StaleArea[]): (readonly unknown[])[] {
  const keys = new Map<string, readonly unknown[]>();
  for (const area of areas)
    for (const key of staleAfter[area] as readonly (readonly unknown[])[]) keys.set(JSON.stringify(key), key);
  return [...keys.values()];
}

type Invalidator = { invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void> };

/** Refreshes every query a change in these areas made stale. */
export async function refreshAfter(queryClient: Invalidator, ...areas: StaleArea[]): Promise<void> {
  await Promise.all(staleKeys(...areas).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

type Key = readonly unknown[];
type PredicateInvalidator = {
  invalidateQueries: (filters: { queryKey: Key; predicate: (query: { queryKey: Key }) => boolean }) => Promise<void>;
};

/**
 * refreshAfter for a deletion: the queries of the record that is gone (`gone`, key prefixes) are not
 * asked again, while its page is still on screen until the user is sent on (each would be a 404).
 */
export async function refreshAfterDeleting(
  queryClient: PredicateInvalidator,
  gone: readonly Key[],
  ...areas: StaleArea[]
): Promise<void> {
  const isGone = (key: Key) =>
    gone.some((prefix) => prefix.length <= key.length && prefix.every((part, i) => part === key[i]));
  await Promise.all(
    staleKeys(...areas).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, predicate: (q) => !isGone(q.queryKey) }),
    ),
  );
}
