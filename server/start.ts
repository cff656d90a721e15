import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { main } from './main';

/** `npm start`: build the web app when its sources are newer than the build, then serve. */
const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..');
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, 'dist', 'index.html')).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, child) => Math.max(max, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));
if (sources.some((s) => newestMtime(s) > builtAt)) {
  console.log('Web-app wordt gebouwd…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
