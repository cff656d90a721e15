import path from 'node:path';
import { pagesOfRouteTable } from '../../build/route-preloads';

/** Every signed-in page's path in the route table (src/routes/), so a new page cannot slip past a test that walks them. */
export function appPagePaths(): string[] {
  return pagesOfRouteTable(path.resolve('src/routes'))
    .filter((p) => p.inApp)
    .map((p) => p.path);
}
