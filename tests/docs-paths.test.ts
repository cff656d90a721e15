import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/**
 * A repository path written anywhere in the text: one of the top folders, not part of a longer word or
 * path (`dist-server/…`, a URL), up to the first character a path here never holds.
 */
const repoPath = /(?<![\w./-])(?:src|server|domain|tests|bench|build|sw|docs|public)\/[\w./@-]*/g;
/** A Markdown link's target, resolved from the document's own folder. */
const linkTarget = /\]\(([^)\s]+)\)/g;

/** A written path without the punctuation of the sentence around it; null for a pattern (a glob, a placeholder). */
function cleaned(written: string, next: string): string | null {
  if ('*{<['.includes(next)) return null;
  return written.replace(/[.,:;]+$/, '');
}

function namedPaths(doc: string): { line: number; written: string; resolved: string }[] {
  const found: { line: number; written: string; resolved: string }[] = [];
  readFileSync(path.join(root, doc), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(repoPath)) {
        const written = cleaned(m[0], text.charAt(m.index + m[0].length));
        if (written) found.push({ line: i + 1, written, resolved: path.join(root, written) });
      }
      for (const m of text.matchAll(linkTarget)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        found.push({
          line: i + 1,
          written: target,
          resolved: path.resolve(path.join(root, path.dirname(doc)), target),
        });
      }
    });
  return found;
}

/** A file or folder, or a module named as an import names it (`server/db/database` for database.ts). */
const exists = (resolved: string) => ['', '.ts', '.tsx'].some((ext) => existsSync(resolved + ext));

describe('paths named in README.md and docs/', () => {
  it('finds the paths it checks', () => {
    // The check reads the documents at all: the architecture names the server's entry, which exists.
    expect(namedPaths('docs/ARCHITECTURE.md').map((p) => p.written)).toContain('server/app.ts');
    expect(cleaned('server/db/pool.ts.', ' ')).toBe('server/db/pool.ts');
    expect(cleaned('tests/api/', '*')).toBeNull();
  });

  it.each(docs)('%s names only files and folders that exist', (doc) => {
    const missing = namedPaths(doc)
      .filter((p) => !exists(p.resolved))
      .map((p) => `${doc}:${p.line} ${p.written}`);
    expect(missing).toEqual([]);
  });
});
