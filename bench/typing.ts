import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { LoadedStep } from '../engine/plan/types.ts';
import { launchBrowser, PHONE } from '../tests/e2e/harness.ts';
import { fieldActions } from '../tests/e2e/planDriver/fieldActions.ts';
import { fillForm } from '../tests/e2e/planDriver/fillForm.ts';
import { buildApp, flag, option } from './lib/build.ts';
import { installKeystrokeProbe, percentile, timeTyping, type TypingOptions } from './lib/keystrokes.ts';
import { journeyPath, readBenchPlan, stepTitle, type BenchPlan } from './lib/planSteps.ts';
import { buildReference } from './lib/reference.ts';
import { startBenchServer } from '../tools/measure/server.ts';
import { serveStatic } from './lib/staticServer.ts';
import { ratio, table } from './lib/table.ts';

/*
 * `npm run bench:typing [-- --rounds N] [-- --gap MS] [-- --no-build]`: per-keystroke
 * latency, p50 and p95, at 4x CPU slowdown, typing the name on T54 basic-details and the
 * amount on plan-details, in the real app (built, on the real server; plan-details reached
 * by a valid basic-details Continue, filled from the step's "journey" fixture by the e2e
 * plan driver) and on the stock rjsf reference page with liveValidate on the same schemas
 * (bench/reference). How a keystroke is timed: bench/lib/keystrokes.ts. The pages take turns,
 * a round each, so load from elsewhere on the machine falls on them alike.
 *
 * Beside them, the floor: the same keys typed into a bare <input> on an otherwise empty page,
 * where nothing but the browser handles them. A keystroke is timed to the end of the next
 * frame, so no page can measure below that floor (the browser's own text editing, the wait
 * for the frame and its drawing).
 */

const PLAN = 'T54';
/** The pause after a subject's round, for what the typing set off to finish. */
const SETTLE_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CASES = [
  { step: 'basic-details', label: 'Full Name', text: 'Ramesh Kumar Sharma', rounds: 3 },
  { step: 'plan-details', label: 'Investment Amount', text: '2500000', rounds: 8 },
] as const;

type Case = (typeof CASES)[number];

/** A page open for a case, its field found and what the page does on opening settled. */
interface Subject {
  page: Page;
  field: Locator;
  close(): Promise<void>;
}

async function openSubject(browser: Browser, typing: Case, open: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ ...PHONE });
  const page = await context.newPage();
  await installKeystrokeProbe(page);
  await open(page);
  const field = page.getByLabel(typing.label).and(page.locator('input')).first();
  await field.waitFor();
  // Let what the step does once it is shown (defaults, a first quote) settle first.
  await page.waitForLoadState('networkidle');
  await sleep(1000);
  return { page, field, close: () => context.close() } satisfies Subject;
}

/** A page holding one bare input with the case's label, and nothing else. */
const PLAIN_PAGE = (label: string) =>
  `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">` +
  `<title>plain input</title></head><body><label>${label} <input type="text"></label></body></html>`;

async function openPlainInput(page: Page, typing: Case) {
  const address = 'http://plain-input.bench/';
  await page.route(address, (route) =>
    route.fulfill({ contentType: 'text/html', body: PLAIN_PAGE(typing.label) }),
  );
  await page.goto(address);
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

/**
 * Times the case on each subject, round by round in turn (app, stock, bare input, app, ...),
 * so a machine busy with something else for a while weighs on all three alike. After each
 * round the page is left to finish what the typing set off (a quote) before the next one types.
 */
async function timeInTurn(subjects: Subject[], typing: Case, options: TypingOptions) {
  const samples = subjects.map(() => [] as number[]);
  const rounds = option('rounds', typing.rounds);
  for (let round = 0; round < rounds; round++) {
    for (const [index, subject] of subjects.entries()) {
      samples[index]!.push(...(await timeTyping(subject.page, subject.field, typing.text, options)));
      await subject.page.waitForLoadState('networkidle');
      await sleep(SETTLE_MS);
    }
  }
  return samples;
}

async function main() {
  const options: TypingOptions = { cpuSlowdown: 4, rounds: 1, gapMs: option('gap', 120) };
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
    ['keystroke (4x CPU)', 'bimaflow', 'stock rjsf liveValidate', 'bimaflow / stock', 'bare <input> (floor)'],
  ];
  try {
    for (const typing of CASES) {
      console.log(`Typing '${typing.text}' into ${typing.label} on ${typing.step}...`);
      const subjects = [
        await openSubject(browser, typing, (page) => openAppStep(page, server.baseUrl, plan, typing.step)),
        await openSubject(browser, typing, async (page) => {
          await page.goto(`${reference.baseUrl}/?step=${typing.step}`);
        }),
        await openSubject(browser, typing, (page) => openPlainInput(page, typing)),
      ];
      let timed: number[][];
      try {
        timed = await timeInTurn(subjects, typing, options);
      } finally {
        for (const subject of subjects) await subject.close();
      }
      const [app, stock, plain] = timed as [number[], number[], number[]];
      for (const p of [50, 95]) {
        const [a, s, f] = [percentile(app, p), percentile(stock, p), percentile(plain, p)];
        rows.push([
          `${typing.step} ${typing.label} p${p}`,
          `${a.toFixed(1)} ms`,
          `${s.toFixed(1)} ms`,
          ratio(a, s),
          `${f.toFixed(1)} ms`,
        ]);
      }
      rows.push([`  (keystrokes timed)`, String(app.length), String(stock.length), '', String(plain.length)]);
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
