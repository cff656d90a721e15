import { spawn } from 'node:child_process';

/**
 * The portal from source on a fresh embedded database with the demo data (DATA_DIR), serving the web
 * build in dist/ or WEB_DIST_DIR, as the page benches use it. Resolves once it listens, with its stop.
 */
export function startSourcePortal(dataDir: string, port: number): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Het portaal draait op')) resolve(() => new Promise((done) => { child.on('exit', () => done()); child.kill('SIGTERM'); }));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
