import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder with the project's package.json: found by walking up from this module, so it is the same
 * from the TypeScript sources (server/lib) and from the compiled server (dist-server/main.js).
 */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json van het project niet gevonden');
    dir = parent;
  }
  return dir;
})();
