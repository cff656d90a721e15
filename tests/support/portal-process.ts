import { spawn, type ChildProcess } from 'node:child_process';
import { ensureServerBuilt, SERVER_NODE_OPTIONS } from '../../build/server.mjs';

/**
 * The portal as a process of its own, the way an operator runs it. It listens on a port the system
 * chooses (PORT=0) and prints the address it got, so two tests can never race for one port.
 */
export interface PortalProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once `text` was printed; rejects when the process ends first or the time is up. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** http://127.0.0.1:<port>, known once the portal printed that it runs. */
  url(): string;
  /** The Prometheus address, when METRICS_PORT was given. */
  metricsUrl(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The whole line, so that the address in it is complete. */
export const READY = /Het portaal draait op http:\/\/\S+\n/;

/**
 * Starts the compiled server that `npm start` runs (`bundle`, built when its sources changed), or
 * server/main.ts through tsx (`source`). Does not wait: see `startPortalProcess`.
 */
export async function spawnPortalProcess(
  env: NodeJS.ProcessEnv,
  entry: 'bundle' | 'source' = 'bundle',
): Promise<PortalProcess> {
  const args = [
    ...SERVER_NODE_OPTIONS,
    ...(entry === 'bundle' ? [await ensureServerBuilt()] : ['--import', 'tsx', 'server/main.ts']),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: '0', HOST: env.HOST ?? '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  const printed = (pattern: RegExp, what: string) => {
    const found = pattern.exec(output)?.[1];
    if (!found) throw new Error(`the portal has not printed its ${what} yet:\n${output}`);
    return found;
  };
  return {
    child,
    output: () => output,
    async waitFor(text, timeoutMs = 90_000) {
      const until = Date.now() + timeoutMs;
      while (typeof text === 'string' ? !output.includes(text) : !text.test(output)) {
        if (child.exitCode !== null)
          throw new Error(`the portal process ended (${child.exitCode}) before "${text}":\n${output}`);
        if (Date.now() > until) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    url: () => printed(/Het portaal draait op (http:\/\/\S+)/, 'address'),
    metricsUrl: () => printed(/Metrics \(Prometheus\): (http:\/\/\S+)/, 'metrics address'),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts the portal and waits until it serves. */
export async function startPortalProcess(
  env: NodeJS.ProcessEnv,
  entry: 'bundle' | 'source' = 'bundle',
): Promise<PortalProcess> {
  const portal = await spawnPortalProcess(env, entry);
  await portal.waitFor(READY);
  return portal;
}
