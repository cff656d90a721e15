// @ts-check
/**
 * The compiled server: server/main.ts, the repository's modules and most packages in one esbuild
 * bundle (dist-server/main.js) that plain node runs. Migrations are in it through their static index
 * (server/db/migrations/index.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'dist-server', 'main.js');
/**
 * Node's options for the server, on `npm start`'s command line (package.json; build/server.test.ts keeps
 * the two in step) and wherever a test or the bench starts the bundle, the bench's bare server too.
 * None now: the 64 MB young generation once set here (`--max-semi-space-size=64`) gave the lists 1 %
 * more requests per second by 29 Nov, put a 100,000-row export at 345 MB of RSS (its goal is
 * 250 MB; 213–224 MB without) and lengthened every scavenge under load (docs/DECISIONS.md).
 * @type {string[]}
 */
export const SERVER_NODE_OPTIONS = [];
const inputsFile = path.join(root, 'dist-server', 'inputs.json');
/**
 * Packages that stay in node_modules: they read files beside their own code (PGlite's WebAssembly,
 * pdfkit's fonts, the swagger-ui assets), are native (argon2), or load with their first use.
 */
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfkit',
  'exceljs',
  'bwip-js',
  'nodemailer',
  '@fastify/swagger-ui',
];
/** Besides the repository's sources in the bundle: this build script and the installed packages. */
const buildInputs = [fileURLToPath(import.meta.url), path.join(root, 'package-lock.json')];

const mtime = (/** @type {string} */ file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;

/** True when the bundle is missing or a file it was built from changed since (one stat per file). */
export function serverIsStale() {
  const builtAt = mtime(serverBundle);
  if (builtAt === Infinity || !fs.existsSync(inputsFile)) return true;
  /** @type {string[]} */
  const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  return [...inputs.map((i) => path.join(root, i)), ...buildInputs].some((file) => mtime(file) > builtAt);
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external,
    // Bundled CommonJS packages require Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // Written beside and renamed into place, so a second start building at the same time reads a whole file.
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true });
  for (const out of result.outputFiles) {
    const tmp = `${out.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, out.contents);
    fs.renameSync(tmp, out.path);
  }
  const tmp = `${inputsFile}.${process.pid}.tmp`;
  const sources = Object.keys(result.metafile.inputs).filter((i) => !i.includes('node_modules/'));
  fs.writeFileSync(tmp, JSON.stringify(sources));
  fs.renameSync(tmp, inputsFile);
}

/** Builds the server when it is stale; returns the bundle's path. */
export async function ensureServerBuilt() {
  if (serverIsStale()) await buildServer();
  return serverBundle;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
