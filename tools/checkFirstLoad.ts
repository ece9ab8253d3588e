import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureFirstLoad } from './measure/firstLoad.ts';
import { startBenchServer } from './measure/server.ts';
import { launchBrowser } from '../tests/e2e/harness.ts';
import type { PlanConfig } from '../engine/plan/types.ts';
import { dataMappingKey } from '../engine/state/applicationStore.ts';
import { listPlanCodes, readPlanFiles } from '../src/plans/nodePlanSource.ts';

/*
 * The first-load budget of issue 10, checked on the built assets (`npm run build` first):
 * for every plan, the JS a phone downloads before the first field of its journey's first
 * step is usable must fit in 160 KB of brotli, in a request waterfall one level deep (issue 21); and the
 * same for its proposal page on the proposal's first step (where payment sends the buyer on).
 *
 * Which files the route needs is not listed here: the built app is served by the real
 * server and opened on the route in Chromium, and every JS file it asks for before its
 * first field is usable is counted (the entry and its static imports, the lazily loaded
 * journey chunks, the plan's chunk, whatever the build makes of them): which files is a
 * matter of when code runs, so it is watched. How deep each of them sits in the request
 * waterfall is read off the build (chunkDepths), not off the request times of one load,
 * which on a busy machine put a file a level lower whenever a small one finished first.
 * The built chunks must not import each other in a loop (chunkCycles). Each file is counted
 * at the size of the .br copy the build wrote beside it in dist/app (what the server sends),
 * or its own size when the build wrote none (files under 1 KB).
 *
 * Usage: npx tsx tools/checkFirstLoad.ts   (exit 1 over budget)
 */

export const BUDGET_BYTES = 160 * 1024;
/** One level: a plan's page names every chunk its first screen needs (src/server/plugins/routePreloads.ts). */
export const MAX_DEPTH = 1;
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

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;
/** `import(`./x.js`)`, with the chunks Vite preloads beside it (`__vite__mapDeps([0,1])`) when it has any. */
const DYNAMIC_IMPORT =
  /import\(["'`]\.\/([^"'`]+\.js)["'`]\)(?:\.then\([^)]*\))?(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g;
const PRELOAD_LIST = /m\.f=\[([^\]]*)\]/;

/**
 * How deep in the request waterfall each built chunk is, read from the build itself: level 1
 * is what index.html asks for (its script and modulepreloads); a chunk that code of level n
 * imports dynamically is on level n + 1, with the chunks Vite preloads beside that import;
 * a chunk only imported statically by a level-n chunk (found once that one is parsed) is on
 * level n + 1 too. This is the earliest a browser can ask for each file, whatever the timing
 * of one load on a busy machine (which is what a waterfall read off request times measures).
 */
export function chunkDepths(
  dist: string,
  html = readFileSync(join(dist, 'index.html'), 'utf8'),
): Map<string, number> {
  const assets = join(dist, 'assets');
  const depths = new Map<string, number>();
  for (const match of html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)) depths.set(match[1]!, 1);
  const later = new Map<string, string[]>();
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const code = readFileSync(join(assets, name), 'utf8');
    const preloads = (PRELOAD_LIST.exec(code)?.[1] ?? '')
      .split(',')
      .map((entry) => entry.trim().replace(/^["'`]assets\/|["'`]$/g, ''))
      .filter(Boolean);
    const next = [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!);
    for (const match of code.matchAll(DYNAMIC_IMPORT)) {
      next.push(match[1]!);
      for (const index of (match[2] ?? '').split(',').filter(Boolean)) next.push(preloads[Number(index)]!);
    }
    later.set(name, next);
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, depth] of [...depths]) {
      for (const next of later.get(name) ?? []) {
        if ((depths.get(next) ?? Infinity) > depth + 1) {
          depths.set(next, depth + 1);
          changed = true;
        }
      }
    }
  }
  return depths;
}

/**
 * Chunks that import each other, directly or round a loop, as `a.js -> b.js -> a.js`. Two
 * lazily loaded chunks in a loop are evaluated in an order that depends on which finished
 * downloading first: a page that works on one load fails on the next (a value read before
 * its module ran). The build must have none.
 */
export function chunkCycles(dist: string): string[] {
  const assets = join(dist, 'assets');
  const graph = new Map<string, string[]>();
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const code = readFileSync(join(assets, name), 'utf8');
    graph.set(
      name,
      [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]!),
    );
  }
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    const at = path.indexOf(name);
    if (at >= 0) {
      cycles.push([...path.slice(at), name].join(' -> '));
      return;
    }
    if (done.has(name)) return;
    for (const next of graph.get(name) ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of graph.keys()) visit(name, []);
  return cycles;
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

/**
 * The pages a visitor opens first, by plan: the journey's first step, and the proposal page on
 * its first step (where payment sends the buyer on), with the application the journey left in
 * the tab (paid: the step shows from the tab's copy, and the page reads it back from the server
 * once the step is up, which fails here for an application the server does not hold, after
 * what is measured).
 */
function pagesOf(code: string): { code: string; route: string; session: Record<string, unknown> }[] {
  const config = readPlanFiles(code)['plan.json'] as PlanConfig;
  const firstStep = Object.keys(config.proposal?.steps ?? {})[0];
  const application = {
    applicationNumber: '7000000001',
    capability: 'first-load',
    version: 1,
    userStage: 'payment-details',
    paymentDetails: { payMode: 'Online', status: 'success' },
  };
  return [
    { code, route: `${config.routes.pathBase}${config.routes.slug}/`, session: {} },
    ...(firstStep === undefined
      ? []
      : [
          {
            code,
            route: `${config.routes.proposalPage}#/${firstStep}`,
            session: { [dataMappingKey(config.productId)]: application },
          },
        ]),
  ];
}

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('dist/app is missing: run `npm run build` first.');
  let failed = 0;
  for (const cycle of chunkCycles(DIST)) {
    console.error(`FAIL: built chunks import each other in a loop: ${cycle}`);
    failed++;
  }
  const server = await startBenchServer();
  const browser = await launchBrowser();
  try {
    for (const { code, route, session } of listPlanCodes().flatMap((code) => pagesOf(code))) {
      // The levels as the page the server serves for this route names its chunks.
      const page = await fetch(`${server.baseUrl}${route.split('#')[0]}`, {
        headers: { accept: 'text/html' },
      });
      const depths = chunkDepths(DIST, await page.text());
      const load = await measureFirstLoad(browser, `${server.baseUrl}${route}`, undefined, session);
      const files = load.files.map((file) => {
        const path = new URL(file.url).pathname;
        return { path, brotli: brotliBytes(DIST, path), depth: depths.get(basename(path)) ?? Infinity };
      });
      const verdict = firstLoadVerdict(files);
      console.log(`${code} ${route}: JS before its first field is usable, brotli as built`);
      for (const file of files)
        console.log(`  level ${file.depth}  ${String(file.brotli).padStart(8)} B  ${file.path}`);
      console.log(
        `  total ${verdict.bytes} B (${(verdict.bytes / 1024).toFixed(1)} KB) in ${files.length} files, ` +
          `waterfall depth ${verdict.depth}; budget ${BUDGET_BYTES} B, depth ${MAX_DEPTH}`,
      );
      for (const problem of verdict.problems) console.error(`FAIL ${code} ${route}: ${problem}`);
      if (verdict.problems.length) failed++;
    }
    if (failed === 0)
      console.log("OK: every plan's journey and proposal page are within the first-load budget");
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
