import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

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
export function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await WebAssembly.compile(fs.readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return artifacts;
}
