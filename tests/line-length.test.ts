/**
 * Issue 48: production code fits 120 characters a line, so it reads in a split editor and in a review
 * without scrolling. Prettier (`npm run lint`) wraps code; this test holds what Prettier leaves long:
 * comments, strings and SQL. The migrations are left as they ran.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX = 120;

const productionFiles = execFileSync('git', ['ls-files', 'src', 'server', 'domain', 'sw', 'build'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js|css)$/.test(f))
  .filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith('server/db/migrations/'));

describe('production code', () => {
  it(`has no line over ${MAX} characters`, () => {
    expect(productionFiles.length).toBeGreaterThan(300);
    const long = productionFiles.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.length > MAX ? [`${file}:${i + 1} (${line.length})`] : [])),
    );
    expect(long).toEqual([]);
  });
});
