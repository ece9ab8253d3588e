import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

/*
 * Prints, as JSON, every file the server loads to build itself: the ES modules (a resolve
 * hook logs each URL to a file as it is resolved) and the CommonJS modules (require.cache).
 * Run from the repository root: node --import tsx tests/integration/server/serverModules.mjs <log file>
 */
const log = process.argv[2];
const HOOKS = `
import { appendFileSync } from 'node:fs';
let log;
export async function initialize(data) { log = data.log; }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  appendFileSync(log, result.url + '\\n');
  return result;
}`;
appendFileSync(log, '');
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { log } });

const root = new URL('../../../', import.meta.url);
const { build } = await import(new URL('src/server/app.ts', root).href);
const { testConfig } = await import(new URL('src/server/config.ts', root).href);
const app = await build({ config: testConfig() });
await app.ready();
await app.close();

const esm = readFileSync(log, 'utf8').split('\n').filter(Boolean);
const cjs = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify([...new Set([...esm, ...cjs])]));
