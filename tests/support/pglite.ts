import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { kyselyOnPGlite, pgliteOptions, type OpenedDatabase } from '../../server/db/open';

interface Artifacts {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let artifacts: Promise<Artifacts> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process, and its file bundle, read once: a test process
 * opens dozens of databases, and each one after the first then runs code the engine has already
 * compiled and optimised instead of compiling 9 MB of WebAssembly again.
 */
function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await WebAssembly.compile(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return artifacts;
}

/** A database of its own, in memory, loaded from a dump of a PGlite data folder (a template). */
export async function pgliteFromDump(dump: Blob): Promise<OpenedDatabase> {
  return kyselyOnPGlite(new PGlite({ loadDataDir: dump, ...pgliteOptions, ...(await pgliteArtifacts()) }));
}
