#!/usr/bin/env node
// `npm start`: builds the SPA when its build is missing or stale, then runs the server.
// Plain Node ESM with no dependencies, so it works right after `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, serverEnv, serverNodeFlags } from './serverProcess.mjs';

const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const builtIndex = join(repoRoot, 'dist', 'app', 'index.html');

// Everything the browser bundle is made of. src/ is included whole (the app imports
// adapters, pricing and shared code from it) except src/server, which is not bundled.
const bundleSources = [
  'src',
  'engine',
  'widgets',
  'schemas',
  'vite.config.ts',
  'vite.chat.config.ts',
  'vite.desk.config.ts',
];
const notBundled = new Set([join(repoRoot, 'src', 'server')]);

/**
 * Newest modification time (ms) under `path`, skipping dot-entries and node_modules.
 * Directories count too: their mtime changes when a file is added, removed or renamed.
 */
function newestMtime(path) {
  if (notBundled.has(path) || !existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.startsWith('.') || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function staleReason() {
  if (!existsSync(builtIndex)) return 'dist/app/index.html is missing';
  // The chat page's and the desk's own builds (vite.chat.config.ts, vite.desk.config.ts), made after the app's.
  for (const page of ['chat', 'desk']) {
    if (!existsSync(join(repoRoot, 'dist', 'app', page, 'index.html')))
      return `dist/app/${page}/index.html is missing`;
  }
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = bundleSources.find((source) => newestMtime(join(repoRoot, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

const reason = staleReason();
if (reason) {
  console.log(`Building the web app (${reason})...`);
  // npm run build: the plans' precompiled validators (from their schemas as they are now), then vite.
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      result.error ? `Could not run the build: ${result.error.message}` : 'The web app build failed.',
    );
    process.exit(result.status ?? 1);
  }
}

// With the heap and allocator bounds of serverProcess.mjs (issue 21: within 300 MB on PGlite).
const server = spawn(process.execPath, [...serverNodeFlags(), ...SERVER_ENTRY], {
  cwd: repoRoot,
  env: serverEnv(),
  stdio: 'inherit',
});

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => server.kill(signal);
for (const signal of forwarded) process.on(signal, forward);

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  for (const name of forwarded) process.off(name, forward);
  if (signal) {
    // Die the same way the server did, so callers see the signal.
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
