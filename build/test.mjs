// @ts-check
/**
 * `npm test`: every check of the project, in two lines that run side by side on a 2-core machine:
 * the type check and the unit and API tests (vitest) one after the other, beside the lint, the web
 * build and the browser tests, which need that build (so the two lines take about as long). Each
 * phase's output is prefixed with its name; at the end a table gives each phase's wall time. Fails when any phase
 * fails; the browser tests do
 * not run when the build failed, every other phase runs whatever the others gave. The tests that
 * measure time and memory (TEST_QUIET in vitest.config.ts) run last, alone on the machine. WEB_DIST_DIR
 * chooses the build folder (default dist/); NODE24_BIN: see `vitestPhases`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules', '.bin', name);
const webDist = process.env.WEB_DIST_DIR ?? 'dist';

/** @typedef {{ name: string, commands: string[][], needsPrevious?: boolean, env?: Record<string, string> }} Phase */
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
/** The folder of a Node 24 binary (CI). */
const node24 = process.env.NODE24_BIN;

const later = { TEST_QUIET: 'later' };
// Whatever the tests start by name runs under Node 24 too.
const node24Env = node24 ? { PATH: `${node24}${path.delimiter}${process.env.PATH ?? ''}` } : {};

/**
 * Without NODE24_BIN one vitest run takes every project. With it (CI) the unit tests run under both
 * Nodes and the API tests once per engine: on PGlite under this Node, on PostgreSQL under Node 24 (a
 * third pass of the API tests cost CI about two minutes of its two cores).
 * @type {Phase[]}
 */
const vitestPhases = node24
  ? [
      {
        name: 'unit+API',
        commands: [[process.execPath, vitest, 'run', '--project', 'unit', '--project', 'api-pglite']],
        env: later,
      },
      {
        name: 'Node 24',
        commands: [[path.join(node24, 'node'), vitest, 'run', '--project', 'unit', '--project', 'api-postgres']],
        env: { ...later, ...node24Env },
      },
    ]
  : [{ name: 'unit+API', commands: [[process.execPath, vitest, 'run']], env: later }];

/** The measuring tests, on each engine under the Node that runs its other API tests. */
const only = { TEST_QUIET: 'only' };
/** @type {Phase[]} */
const quietPhases = node24
  ? [
      { name: 'measured', commands: [[process.execPath, vitest, 'run', '--project', 'api-pglite']], env: only },
      {
        name: 'measured 24',
        commands: [[path.join(node24, 'node'), vitest, 'run', '--project', 'api-postgres']],
        env: { ...only, ...node24Env },
      },
    ]
  : [{ name: 'measured', commands: [[process.execPath, vitest, 'run', '--project', 'api-*']], env: only }];

/** @type {Phase[][]} */
const lines = [
  [
    {
      name: 'typecheck',
      commands: [
        [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'],
        [bin('tsc'), '--noEmit', '-p', 'domain/tsconfig.json'],
      ],
    },
    ...vitestPhases,
  ],
  [
    {
      name: 'lint',
      commands: [
        [bin('eslint'), '.'],
        [bin('prettier'), '--check', '.', '--log-level', 'warn'],
      ],
    },
    { name: 'build', commands: [[bin('vite'), 'build', '--outDir', webDist, '--logLevel', 'warn']] },
    { name: 'e2e', commands: [[bin('playwright'), 'test']], needsPrevious: true },
  ],
];

/** @type {Map<string, { status: 'passed' | 'failed' | 'skipped', ms: number }>} */
const results = new Map();

/** The last lines each phase printed: repeated at the end for a phase that failed, where a CI log's tail shows them. */
/** @type {Map<string, string[]>} */
const tails = new Map();
const TAIL_LINES = 60;
function remember(/** @type {string} */ name, /** @type {string} */ line) {
  const tail = tails.get(name) ?? [];
  tail.push(line);
  if (tail.length > TAIL_LINES) tail.shift();
  tails.set(name, tail);
}

/** Runs one command with its output prefixed line by line; resolves to its exit code. */
function run(
  /** @type {string} */ name,
  /** @type {string[]} */ [command, ...args],
  /** @type {Record<string, string>} */ env = {},
) {
  return new Promise((resolve) => {
    const child = spawn(command ?? '', args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', WEB_DIST_DIR: webDist, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (/** @type {string} */ chunk) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          process.stdout.write(prefix + line + '\n');
          remember(name, line);
        }
      });
      stream.on('end', () => {
        if (!rest) return;
        process.stdout.write(prefix + rest + '\n');
        remember(name, rest);
      });
    }
    child.on('error', (err) => {
      process.stdout.write(`${prefix}${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runLine(/** @type {Phase[]} */ phases) {
  let failed = false;
  for (const phase of phases) {
    if (failed && phase.needsPrevious) {
      results.set(phase.name, { status: 'skipped', ms: 0 });
      continue;
    }
    const started = Date.now();
    let code = 0;
    for (const command of phase.commands) {
      code = await run(phase.name, command, phase.env);
      if (code !== 0) break;
    }
    failed = code !== 0;
    results.set(phase.name, { status: failed ? 'failed' : 'passed', ms: Date.now() - started });
  }
}

const started = Date.now();
await Promise.all(lines.map(runLine));
await runLine(quietPhases);
const total = Date.now() - started;

const minutes = (/** @type {number} */ ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
for (const [name, result] of results) {
  if (result.status !== 'failed') continue;
  console.log(`\n── ${name} failed; its last ${TAIL_LINES} lines ──`);
  for (const line of tails.get(name) ?? []) console.log(line);
}
console.log('\nPhase       Time    Result');
for (const phase of [...lines.flat(), ...quietPhases]) {
  const result = results.get(phase.name) ?? { status: 'skipped', ms: 0 };
  console.log(`${phase.name.padEnd(11)} ${minutes(result.ms).padStart(5)}   ${result.status}`);
}
console.log(
  `${'total'.padEnd(11)} ${minutes(total).padStart(5)}   (wall time; the two lines run side by side, the measured ` +
    `tests after them)`,
);
process.exit([...results.values()].some((r) => r.status !== 'passed') ? 1 : 0);
