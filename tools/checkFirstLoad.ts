import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureFirstLoad } from '../bench/lib/firstLoad.ts';
import { startBenchServer } from '../bench/lib/server.ts';
import { launchBrowser } from '../tests/e2e/harness.ts';
import type { PlanConfig } from '../engine/plan/types.ts';
import { listPlanCodes, readPlanFiles } from '../src/plans/nodePlanSource.ts';

/*
 * The first-load budget of issue 10, checked on the built assets (`npm run build` first):
 * for every plan, the JS a phone downloads before the first field of its journey's first
 * step is usable must fit in 160 KB of brotli, in a request waterfall no deeper than two.
 *
 * Which files the route needs is not listed here: the built app is served by the real
 * server and opened on the route in Chromium, and every JS file it asks for before its
 * first field is usable is counted (the entry and its static imports, the lazily loaded
 * journey chunks, the plan's chunk, whatever the build makes of them). A static reading
 * of the import graph cannot tell when a dynamic import is issued (the plan's chunk is
 * imported by the entry's plan registry, but only once the journey code asks for it), so
 * the waterfall is measured: see bench/lib/waterfall.ts. Each file is counted at the size
 * of the .br copy the build wrote beside it in dist/app (what the server sends), or its own
 * size when the build wrote none (files under 1 KB).
 *
 * Usage: npx tsx tools/checkFirstLoad.ts   (exit 1 over budget)
 */

export const BUDGET_BYTES = 160 * 1024;
export const MAX_DEPTH = 2;
const DIST = fileURLToPath(new URL('../dist/app/', import.meta.url));

export interface CountedFile {
  path: string;
  brotli: number;
  depth: number;
}

/** The bytes the server sends for a built file: its .br copy, else the file itself. */
export function brotliBytes(dist: string, pathname: string): number {
  const file = join(dist, decodeURIComponent(pathname));
  if (!existsSync(file)) throw new Error(`${pathname} was loaded but is not in ${dist}`);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

export interface Verdict {
  bytes: number;
  depth: number;
  problems: string[];
}

export function firstLoadVerdict(files: CountedFile[], budget = BUDGET_BYTES, maxDepth = MAX_DEPTH): Verdict {
  const bytes = files.reduce((sum, file) => sum + file.brotli, 0);
  const depth = Math.max(0, ...files.map((file) => file.depth));
  const problems: string[] = [];
  if (files.length === 0) problems.push('no JS was loaded before the first field was usable');
  if (bytes > budget) problems.push(`${bytes} B of JS is over the budget of ${budget} B`);
  if (depth > maxDepth) problems.push(`the JS waterfall is ${depth} requests deep, more than ${maxDepth}`);
  return { bytes, depth, problems };
}

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('dist/app is missing: run `npm run build` first.');
  const server = await startBenchServer();
  const browser = await launchBrowser();
  let failed = 0;
  try {
    for (const code of listPlanCodes()) {
      const config = readPlanFiles(code)['plan.json'] as PlanConfig;
      const route = `${config.routes.pathBase}${config.routes.slug}/`;
      const load = await measureFirstLoad(browser, `${server.baseUrl}${route}`);
      const files = load.files.map((file) => {
        const path = new URL(file.url).pathname;
        return { path, brotli: brotliBytes(DIST, path), depth: file.depth };
      });
      const verdict = firstLoadVerdict(files);
      console.log(`${code} ${route}: JS before its first field is usable, brotli as built`);
      for (const file of files)
        console.log(`  level ${file.depth}  ${String(file.brotli).padStart(8)} B  ${file.path}`);
      console.log(
        `  total ${verdict.bytes} B (${(verdict.bytes / 1024).toFixed(1)} KB) in ${files.length} files, ` +
          `waterfall depth ${verdict.depth}; budget ${BUDGET_BYTES} B, depth ${MAX_DEPTH}`,
      );
      for (const problem of verdict.problems) console.error(`FAIL ${code}: ${problem}`);
      if (verdict.problems.length) failed++;
    }
    if (failed === 0) console.log("OK: every plan's journey is within the first-load budget");
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
