import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * What a page needs besides the app's start chunk, so the server can name it in the answer to a page
 * load (`Link: …; rel=modulepreload`, server/http/route-preloads.ts): the browser then fetches the
 * page's code beside index.js instead of after it has run. Without it a phone on a slow network waits
 * a second round trip before the page can paint (docs/PERFORMANCE.md; the round in git history).
 *
 * The pages are read from the route table in src/routes/, where each is declared with its path and its
 * lazy import: `page('/crm', …, () => import('../features/crm/pages/CustomerListPage'), …)`. A page that
 * renders a panel slot as a child of its own (a line that begins with `<Slot name="delivery"`; a slot
 * behind a condition is written `{open && <Slot …`) loads that slot's panels (src/panels.ts) as it
 * first renders: they are named too, so they do not wait for the page's data (docs/PERFORMANCE.md,
 * eighteenth round).
 */

/**
 * Per route path (TanStack syntax, `$id` for a parameter): the page's chunk, the chunks it imports and their CSS, and
 * for a page of the signed-in app the shell's (AppLayout).
 */
export type RoutePreloads = Record<string, string[]>;

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A page's declaration, on one line or several: its kind, its path and the first lazy import after it (its module). */
const PAGE = /^\s*(page|authPage)\(\s*'([^']+)'[\s\S]*?import\('(\.\.?\/[^']+)'\)/gm;
const LAYOUT_IMPORT = /lazyRouteComponent\(\(\) => import\('(\.\.?\/shell\/AppLayout)'\)/;

/**
 * The pages of one route table file's source: path, module (relative to that file, without extension), and whether the
 * signed-in shell holds it.
 */
export function pagesOfRouter(source: string): { path: string; module: string; inApp: boolean }[] {
  return [...source.matchAll(PAGE)].flatMap((match) =>
    match[2] && match[3] ? [{ path: match[2], module: match[3], inApp: match[1] === 'page' }] : [],
  );
}

/**
 * The route table's files, every page being declared in one of them: in the order src/router.tsx (beside the folder)
 * imports them, which is the order of its tree, then any other file of the folder.
 */
export function routeTableFiles(routesDir: string): string[] {
  const router = fs.readFileSync(path.join(routesDir, '..', 'router.tsx'), 'utf8');
  const imported = [...router.matchAll(/from '\.\/routes\/([\w-]+)'/g)].map((m) => `${m[1]}.tsx`);
  const rest = fs
    .readdirSync(routesDir)
    .filter((name) => name.endsWith('.tsx') && !imported.includes(name))
    .sort();
  return [...new Set(imported), ...rest].map((name) => path.join(routesDir, name));
}

/** Every page of the route table in `routesDir`, its module as an absolute path without extension. */
export function pagesOfRouteTable(routesDir: string): { path: string; module: string; inApp: boolean }[] {
  return routeTableFiles(routesDir).flatMap((file) =>
    pagesOfRouter(fs.readFileSync(file, 'utf8')).map((p) => ({ ...p, module: path.resolve(routesDir, p.module) })),
  );
}

const PANEL = /registerPanel\('([^']+)',[\s\S]*?import\('(\.\/[^']+)'\)/g;
const SLOT_LINE = /^\s*<Slot name="([^"]+)"/gm;

/** Per slot name, the modules of its panels (relative to src/) as src/panels.ts registers them. */
export function panelsOfSlots(source: string): Map<string, string[]> {
  const panels = new Map<string, string[]>();
  for (const [, slot, module] of source.matchAll(PANEL)) panels.set(slot!, [...(panels.get(slot!) ?? []), module!]);
  return panels;
}

/** The slots a page's source renders on a line of their own: every render of the page renders them. */
export function slotsRenderedBy(source: string): string[] {
  return [...source.matchAll(SLOT_LINE)].map((m) => m[1]!);
}

/**
 * For a module of the bundle: the chunk holding it, the chunks it imports statically (without the
 * start chunk), and their style sheets: Vite's loader of a lazy chunk waits for its CSS before the
 * page can render.
 */
function chunkFilesOf(bundle: OutputBundle): (moduleFile: string) => string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  return (moduleFile) => {
    // Two pages of one feature may share a chunk: the one holding the module.
    const own = chunks.find((c) => c.moduleIds.some((id) => id.replace(/\.tsx?$/, '') === moduleFile));
    if (!own) throw new Error(`route-preloads: no chunk for ${moduleFile}`);
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (chunk.isEntry || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    visit(own);
    return [...files];
  };
}

/** `routerFile` is src/router.tsx; the route table is in the folder `routes` beside it. */
export function routePreloads(routerFile: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    // After Vite's own: it drops the chunks that held only CSS (moving their sheets to the chunks that
    // imported them), and a list made before that named files the build never wrote.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // The service worker is built on its own (vite-plugin-pwa): it holds no pages.
        if (!Object.values(bundle).some((c) => c.type === 'chunk' && c.moduleIds.includes(routerFile))) return;
        const srcDir = path.dirname(routerFile);
        const routesDir = path.join(srcDir, 'routes');
        const filesOf = chunkFilesOf(bundle);
        const layout = LAYOUT_IMPORT.exec(fs.readFileSync(path.join(routesDir, 'kit.tsx'), 'utf8'))?.[1];
        if (!layout) throw new Error('route-preloads: the AppLayout import is not in src/routes/kit.tsx');
        const shell = filesOf(path.resolve(routesDir, layout));
        const panels = panelsOfSlots(fs.readFileSync(path.join(srcDir, 'panels.ts'), 'utf8'));
        const preloads: RoutePreloads = Object.fromEntries(
          pagesOfRouteTable(routesDir).map(({ path: route, module, inApp }) => {
            const panelModules = slotsRenderedBy(fs.readFileSync(`${module}.tsx`, 'utf8')).flatMap(
              (slot) => panels.get(slot) ?? [],
            );
            const files = [...filesOf(module), ...panelModules.flatMap((m) => filesOf(path.resolve(srcDir, m)))];
            return [route, [...new Set(inApp ? [...shell, ...files] : files)]];
          }),
        );
        const unwritten = Object.values(preloads)
          .flat()
          .filter((file) => !(file in bundle));
        if (unwritten.length)
          throw new Error(`route-preloads: not in the build: ${[...new Set(unwritten)].join(', ')}`);
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
      },
    },
  };
}
