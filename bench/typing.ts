import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { LoadedStep } from '../engine/plan/types.ts';
import { launchBrowser, PHONE } from '../tests/e2e/harness.ts';
import { fieldActions } from '../tests/e2e/planDriver/fieldActions.ts';
import { fillForm } from '../tests/e2e/planDriver/fillForm.ts';
import { buildApp, flag, option } from './lib/build.ts';
import { installKeystrokeProbe, percentile, timeTyping, type TypingOptions } from './lib/keystrokes.ts';
import { journeyPath, readBenchPlan, stepTitle, type BenchPlan } from './lib/planSteps.ts';
import { buildReference } from './lib/reference.ts';
import { startBenchServer } from './lib/server.ts';
import { serveStatic } from './lib/staticServer.ts';
import { ratio, table } from './lib/table.ts';

/*
 * `npm run bench:typing [-- --rounds N] [-- --gap MS] [-- --no-build]`: per-keystroke
 * latency, p50 and p95, at 4x CPU slowdown, typing the name on T54 basic-details and the
 * amount on plan-details, in the real app (built, on the real server; plan-details reached
 * by a valid basic-details Continue, filled from the step's "journey" fixture by the e2e
 * plan driver) and on the stock rjsf reference page with liveValidate on the same schemas
 * (bench/reference). How a keystroke is timed: bench/lib/keystrokes.ts.
 */

const PLAN = 'T54';
const CASES = [
  { step: 'basic-details', label: 'Full Name', text: 'Ramesh Kumar Sharma', rounds: 3 },
  { step: 'plan-details', label: 'Investment Amount', text: '2500000', rounds: 8 },
] as const;

type Case = (typeof CASES)[number];

async function onPage<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ...PHONE });
  try {
    const page = await context.newPage();
    await installKeystrokeProbe(page);
    return await run(page);
  } finally {
    await context.close();
  }
}

/** Opens the journey and walks it, as a visitor, up to the case's step. */
async function openAppStep(page: Page, baseUrl: string, plan: BenchPlan, target: string) {
  await page.goto(`${baseUrl}${journeyPath(plan.config)}`);
  for (const step of Object.values(plan.steps)) {
    await page.getByRole('heading', { name: stepTitle(step), exact: true }).waitFor({ timeout: 60_000 });
    if (step.id === target) return;
    if (!step.journey) throw new Error(`${PLAN} ${step.id} has no "journey" fixture case`);
    // The driver reads only the step's id, schema and uiSchema.
    await fillForm(page, fieldActions(step as unknown as LoadedStep, step.journey));
    await page.getByRole('button', { name: step.definition.submitLabel, exact: true }).click();
  }
  throw new Error(`${PLAN} has no step ${target}`);
}

async function timeCase(page: Page, typing: Case, options: TypingOptions) {
  const field = page.getByLabel(typing.label).and(page.locator('input')).first();
  await field.waitFor();
  // Let what the step does once it is shown (defaults, a first quote) settle first.
  await page.waitForLoadState('networkidle');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return timeTyping(page, field, typing.text, { ...options, rounds: option('rounds', typing.rounds) });
}

async function main() {
  const options: TypingOptions = { cpuSlowdown: 4, rounds: 0, gapMs: option('gap', 120) };
  if (!flag('no-build')) buildApp();
  const plan = readBenchPlan(PLAN);
  const referenceDir = mkdtempSync(join(tmpdir(), 'bimaflow-reference-live-'));
  await buildReference(
    referenceDir,
    PLAN,
    CASES.map((c) => c.step),
    true,
  );
  const server = await startBenchServer();
  const reference = await serveStatic(referenceDir);
  const browser = await launchBrowser();
  const rows: string[][] = [
    ['keystroke (4x CPU)', 'bimaflow', 'stock rjsf liveValidate', 'bimaflow / stock'],
  ];
  try {
    for (const typing of CASES) {
      console.log(`Typing '${typing.text}' into ${typing.label} on ${typing.step}...`);
      const app = await onPage(browser, async (page) => {
        await openAppStep(page, server.baseUrl, plan, typing.step);
        return timeCase(page, typing, options);
      });
      const stock = await onPage(browser, async (page) => {
        await page.goto(`${reference.baseUrl}/?step=${typing.step}`);
        return timeCase(page, typing, options);
      });
      for (const p of [50, 95]) {
        const [a, s] = [percentile(app, p), percentile(stock, p)];
        rows.push([
          `${typing.step} ${typing.label} p${p}`,
          `${a.toFixed(1)} ms`,
          `${s.toFixed(1)} ms`,
          ratio(a, s),
        ]);
      }
      rows.push([`  (keystrokes timed)`, String(app.length), String(stock.length), '']);
    }
  } finally {
    await browser.close();
    await reference.close();
    await server.stop();
    rmSync(referenceDir, { recursive: true, force: true });
  }
  console.log(`\nPer keystroke, keydown to the next frame, gap ${options.gapMs} ms between keys`);
  console.log(table(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
