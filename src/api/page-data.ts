/**
 * The API answer a page for one record cannot render without, per page path (TanStack syntax), relative
 * to the API's prefix. The page's loader asks for it (its query reads the path from here), and the server
 * names it in the answer to a page load (`Link: </api/deliveries/12>; rel=preload; as=fetch`,
 * build/route-preloads.ts and server/http/route-preloads.ts): the browser then asks for it beside the
 * app's code, not after that code has arrived and run (docs/PERFORMANCE.md, nineteenth round).
 */
export const pageData = {
  '/leveringen/$id': 'deliveries/$id',
  '/reparaties/$id': 'repairs/$id',
  '/voormelding/$id': 'asns/$id',
} as const satisfies Record<string, `${string}/$id`>;

/** The data of one record's page: `pageDataPath('/leveringen/$id', 12)` is `deliveries/12`. */
export const pageDataPath = (page: keyof typeof pageData, id: number): string => pageData[page].replace('$id', String(id));
