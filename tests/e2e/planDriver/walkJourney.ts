import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { expectAccessible } from '../axe.ts';
import { SCREENSHOTS } from '../harness.ts';
import { fieldActions, formPrefix, type FieldAction } from './fieldActions.ts';
import { errorId, fillForm, shownErrors } from './fillForm.ts';
import {
  journeyCase,
  journeySteps,
  onScreenCases,
  stepAddress,
  stepTitle,
  type Fields,
  type FixtureCase,
} from './planCases.ts';
import { expectedReviewRows, typedState } from './reviewRows.ts';

/*
 * A visitor's way through one plan, driven by nothing but the plan's data: from the
 * catalogue's 'Get a quote' link, each step in plan.json's order is filled from its
 * "journey" fixture case, what the step's panels show is checked (the quote and its
 * breakup, the review rows, the case's `shows` texts), and its button pressed, up to the
 * make-payment screen. Before the journey case, a step's "onScreen" cases may be typed one
 * over another, each showing exactly its fixture messages under the fields.
 * axe checks every screen on the way: each step as it appears and once filled (the
 * quote's breakup open), every dropdown's list while open, and the joint-life popup.
 */

const STEP_TIMEOUT_MS = 20_000;

export interface Walked {
  /** The Quote ID the application got. */
  applicationNumber: string;
  /** The make-payment step, on screen now. */
  payment: LoadedStep;
  /** What was typed on each step, by step id. */
  typed: Record<string, Fields>;
}

export const savedState = (page: Page, plan: LoadedPlan) =>
  page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, unknown>,
    `dataMapping:${plan.config.productId}`,
  );

export async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `plans-${name}-phone.png`), fullPage: true });
}

const panelsOf = (step: LoadedStep) => step.definition.panels ?? [];

const submitButton = (page: Page) => page.locator('.bf-step-actions button[type="submit"]');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page (or a popup) shows each text, letter for letter, somewhere visible. */
async function expectShows(scope: Page | Locator, texts: readonly string[] | undefined, what: string) {
  for (const text of texts ?? []) {
    const shown = scope.getByText(new RegExp(escaped(text))).filter({ visible: true });
    await shown
      .first()
      .waitFor({ timeout: 10_000 })
      .catch((error: unknown) => {
        throw new Error(`${what} does not show "${text}"`, { cause: error });
      });
  }
}

/**
 * A step's "onScreen" fixture cases, typed in file order one over another before its journey
 * case. A case with errors presses the step's button, which shows every message and validates
 * live from then on; then the messages under the fields are exactly the case's errors (none
 * for a valid case), and the page shows the case's `shows` texts.
 */
async function typeOnScreenCases(page: Page, plan: LoadedPlan, step: LoadedStep, audit: Audit) {
  for (const fixture of onScreenCases(plan, step)) {
    const what = `${plan.config.productId} ${step.id} case "${fixture.name}"`;
    await fillForm(page, fieldActions(step, fixture.data)).catch(async (error: unknown) => {
      await shoot(page, `${plan.config.productId}-${step.id}-on-screen-failed`);
      throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
    });
    if (Object.keys(fixture.errors).length > 0) await submitButton(page).click();
    // Messages by dotted field path; a message under a field the case does not name keeps its id.
    const fields = new Map(Object.keys(fixture.errors).map((field) => [errorId(step.id, field), field]));
    const byField = (shown: Record<string, string>) =>
      Object.fromEntries(Object.entries(shown).map(([id, message]) => [fields.get(id) ?? id, message]));
    await expect
      .poll(async () => byField(await shownErrors(page, step.id)), { timeout: 8_000, message: what })
      .toEqual(fixture.errors);
    // What a case shows of its quote may be in the breakup: open it (it stays open).
    if (fixture.shows?.length && panelsOf(step).some((panel) => panel.type === 'quote'))
      await openBreakup(page);
    await expectShows(page, fixture.shows, what);
    await audit(`${step.id} with the case "${fixture.name}" on screen`);
  }
}

/** The step's heading is up and the address is the step's own (hash or path route). */
async function arrive(page: Page, plan: LoadedPlan, step: LoadedStep, first: boolean) {
  await page
    .getByRole('heading', { name: stepTitle(step), exact: true })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  if (first) return;
  const { pathname, hash } = stepAddress(plan, step.id);
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname}${url.hash}`;
    })
    .toBe(`${pathname}${hash}`);
}

/** A second life bound by a popup (the joint-life panel): added when the step's data chooses it. */
async function addJointLife(
  page: Page,
  audit: Audit,
  plan: LoadedPlan,
  step: LoadedStep,
  data: Fields,
  typed: Record<string, Fields>,
  given?: Fields,
) {
  const panel = panelsOf(step).find((p) => p.type === 'jointLife');
  if (!panel) return;
  const params = panel.params ?? {};
  const category = String(params.category ?? '/planDetails/category');
  const state = typedState(plan, { ...typed, [step.id]: data });
  if (getByPointer(state, category) !== (params.joint ?? 'Joint')) return;
  const popup = plan.popups[String(params.popup ?? 'joint-life')]!;
  const jointCase = given ? { data: given, shows: undefined } : journeyCase(plan, popup);
  if (!jointCase)
    throw new Error(`${plan.config.productId}: the ${popup.id} popup has no "journey" fixture case`);
  const joint = jointCase.data;
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await audit(`${popup.id} popup`);
  await fillForm(dialog, fieldActions(popup, joint), (open) => audit(`${popup.id} popup, ${open}`));
  await expectShows(dialog, jointCase.shows, `${plan.config.productId} ${popup.id} popup`);
  await audit(`${popup.id} popup filled`);
  await dialog.getByRole('button', { name: popup.definition.submitLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  typed[popup.id] = joint;
}

/**
 * A step's actions with the joint-life panel's category last: choosing the joint category opens
 * the popup over the step at once, so every other field of the step is filled before it.
 */
function jointLifeLast(step: LoadedStep, actions: FieldAction[]): FieldAction[] {
  const panel = panelsOf(step).find((p) => p.type === 'jointLife');
  if (!panel) return actions;
  const category = String(panel.params?.category ?? '/planDetails/category');
  const bound = Object.entries(step.definition.bind).find(([, pointer]) =>
    category.startsWith(`${pointer}/`),
  );
  if (!bound) return actions;
  const path = [bound[0], ...category.slice(bound[1].length + 1).split('/')];
  const id = `${formPrefix(step.id)}_${path.join('_')}`;
  return [...actions.filter((action) => action.id !== id), ...actions.filter((action) => action.id === id)];
}

/** The popup a step's joint-life panel opens, if it has one ('' when none). */
const panelPopup = (step: LoadedStep) => {
  const panel = panelsOf(step).find((p) => p.type === 'jointLife');
  return panel ? String(panel.params?.popup ?? 'joint-life') : '';
};

/** Opens the quote's 'How we calculated this' (the breakup and the steps), unless it is open. */
async function openBreakup(page: Page) {
  const quote = page.locator('.bf-quote');
  const how = quote.getByRole('button', { name: 'How we calculated this' });
  await how.waitFor({ timeout: STEP_TIMEOUT_MS });
  if ((await how.getAttribute('aria-expanded')) !== 'true') await how.click();
  await quote.getByRole('heading', { name: 'Premium breakup' }).waitFor();
}

/** The live quote shows its figures, and 'How we calculated this' opens the breakup and the steps. */
async function checkQuote(page: Page) {
  const quote = page.locator('.bf-quote');
  await expect
    .poll(() => quote.locator('.bf-quote__figures [data-row]').count(), { timeout: STEP_TIMEOUT_MS })
    .toBeGreaterThan(0);
  expect(await quote.locator('.bf-quote__figures [data-row] dd').first().textContent()).toMatch(/₹ [\d,]+/);
  await openBreakup(page);
  const [breakup, explanation] = [
    quote.locator('.bf-quote__breakup').nth(0),
    quote.locator('.bf-quote__breakup').nth(1),
  ];
  expect(await breakup.locator('[data-row]').count()).toBeGreaterThan(0);
  expect(await explanation.locator('[data-row]').count()).toBeGreaterThan(0);
}

/** The breakup's rows a journey case names (label, figure, note), each shown as the screen shows it. */
async function checkBreakupRows(page: Page, rows: FixtureCase['breakup'], what: string) {
  if (!rows?.length) return;
  const breakup = page.locator('.bf-quote .bf-quote__breakup').first();
  for (const expected of rows) {
    const row = breakup.locator('[data-row]').filter({
      has: page.locator('dt', { hasText: new RegExp(`^${escaped(expected.label)}$`) }),
    });
    await expect
      .poll(
        async () =>
          (await row.count()) === 1 && (await row.isVisible())
            ? {
                value: await row.locator('dd strong').textContent(),
                note: (await row.locator('.bf-row-note').count())
                  ? await row.locator('.bf-row-note').textContent()
                  : undefined,
              }
            : `${await row.count()} breakup rows labelled "${expected.label}", ${(await row.first().isVisible()) ? 'shown' : 'not shown'}`,
        { timeout: STEP_TIMEOUT_MS, message: `${what}: the breakup row "${expected.label}"` },
      )
      .toEqual({ value: expected.value, note: expected.note });
  }
}

/**
 * The benefit illustration, downloaded from review, prints every figure of the review's
 * You Pay / You Get box, to the rupee (the PDF writes 'Rs.' for '₹').
 */
async function checkIllustration(page: Page, plan: LoadedPlan) {
  const figures = await page.locator('.bf-pay-get dd strong').allTextContents();
  expect(figures.length).toBeGreaterThan(0);
  const download = page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Download Benefit Illustration' }).click();
  const path = join(SCREENSHOTS, `plans-${plan.config.productId}-illustration.pdf`);
  await (await download).saveAs(path);
  const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
  expect(text).toContain(plan.config.productName);
  for (const figure of figures) expect(text).toContain(figure.replace('₹', 'Rs.'));
}

/** Review shows, row by row, what the visitor typed on the steps before. */
async function checkReview(page: Page, plan: LoadedPlan, step: LoadedStep, typed: Record<string, Fields>) {
  const rows = expectedReviewRows(plan, step.id, typedState(plan, typed));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const section = page
      .locator('.bf-summary')
      .filter({ has: page.getByRole('heading', { name: row.section, exact: true }) });
    const shown = section
      .locator('.bf-summary__row')
      .filter({
        has: page.locator('dt', {
          hasText: new RegExp(`^${row.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        }),
      })
      .locator('dd');
    expect(
      `${row.section} / ${row.label}: ${(await shown.first().textContent({ timeout: 5_000 })) ?? ''}`,
    ).toBe(`${row.section} / ${row.label}: ${row.text}`);
  }
}

/** An accessibility check of the page as it is now, named for a failure message. */
type Audit = (screen: string) => Promise<void>;

export interface WalkOptions {
  /** A name for a screenshot of each step (none without). */
  shots?: string;
  /** axe checks each screen on the way. */
  audit?: boolean;
  /** Each step's "onScreen" fixture cases are typed and their messages checked before its journey case. */
  onScreen?: boolean;
  /**
   * Data typed instead of a step's (or popup's) "journey" case, by its id: another valid case
   * (a joint life's plan details and its popup). What the journey case shows is not checked there.
   */
  data?: Record<string, Fields>;
}

/** From the catalogue to the make-payment screen, as a visitor. */
export async function walkToPayment(
  page: Page,
  baseUrl: string,
  plan: LoadedPlan,
  { shots, audit = false, onScreen = false, data: given = {} }: WalkOptions = {},
): Promise<Walked> {
  const { config } = plan;
  const check: Audit = audit
    ? (screen) => expectAccessible(page, `${config.productId} ${screen}`)
    : () => Promise.resolve();
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: `Get a quote for ${config.productName}` }).waitFor();
  await check('catalogue');
  await page.getByRole('link', { name: `Get a quote for ${config.productName}` }).click();
  const typed: Record<string, Fields> = {};
  const steps = journeySteps(plan);
  for (const [index, step] of steps.entries()) {
    await arrive(page, plan, step, index === 0);
    await check(index === 0 ? `${step.id} (first screen, with the landing content)` : step.id);
    if (step.definition.submit?.type === 'startPayment') {
      const applicationNumber = String((await savedState(page, plan)).applicationNumber ?? '');
      return { applicationNumber, payment: step, typed };
    }
    const journey: Pick<FixtureCase, 'data' | 'shows' | 'breakup'> | undefined = given[step.id]
      ? { data: given[step.id]! }
      : journeyCase(plan, step);
    if (!journey) throw new Error(`${config.productId}: step ${step.id} has no "journey" fixture case`);
    const data = journey.data;
    if (onScreen) await typeOnScreenCases(page, plan, step, check);
    // A step that cannot be filled leaves a picture of what the visitor saw.
    await fillForm(page, jointLifeLast(step, fieldActions(step, data)), (open) =>
      check(`${step.id}, ${open}`),
    ).catch(async (error: unknown) => {
      await shoot(page, `${config.productId}-${step.id}-failed`);
      throw error;
    });
    typed[step.id] = data;
    await addJointLife(page, check, plan, step, data, typed, given[panelPopup(step)]);
    const panels = panelsOf(step).filter((panel) => holds(panel.when, typedState(plan, typed)));
    // (checkQuote leaves 'How we calculated this' open: the width check below covers it too.)
    if (panels.some((p) => p.type === 'quote')) await checkQuote(page);
    await checkBreakupRows(page, journey.breakup, `${config.productId} ${step.id}`);
    await expectShows(page, journey.shows, `${config.productId} ${step.id}`);
    if (panels.some((p) => p.type === 'review')) {
      await checkReview(page, plan, step, typed);
      await checkIllustration(page, plan);
    }
    const submit = submitButton(page);
    if (step.definition.submitLabelWithQuote) {
      await expect.poll(() => submit.textContent(), { timeout: STEP_TIMEOUT_MS }).toMatch(/ · /);
    }
    expect((await submit.textContent())?.startsWith(step.definition.submitLabel)).toBe(true);
    await check(`${step.id} filled`);
    // Phone first: the step fits the phone's width, nothing scrolls sideways.
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(width[0], `${config.productId} ${step.id} is wider than the phone`).toBeLessThanOrEqual(width[1]!);
    if (shots) await shoot(page, `${shots}-${step.id}`);
    await submit.click();
  }
  throw new Error(`${config.productId}: no step starts the payment`);
}

/**
 * Chooses the pay mode of the make-payment "journey" case on the screen (its "onScreen" cases
 * first, with `onScreen`), and checks the case's `shows` texts.
 */
export async function choosePayMode(page: Page, plan: LoadedPlan, payment: LoadedStep, onScreen = false) {
  const journey = journeyCase(plan, payment);
  if (!journey) throw new Error(`${plan.config.productId}: make-payment has no "journey" fixture case`);
  if (onScreen) await typeOnScreenCases(page, plan, payment, () => Promise.resolve());
  await fillForm(page, fieldActions(payment, journey.data));
  await expectShows(page, journey.shows, `${plan.config.productId} ${payment.id}`);
}
