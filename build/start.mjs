// @ts-check
/**
 * `npm start`: builds the web app when its sources are newer than its build and the server when its
 * sources are newer than its bundle, then runs the compiled server in this process (plain node).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildServer, root, serverBundle, serverIsStale } from './server.mjs';

/** @returns {number} */
function newestMtime(/** @type {string} */ entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((max, child) => Math.max(max, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

const webBuiltAt = fs.statSync(path.join(root, 'dist', 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const webSources = ['src', 'domain', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
  path.join(root, p),
);
if (webSources.some((s) => newestMtime(s) > webBuiltAt)) {
  console.log('Web-app wordt gebouwd…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (serverIsStale()) {
  console.log('Server wordt gebouwd…');
  await buildServer();
}
/** @type {{ main: () => Promise<void> }} */
const server = await import(pathToFileURL(serverBundle).href);
server.main().catch((err) => {
  console.error(err);
  process.exit(1);
});
