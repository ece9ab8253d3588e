import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/*
 * `npm run bench:firstload [-- --runs N] [-- --no-build]`: first load of the catalogue
 * (`/`), the T54 journey route and the stock rjsf reference page (bench/reference: one
 * @rjsf/core Form, validator-ajv8, on T54's basic-details schema), side by side, in one run.
 *
 * - JS before usable: JS response bodies as transferred (brotli) that the page asked for
 *   before its first form field was visible and enabled (for `/`, its first link), in
 *   Debian's Chromium on a phone-sized page, unthrottled (bytes and files do not depend on
 *   the CPU); "levels" is the depth of the JS request waterfall (tools/measure/waterfall.ts).
 * - Lighthouse (registry package, mobile preset: simulated slow 4G and 4x CPU): the
 *   performance and accessibility scores, TBT, LCP and CLS; with --runs N, the run with the
 *   median performance score of N.
 * - Every plan's journey route: its JS before usable, files and levels beside the budget of
 *   tools/checkFirstLoad.ts and the stock page of the same run (no Lighthouse: one plan's
 *   scores stand for the journey code they all share).
 */

const PLAN = 'T54';
const STEP = 'basic-details';

interface Target {
  name: string;
  url: string;
  ready: string;
}

interface Result {
  load: FirstLoad;
  lighthouse: LighthouseFigures;
}

async function main() {
  const runs = option('runs', 1);
  if (!flag('no-build')) buildApp();
  const plan = readBenchPlan(PLAN);
  const referenceDir = mkdtempSync(join(tmpdir(), 'bimaflow-reference-'));
  await buildReference(referenceDir, PLAN, [STEP], false);
  const server = await startBenchServer();
  const reference = await serveStatic(referenceDir);
  const browser = await launchBrowser();
  try {
    const targets: Target[] = [
      { name: '/', url: `${server.baseUrl}/`, ready: 'main a[href]' },
      { name: `${PLAN} route`, url: `${server.baseUrl}${journeyPath(plan.config)}`, ready: FIRST_FIELD },
      { name: 'stock rjsf', url: `${reference.baseUrl}/`, ready: FIRST_FIELD },
    ];
    const results: Result[] = [];
    for (const target of targets) {
      console.log(`Measuring ${target.name} (${target.url})...`);
      const load = await measureFirstLoad(browser, target.url, target.ready);
      const audits: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run++) audits.push(await runLighthouse(target.url));
      results.push({ load, lighthouse: medianRun(audits) });
    }
    report(targets, results, runs);
    const plans: Array<[string, FirstLoad]> = [];
    for (const code of listPlanCodes()) {
      const url = `${server.baseUrl}${journeyPath(readBenchPlan(code).config)}`;
      plans.push([code, await measureFirstLoad(browser, url, FIRST_FIELD)]);
    }
    reportPlans(plans, results[targets.findIndex((t) => t.name === 'stock rjsf')]!.load);
  } finally {
    await browser.close();
    await reference.close();
    await server.stop();
    rmSync(referenceDir, { recursive: true, force: true });
  }
}

function report(targets: Target[], results: Result[], runs: number) {
  const [home, route, stock] = results as [Result, Result, Result];
  const row = (label: string, pick: (r: Result) => number, show: (n: number) => string, compare = true) => [
    label,
    ...results.map((r) => show(pick(r))),
    compare ? ratio(pick(route), pick(stock)) : '',
  ];
  const ms = (n: number) => `${grouped(n)} ms`;
  console.log(
    `\nFirst load (Lighthouse: mobile preset, 4x CPU, ${runs === 1 ? '1 run' : `median of ${runs}`})`,
  );
  console.log(
    table([
      ['figure', ...targets.map((t) => t.name), 'route / stock'],
      row('JS before usable (brotli B)', (r) => r.load.bytes, grouped),
      row('JS files before usable', (r) => r.load.files.length, String, false),
      row('JS waterfall levels', (r) => r.load.depth, String, false),
      row('Lighthouse performance', (r) => r.lighthouse.performance, String, false),
      row('Total blocking time', (r) => r.lighthouse.tbtMs, ms),
      row('Largest contentful paint', (r) => r.lighthouse.lcpMs, ms),
      row(
        'Cumulative layout shift',
        (r) => r.lighthouse.cls,
        (n) => n.toFixed(3),
        false,
      ),
      row('Lighthouse accessibility', (r) => r.lighthouse.accessibility, String, false),
    ]),
  );
  for (const [index, result] of [home, route, stock].entries()) {
    console.log(`\n${targets[index]!.name}: JS before usable`);
    for (const file of result.load.files) {
      console.log(
        `  level ${file.depth}  ${grouped(file.bytes).padStart(9)} B  ${new URL(file.url).pathname}`,
      );
    }
  }
}

/** Every plan's route: bytes, files and levels beside the budget and the stock page. */
function reportPlans(plans: Array<[string, FirstLoad]>, stock: FirstLoad) {
  console.log(
    `\nEvery plan's journey route, JS before usable (budget ${grouped(BUDGET_BYTES)} B in ${MAX_DEPTH} levels; stock rjsf ${grouped(stock.bytes)} B)`,
  );
  console.log(
    table([
      ['plan', 'brotli B', 'files', 'levels', 'route / stock', 'within budget'],
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
