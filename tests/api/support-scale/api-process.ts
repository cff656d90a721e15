import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { ensureServerBuilt } from '../../../build/server.mjs';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/** A port nobody listens on now (the OS's choice), for a process that must be told its port. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The compiled server that `npm start` runs (built when its sources changed), as a process of its own. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const bundle = await ensureServerBuilt();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Het portaal draait op')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`the API process ended (${code}) before it was ready:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
