import { spawn } from 'node:child_process';

export interface SetupRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run setup -- …` as an operator runs it: the CLI in a process of its own, with `env` added. */
export function runSetup(env: NodeJS.ProcessEnv, args: string[]): Promise<SetupRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/setup/cli.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** The arguments that name the first administrator. */
export const adminArgs = (who: { company: string; name: string; email: string }) => [
  '--company',
  who.company,
  '--name',
  who.name,
  '--email',
  who.email,
];
