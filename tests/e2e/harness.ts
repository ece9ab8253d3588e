import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** Browser tests run the real product, like `npm start`, against Debian's Chromium. */

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where browser tests leave their screenshots and downloads (ignored by git), to look at. */
export const SCREENSHOTS = fileURLToPath(new URL('./__screenshots__/', import.meta.url));
export const BUILT_INDEX = fileURLToPath(new URL('../../dist/app/index.html', import.meta.url));

/** The phone every browser test starts on (spec: phone first, 390 px wide). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

const SERVER_START_TIMEOUT_MS = 90_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;

/**
 * Path of the Chromium executable: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * else `chromium` or `chromium-browser` on PATH. Throws when there is none: a missing
 * browser fails the run, it never skips it.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const name of ['chromium', 'chromium-browser']) {
    const which = spawnSync('which', [name], { encoding: 'utf8' });
    const found = which.status === 0 ? which.stdout.trim() : '';
    if (found) return found;
  }
  throw new Error(
    'Chromium was not found: browser tests need it. Install it with `apt-get install -y chromium` ' +
      '(.ci/run does) or set CHROMIUM_PATH to its executable.',
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** Output of the server so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the product's server (`src/server/main.ts`, as `npm start` runs it) on a
 * free port and resolves once `/healthz` answers. Needs a built SPA: `npm test`
 * builds before vitest runs.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(BUILT_INDEX)) {
    throw new Error(
      `${BUILT_INDEX} is missing: build the web app first (\`npm run build\`; \`npm test\` does).`,
    );
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Each server gets its own embedded database, as a fresh `npm start` would.
  const dataDir = mkdtempSync(join(tmpdir(), 'bimaflow-e2e-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const server: RunningServer = {
    baseUrl,
    output: () => output,
    stop: async () => {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  return server;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}).`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${baseUrl}/healthz within ${SERVER_START_TIMEOUT_MS} ms.`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
