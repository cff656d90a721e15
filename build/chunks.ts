import type { ManualChunkMeta } from 'rollup';

/**
 * One chunk for the start of the app: every module the entry imports statically (React, the router,
 * react-query, ky, valibot, the route table and the shell around it). Left to Rollup, these became
 * 35 small shared chunks; a phone on HTTP/1.1 fetches six at a time, each paying the round trip, so the
 * login page waited for them in waves (docs/PERFORMANCE.md, bench:web). Lazy code keeps its own chunks.
 *
 * And one chunk, `kit`, for the small modules the pages share (the domain's rules and schemas, the API
 * helpers, the shell's bits, form fields): left to Rollup, a page pulled 15-20 of them as chunks of
 * 0.1-4 KB, and each request cost the main thread about 13 ms before the first paint at Lighthouse's 4x
 * slower CPU (docs/PERFORMANCE.md; the round in git history).
 */
const KIT = [
  /\/domain\//,
  /\/src\/api\//,
  /\/src\/shell\/(?!AppLayout|AuthLayout)/,
  /\/src\/ui\/(form|upload)\//,
  /\/src\/ui\/(SplitButton|search-select-filter|fixed-place|date|focus|modal-work|ChoiceModal|ExportableTable)\.tsx?$/,
];

export function startChunk(name: string) {
  let start: Set<string> | null = null;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    start ??= staticGraphOfEntries(meta);
    if (start.has(id)) return name;
    if (!id.includes('/node_modules/') && KIT.some((re) => re.test(id))) return 'kit';
    return undefined;
  };
}

function staticGraphOfEntries({ getModuleIds, getModuleInfo }: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const todo = [...getModuleIds()].filter((id) => getModuleInfo(id)?.isEntry);
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
