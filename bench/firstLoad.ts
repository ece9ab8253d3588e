import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness.ts';
import { buildApp, flag, option } from './lib/build.ts';
import { FIRST_FIELD, measureFirstLoad, type FirstLoad } from '../tools/measure/firstLoad.ts';
import { medianRun, runLighthouse, type LighthouseFigures } from './lib/lighthouse.ts';
import { readBenchPlan, journeyPath } from './lib/planSteps.ts';
import { BUDGET_BYTES, MAX_DEPTH } from '../tools/checkFirstLoad.ts';
import { listPlanCodes } from '../src/plans/nodePlanSource.ts';
import { buildReference } from './lib/reference.ts';
import { startBenchServer } from '../tools/measure/server.ts';
import { serveStatic } from './lib/staticServer.ts';
import { grouped, ratio, table } from './lib/table.ts';
import {
  CPU_SLOWDOWN,
  measureThrottledLoad,
  QUIET_MS,
  SLOW_4G,
  type LoadedRequest,
  type ThrottledLoad,
} from './lib/throttledLoad.ts';
import { traceLoad, type TraceSummary } from './lib/trace.ts';

/*
 * `npm run bench:firstload [-- --runs N] [-- --no-build] [-- --no-trace] [-- --no-lighthouse]
 * [-- --no-plans]` (issue 21): the first screen of the T54 journey as a buyer on a cheap Android
 * phone gets it, beside the best stock rjsf page on the same step, built both ways rjsf documents:
 *
 * - bimaflow: the built app served by the real server (`src/server/main.ts`, as `npm start`), so
 *   the journey route's HTML names its chunks as modulepreloads (src/server/plugins/routePreloads.ts);
 * - stock rjsf: bench/reference (one @rjsf/core Form, stock theme) with @rjsf/validator-ajv8's
 *   runtime-compiled validator (`customizeValidator()`);
 * - stock rjsf precompiled: the same page with rjsf's precompiled validator
 *   (`compileSchemaValidators` at build time, `createPrecompiledValidator` at run time).
 *   Both references: Vite production build, served brotli (precompressed, tools/precompress.ts)
 *   with the product's caching (hashed assets immutable, HTML revalidated).
 *
 * Every load is a new visitor (new browser context, cold cache) in Debian's Chromium at 4x CPU
 * slowdown and slow 4G (bench/lib/throttledLoad.ts), one warm-up load of each page first (not
 * counted), then N rounds (5) interleaved (bimaflow, stock, stock precompiled, bimaflow, ...);
 * each figure is the median of its page's N loads, printed beside the references' medians from
 * the same run. Once a load is quiet, a first key press (Shift) and quiet again count the JS a
 * page keeps until it is used. Then, for the run with each page's median first field: every request, its size,
 * start, end and initiator; a performance trace of one more load of each (not counted: tracing
 * slows a page) summarised to the first field; Lighthouse (mobile preset, simulated throttling)
 * as a second opinion; and every plan's JS before its first field (unthrottled) beside the budget
 * of tools/checkFirstLoad.ts.
 */

const PLAN = 'T54';
const STEP = 'basic-details';

interface Subject {
  name: string;
  url: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const ms = (n: number) => `${grouped(n)} ms`;
const bytes = (n: number) => `${grouped(n)} B`;

async function main() {
  const runs = option('runs', 5);
  if (!flag('no-build')) buildApp();
  const plan = readBenchPlan(PLAN);
  const runtimeDir = mkdtempSync(join(tmpdir(), 'bimaflow-reference-'));
  const precompiledDir = mkdtempSync(join(tmpdir(), 'bimaflow-reference-precompiled-'));
  console.log('Building the stock rjsf references (runtime-compiled and precompiled validator)...');
  await buildReference(runtimeDir, PLAN, [STEP], false, 'runtime');
  await buildReference(precompiledDir, PLAN, [STEP], false, 'precompiled');
  const server = await startBenchServer();
  const stock = await serveStatic(runtimeDir);
  const precompiled = await serveStatic(precompiledDir);
  const browser = await launchBrowser();
  try {
    const subjects: Subject[] = [
      { name: 'bimaflow', url: `${server.baseUrl}${journeyPath(plan.config)}` },
      { name: 'stock rjsf', url: `${stock.baseUrl}/` },
      { name: 'stock rjsf precompiled', url: `${precompiled.baseUrl}/` },
    ];
    console.log(
      `\n${PLAN} ${STEP}, first load at ${CPU_SLOWDOWN}x CPU and slow 4G (${SLOW_4G.latency} ms RTT, ` +
        `${(SLOW_4G.downloadThroughput * 8) / 1e6} Mbps down, ${(SLOW_4G.uploadThroughput * 8) / 1e3} kbps up); ` +
        `quiet = no request for ${grouped(QUIET_MS)} ms after load`,
    );
    for (const subject of subjects) console.log(`  ${subject.name}: ${subject.url}`);
    console.log('Warm-up: one load of each page (not counted)...');
    for (const subject of subjects) await measureThrottledLoad(browser, subject.url, FIRST_FIELD);
    const loads: ThrottledLoad[][] = subjects.map(() => []);
    for (let run = 1; run <= runs; run++) {
      for (const [index, subject] of subjects.entries()) {
        const load = await measureThrottledLoad(browser, subject.url, FIRST_FIELD);
        loads[index]!.push(load);
        console.log(
          `run ${run} ${subject.name.padEnd(22)} first field ${ms(load.firstFieldMs).padStart(8)}  LCP ${ms(load.lcp.timeMs).padStart(8)}` +
            `  JS before field ${bytes(load.js.beforeField.bytes).padStart(9)} (${load.js.beforeField.files})` +
            `  until quiet ${bytes(load.js.untilQuiet.bytes).padStart(9)} (${load.js.untilQuiet.files})` +
            `  after a key press ${bytes(load.js.afterInteraction.bytes).padStart(8)} (${load.js.afterInteraction.files})` +
            `${load.fieldInViewport ? '' : '  (field below the fold)'}`,
        );
      }
    }
    report(subjects, loads, runs);
    const representative = loads.map((list) => medianLoad(list));
    for (const [index, subject] of subjects.entries()) listRequests(subject, representative[index]!);
    if (!flag('no-trace')) await traces(browser, subjects);
    if (!flag('no-lighthouse')) {
      await lighthouse(
        [{ name: '/ (catalogue)', url: `${server.baseUrl}/` }, ...subjects],
        option('lighthouse-runs', 1),
      );
    }
    if (!flag('no-plans')) await everyPlan(browser, server.baseUrl, `${precompiled.baseUrl}/`);
  } finally {
    await browser.close();
    await stock.close();
    await precompiled.close();
    await server.stop();
    rmSync(runtimeDir, { recursive: true, force: true });
    rmSync(precompiledDir, { recursive: true, force: true });
  }
}

/** The load whose first field is its page's median (what the listing shows). */
function medianLoad(list: ThrottledLoad[]): ThrottledLoad {
  const sorted = [...list].sort((a, b) => a.firstFieldMs - b.firstFieldMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function report(subjects: Subject[], loads: ThrottledLoad[][], runs: number) {
  const [ours, stock, precompiled] = [0, 1, 2];
  const row = (label: string, pick: (load: ThrottledLoad) => number, show: (n: number) => string) => {
    const values = loads.map((list) => median(list.map(pick)));
    return [
      label,
      ...values.map(show),
      ratio(values[ours]!, values[stock]!),
      ratio(values[ours]!, values[precompiled]!),
    ];
  };
  const longTasks = (load: ThrottledLoad) =>
    load.longTasksBeforeField.reduce((sum, task) => sum + task.durationMs, 0);
  const longest = (load: ThrottledLoad) =>
    Math.max(0, ...load.longTasksBeforeField.map((task) => task.durationMs));
  console.log(
    `\nFirst load of ${PLAN} ${STEP} at ${CPU_SLOWDOWN}x CPU and slow 4G, median of ${runs} interleaved runs (same run for every column)`,
  );
  console.log(
    table([
      ['figure', ...subjects.map((s) => s.name), 'bimaflow / stock', 'bimaflow / precompiled'],
      row('navigation -> first field on screen', (l) => l.firstFieldMs, ms),
      row('largest contentful paint', (l) => l.lcp.timeMs, ms),
      row('first contentful paint', (l) => l.fcpMs, ms),
      row('JS before the first field (brotli)', (l) => l.js.beforeField.bytes, bytes),
      row('JS files before the first field', (l) => l.js.beforeField.files, String),
      row('JS until the network is quiet (brotli)', (l) => l.js.untilQuiet.bytes, bytes),
      row('JS until quiet, with headers', (l) => l.js.untilQuiet.transferred, bytes),
      row('JS files until quiet', (l) => l.js.untilQuiet.files, String),
      row('all requests until quiet', (l) => l.requests.filter((r) => !r.afterInteraction).length, String),
      row('JS after a first key press, until quiet again', (l) => l.js.afterInteraction.bytes, bytes),
      row('JS files after a first key press', (l) => l.js.afterInteraction.files, String),
      row('last response of the load ends', (l) => l.quietAtMs, ms),
      row('long tasks before the first field (sum)', longTasks, ms),
      row('longest task before the first field', longest, ms),
    ]),
  );
  console.log('\nLCP element (median run):');
  for (const [index, subject] of subjects.entries()) {
    const load = medianLoad(loads[index]!);
    console.log(
      `  ${subject.name}: ${load.lcp.element} (${grouped(load.lcp.size)} px², at ${ms(load.lcp.timeMs)}; ` +
        `${load.lcpEntries.length} candidate${load.lcpEntries.length === 1 ? '' : 's'}: ${load.lcpEntries.map((e) => grouped(e.timeMs)).join(', ')} ms)`,
    );
  }
}

const pathOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
};

function listRequests(subject: Subject, load: ThrottledLoad) {
  console.log(
    `\n${subject.name}: every request of the median run (first field at ${ms(load.firstFieldMs)}, LCP ${ms(load.lcp.timeMs)}; ms after navigation start)`,
  );
  const marker = (request: LoadedRequest) =>
    request.afterInteraction
      ? 'after a key press'
      : request.startMs <= load.firstFieldMs
        ? 'before field'
        : 'after field';
  console.log(
    table([
      ['file', 'type', 'bytes', 'start', 'end', 'when', 'initiator'],
      ...load.requests.map((request) => [
        pathOf(request.url),
        request.isJs ? 'JS' : request.type,
        grouped(request.bytes),
        grouped(request.startMs),
        grouped(request.endMs),
        marker(request),
        request.initiator,
      ]),
    ]),
  );
}

async function traces(browser: Browser, subjects: Subject[]) {
  console.log(
    '\nPerformance traces: one more load of each page (not counted), main thread to the first field',
  );
  const summaries: Array<[Subject, TraceSummary]> = [];
  for (const subject of subjects) {
    const summary = await traceLoad(browser, async (hooks) => {
      const load = await measureThrottledLoad(browser, subject.url, FIRST_FIELD, hooks);
      const before = load.requests.filter((r) => r.isJs && r.startMs <= load.firstFieldMs);
      return { untilMs: load.firstFieldMs, jsArrivedMs: Math.max(0, ...before.map((r) => r.endMs)) };
    });
    summaries.push([subject, summary]);
  }
  const groups = [...new Set(summaries.flatMap(([, s]) => s.groups.map((g) => g.group)))];
  const pick = (summary: TraceSummary, group: string) =>
    summary.groups.find((g) => g.group === group)?.ms ?? 0;
  const column = (show: (s: TraceSummary) => string) => summaries.map(([, s]) => show(s));
  console.log(
    table([
      ['main thread, navigation to the first field', ...summaries.map(([s]) => s.name)],
      ['first field (traced load)', ...column((s) => ms(s.windowMs))],
      ['last JS before the field arrived', ...column((s) => ms(s.jsArrivedMs))],
      ['from then to the field', ...column((s) => ms(s.windowMs - s.jsArrivedMs))],
      ['  busy in tasks', ...column((s) => ms(s.busyAfterJsMs))],
      ['  idle (waiting)', ...column((s) => ms(s.windowMs - s.jsArrivedMs - s.busyAfterJsMs))],
      ['busy in tasks, whole window', ...column((s) => ms(s.busyMs))],
      ['  top-level code (script, module graphs)', ...column((s) => ms(s.topLevelMs))],
      ...groups.map((group) => [`  ${group} (self)`, ...column((s) => ms(pick(s, group)))]),
    ]),
  );
  for (const [subject, summary] of summaries) {
    console.log(`\n${subject.name}: JS self time by file to the first field (V8 sampling profiler)`);
    for (const script of summary.profile.slice(0, 12)) {
      console.log(`  ${ms(script.ms).padStart(9)}  ${pathOf(script.url)}`);
    }
    console.log(`${subject.name}: tasks of 30 ms and more to the first field`);
    for (const task of summary.tasks) {
      console.log(
        `  at ${ms(task.startMs).padStart(9)}  ${ms(task.durationMs).padStart(8)}  mostly ${task.top}${task.url ? ` (${pathOf(task.url)})` : ''}`,
      );
    }
  }
}

async function lighthouse(subjects: Subject[], runs: number) {
  const results: LighthouseFigures[] = [];
  for (const subject of subjects) {
    console.log(`Lighthouse: ${subject.name}...`);
    const audits: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run++) audits.push(await runLighthouse(subject.url));
    results.push(medianRun(audits));
  }
  const row = (label: string, pick: (r: LighthouseFigures) => number, show: (n: number) => string) => [
    label,
    ...results.map((r) => show(pick(r))),
  ];
  console.log(
    `\nLighthouse 12 (mobile preset: simulated slow 4G and 4x CPU; ${runs === 1 ? '1 run' : `median of ${runs}`}), a second opinion`,
  );
  console.log(
    table([
      ['figure', ...subjects.map((s) => s.name)],
      row('performance', (r) => r.performance, String),
      row('total blocking time', (r) => r.tbtMs, ms),
      row('largest contentful paint (simulated)', (r) => r.lcpMs, ms),
      row(
        'cumulative layout shift',
        (r) => r.cls,
        (n) => n.toFixed(3),
      ),
      row('accessibility', (r) => r.accessibility, String),
    ]),
  );
}

/** Every plan's journey route: JS before the first field (unthrottled) beside the budget and the precompiled stock page. */
async function everyPlan(browser: Browser, baseUrl: string, stockUrl: string) {
  const stock = await measureFirstLoad(browser, stockUrl, FIRST_FIELD);
  const plans: Array<[string, FirstLoad]> = [];
  for (const code of listPlanCodes()) {
    const url = `${baseUrl}${journeyPath(readBenchPlan(code).config)}`;
    plans.push([code, await measureFirstLoad(browser, url, FIRST_FIELD)]);
  }
  console.log(
    `\nEvery plan's journey route, JS before the first field, unthrottled (budget ${grouped(BUDGET_BYTES)} B in ${MAX_DEPTH} level; stock rjsf precompiled ${grouped(stock.bytes)} B)`,
  );
  console.log(
    table([
      ['plan', 'brotli B', 'files', 'levels', 'route / precompiled stock', 'within budget'],
      ...plans.map(([code, load]) => [
        code,
        grouped(load.bytes),
        String(load.files.length),
        String(load.depth),
        ratio(load.bytes, stock.bytes),
        load.bytes <= BUDGET_BYTES && load.depth <= MAX_DEPTH ? 'yes' : 'NO',
      ]),
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
