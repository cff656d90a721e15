import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from './server.mjs';

describe("the server's node options", () => {
  it('are on the command line of npm start, as the tests and the bench start the bundle', () => {
    const { scripts } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(['node', ...SERVER_NODE_OPTIONS, 'build/start.mjs'].join(' '));
  });
});
