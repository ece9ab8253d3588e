import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_INDEX, freePort, REPO_ROOT } from '../../tests/e2e/harness.ts';

/**
 * The product's server as `npm start` runs it (src/server/main.ts over dist/app), on a free
 * port with its own embedded PGlite in a temporary folder. Like tests/e2e/harness.ts's
 * startServer, with a start-up allowance for a busy bench machine.
 */
export interface BenchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 180_000;

/** Starts the built server in its own process; `extraEnv` adds to (or overrides) its environment. */
export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(BUILT_INDEX)) throw new Error(`${BUILT_INDEX} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bimaflow-bench-data-'));
  // The server's own defaults, as `npm start` has them (a Vite build in this process sets
  // NODE_ENV=production, which would ask for a real payment gateway).
  const { NODE_ENV: _built, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, ...extraEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not become healthy at ${baseUrl}.\n${errors}`);
}
