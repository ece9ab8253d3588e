import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holds } from '../../engine/plan/conditions.ts';
import type { LoadedPlan, LoadedStep } from '../../engine/plan/types.ts';
import { getByPointer } from '../../engine/schema/pointer.ts';
import { setAtPointer, type ApplicationState } from '../../engine/state/applicationState.ts';
import { ApiFailure, type ApiClient } from '../../src/api/apiClient.ts';
import { createApiClient } from '../../src/api/createApiClient.ts';
import { savedFields, savedSections } from '../../src/app/proposal/proposalSteps.ts';
import { JPEG, PDF, PNG, TEXT_CALLED_PDF, pdfOfSize } from '../integration/api/documentFiles.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, PHONE, SCREENSHOTS, startServer, type RunningServer } from './harness.ts';
import { basicDetailsStep } from './planDriver/ageCases.ts';
import { fieldActions, formIdOf, type FieldAction } from './planDriver/fieldActions.ts';
import { chooseFile, fillForm, shownErrors } from './planDriver/fillForm.ts';
import {
  fixtureCases,
  journeyCase,
  journeyData,
  journeyPath,
  loadPlans,
  stepTitle,
  type Fields,
} from './planDriver/planCases.ts';
import { choosePayMode, savedState, shoot, walkToPayment } from './planDriver/walkJourney.ts';

/*
 * The proposal after payment (docs/design/proposal.md) in real Chromium against the real
 * server, on a phone:
 *  1. T54 and one plan of each other kind (term, savings, annuity, unit-linked) bought to
 *     payment-success through the sandbox, then every proposal step that applies filled from its
 *     fixture's "journey" case and saved in order (the e-mandate authorised in the sandbox), to
 *     #/thank-you; each step screenshotted and checked by axe as it opens and filled.
 *     What a walk sees otherwise than its case says (a lookup's read-only fill) is reported by
 *     one test after them. 1b: other valid cases of three steps (text areas, the lists of other
 *     policies and of tax residences, an appointee) are typed, saved and stored as typed.
 *  2. Resume from a fresh browser lands on the step of the stage saved (spec 02 §4.2), with
 *     its data: the nominees saved in the browser, then one row per proposal stage, prepared
 *     through the real API from Node, and a joint life's secondary documents.
 *  3. Bad input shows its message under the field, and the stage route (or the upload) refuses
 *     what the form holds with 4xx, storing nothing; Save pressed while the IFSC's lookup is
 *     still out must not store an IFSC no bank has.
 *  4. Once paid, the journey's forms are closed: its routes go to the proposal page, and the
 *     journey stages that price the plan answer 409.
 * Applications are bought in the browser (the sandbox's Success); what the API is asked from
 * Node goes through the product's own client, with the capability the tab holds.
 */

/** T54 and one plan of each other kind, with the calculator plan.json gives that kind. */
const CHOSEN = [
  ['T54', 'deferredAnnuity'],
  ['T64', 'termLife'],
  ['T62', 'milestoneSavings'],
  ['I02', 'guaranteedAnnuity'],
  ['U30', 'unitLinked'],
] as const;

const plans = new Map(
  loadPlans(undefined, { proposal: true, codes: CHOSEN.map(([code]) => code) }).map((plan) => [
    plan.config.productId,
    plan,
  ]),
);
const planOf = (code: string) => plans.get(code)!;
const T54 = planOf('T54');

const PLAN_TIMEOUT_MS = 360_000;
const STEP_TIMEOUT_MS = 30_000;
const RETRIEVE_DATA = '/buyonlineoauth/retrieve-data';
const DOCUMENTS = '/buyonlineoauth/documents';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = createApiClient({
    baseUrl: server.baseUrl,
    clientId: 'bimaflow-web',
    envelopePassword: 'bimaflow-envelope-v1',
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

/** A fresh phone: a browser context of its own (a new device, nothing in its session storage). */
async function phone(): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

/** Closes the contexts opened so far (each test's phones), so at most a few stay open. */
async function closePhones() {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const submitButton = (page: Page) => page.locator('.bf-step-actions button[type="submit"]');
const proposalPageOf = (plan: LoadedPlan) => plan.config.routes.proposalPage;

const onProposalPage = (page: Page, plan: LoadedPlan, hash: string, timeout = STEP_TIMEOUT_MS) =>
  page.waitForURL((url) => url.pathname === proposalPageOf(plan) && url.hash === hash, { timeout });

// ---------------------------------------------------------------------------------------------
// The proposal's steps, from plan data

type Step = [key: string, step: LoadedStep];

/** The proposal's steps that apply to an application, in plan.json's order (their `when`). */
const applicableSteps = (plan: LoadedPlan, state: unknown): Step[] =>
  Object.entries(plan.proposal).filter(([, step]) => holds(step.definition.when, state));

/** The proposal step saving a stage (the first, for document: the primary life's). */
function stepOfStage(plan: LoadedPlan, stage: string): Step {
  const found = Object.entries(plan.proposal).find(([, step]) => step.definition.submit?.stage === stage);
  if (!found) throw new Error(`${plan.config.productId}: no proposal step saves ${stage}`);
  return found;
}

const routeHash = (key: string) => `#/${key}`;

/**
 * The "journey" case of a proposal step; a step without fixtures of its own (the secondary
 * life's documents) takes that of the step with the same schema.
 */
function stepData(plan: LoadedPlan, step: LoadedStep): Fields {
  const own = journeyCase(plan, step);
  if (own) return own.data;
  const twin = Object.values(plan.proposal).find(
    (other) =>
      other !== step && other.definition.schema === step.definition.schema && journeyCase(plan, other),
  );
  if (!twin) throw new Error(`${plan.config.productId}: proposal step ${step.id} has no "journey" case`);
  return journeyCase(plan, twin)!.data;
}

/** The data the application holds for a step (its bound places), as the page reads it. */
const boundData = (step: LoadedStep, state: unknown): Fields =>
  Object.fromEntries(
    Object.entries(step.definition.bind).map(([field, pointer]) => [field, getByPointer(state, pointer)]),
  );

const isEmandate = (step: LoadedStep) => step.definition.submit?.stage === 'emandate-details';

/**
 * The step's heading is up at its own route of the proposal page (`hash`, when the step is
 * reached by another spelling of its route: '#/bank-details/' for the key 'bank-details').
 */
async function arriveAtStep(page: Page, plan: LoadedPlan, [key, step]: Step, hash = routeHash(key)) {
  await onProposalPage(page, plan, hash);
  await page
    .getByRole('heading', { name: stepTitle(step), exact: true })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await submitButton(page).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** A full-page screenshot from the top, where the sticky brand bar is (tests/e2e/__screenshots__/). */
async function shootFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}

/**
 * Phone first: nothing on the screen is wider than the phone, neither the page's scroll width
 * nor any element shown (one cut off by an overflow rule is still wider than the screen).
 */
async function fitsThePhone(page: Page, what: string) {
  // Not the window's width: a mobile browser widens its layout to fit what overflows (zooming out).
  const wide = await page.evaluate((width) => {
    const offenders: string[] = [];
    if (window.innerWidth > width) offenders.push(`the page is laid out ${window.innerWidth} px wide`);
    if (document.documentElement.scrollWidth > width)
      offenders.push(`the page scrolls to ${document.documentElement.scrollWidth} px`);
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Nothing to see: empty, invisible, or a visually hidden text for screen readers (1 px, clipped).
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
          typeof element.className === 'string' && element.className
            ? `.${element.className.split(' ').join('.')}`
            : ''
        }`;
        offenders.push(`${name} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
    }
    return offenders.slice(0, 8);
  }, PHONE.viewport.width);
  expect(wide, `${what} is wider than the phone`).toEqual([]);
}

/**
 * Fills a step: every action but the checks of read-only fields fails the test at once; a
 * read-only field (filled by a lookup) that does not come to show the case's value is noted in
 * `mismatches`, so the walk goes on and the test fails at its end naming every one.
 */
async function fillStep(page: Page, actions: FieldAction[], mismatches: string[], what: string) {
  for (const action of actions) {
    if (action.kind !== 'shows') {
      await fillForm(page, [action]);
      continue;
    }
    await fillForm(page, [action]).catch(async () => {
      const shown = await page
        .locator(`[id="${action.id}"]`)
        .inputValue()
        .catch(() => '(no such field)');
      mismatches.push(
        `${what}: the read-only ${action.id} shows "${shown}", the journey case has "${action.text}"`,
      );
    });
  }
}

/** What a field shows now, as a visitor reads it back (for a restored form). */
async function shownValue(page: Page, action: FieldAction): Promise<string> {
  const field = page.locator(`input[id="${action.id}"], textarea[id="${action.id}"]`);
  switch (action.kind) {
    case 'type':
    case 'shows':
      return (await field.inputValue()).replace(/,/g, '');
    case 'date':
      return (await field.inputValue()).replace(/\D/g, '');
    case 'select':
      return ((await page.locator(`button[id="${action.id}"] .bf-select__value`).textContent()) ?? '').trim();
    case 'radio': {
      const checked = page.locator(`fieldset[id="${action.id}"] .is-checked .bf-radio-card__title`);
      return (await checked.count()) ? ((await checked.first().textContent()) ?? '').trim() : '(none chosen)';
    }
    case 'check':
      return String(await page.locator(`input[type="checkbox"][id="${action.id}"]`).isChecked());
    case 'checks':
      return (
        await page.locator(`fieldset[id="${action.id}"] .bf-check-card__title`).allTextContents()
      ).join();
    case 'list':
      return String(
        await page.locator(`fieldset[id="${action.id}"] > .bf-array__items > .bf-array-item`).count(),
      );
    case 'upload':
      return ((await page.locator(`[id="${action.id}__file"]`).textContent()) ?? '').split(' · ')[0]!;
  }
}

/** What each action's field should show once the data is back on screen. */
function expectedValue(action: FieldAction): string {
  switch (action.kind) {
    case 'type':
    case 'shows':
      return action.text.replace(/,/g, '');
    case 'date':
      return action.digits;
    case 'select':
    case 'radio':
      return action.title;
    case 'check':
      return String(action.checked);
    case 'checks':
      return action.titles.join();
    case 'list':
      return String(action.count);
    case 'upload':
      return action.name;
  }
}

/** The form comes to show the data of `actions` (a restored form: what was saved, back on screen). */
async function expectRestored(page: Page, actions: FieldAction[], what: string) {
  const { wanted } = await shownFields(page, actions);
  await expect
    .poll(async () => (await shownFields(page, actions)).shown, { timeout: 10_000, message: what })
    .toEqual(wanted);
}

/** The fields of `actions` as the form shows them, by id (read-only fills left out: lookups' output). */
async function shownFields(page: Page, actions: FieldAction[]) {
  const shown: Record<string, string> = {};
  const wanted: Record<string, string> = {};
  for (const action of actions.filter((a) => a.kind !== 'shows')) {
    shown[action.id] = await shownValue(page, action);
    wanted[action.id] = expectedValue(action);
  }
  return { shown, wanted };
}

// ---------------------------------------------------------------------------------------------
// An application: bought in the browser, then read and changed through the real API from Node

interface Application {
  plan: LoadedPlan;
  applicationNumber: string;
  proposalNumber: string;
  email: string;
  /** The latest capability the server gave (a read-back gives a fresh one). */
  capability: string;
}

/** Make-payment's Continue with the chosen pay mode, Success in the sandbox, back on payment-success. */
async function payInSandbox(page: Page, plan: LoadedPlan) {
  await submitButton(page).click();
  await page.waitForURL(/payu-sandbox/, { timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Success' }).click();
  await onProposalPage(page, plan, '#/payment-success');
  await page.getByText('Payment Successful').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(async () => ((await savedState(page, plan)).paymentDetails as { status?: string })?.status)
    .toBe('success');
}

/** A visitor buys the plan from the catalogue and pays in the sandbox; the tab is on payment-success. */
async function boughtInBrowser(
  plan: LoadedPlan,
  data?: Record<string, Fields>,
): Promise<{ page: Page; app: Application }> {
  const page = await phone();
  try {
    const walked = await walkToPayment(page, server.baseUrl, plan, { data });
    await choosePayMode(page, plan, walked.payment);
    await payInSandbox(page, plan);
  } catch (error) {
    await shootFromTop(page, `${plan.config.productId}-proposal-purchase-failed`);
    // The server's warnings and errors, to say why (pino's JSON lines, level 40 and up).
    const complaints = server
      .output()
      .split('\n')
      .filter((line) => /"level":(4|5|6)\d/.test(line))
      .slice(-5)
      .join('\n');
    throw new Error(`${plan.config.productId}: the purchase failed at ${whereIs(page)}\n${complaints}`, {
      cause: error,
    });
  }
  const state = await savedState(page, plan);
  const holder = journeyData(plan, basicDetailsStep(plan))!.policyHolder as Record<string, string>;
  const app: Application = {
    plan,
    applicationNumber: String(state.applicationNumber),
    proposalNumber: String(state.proposalNumber),
    email: holder.emailId!,
    capability: String(state.capability),
  };
  expect(app.applicationNumber).toMatch(/^\d{10}$/);
  return { page, app };
}

/** The application as the server holds it now (retrieve-data with its capability), and its version. */
async function readBack(app: Application): Promise<{ data: ApplicationState; version: number }> {
  const answer = await api.post<{
    status?: string;
    data?: ApplicationState;
    capability?: string;
    version?: number;
  }>(
    RETRIEVE_DATA,
    { applicationNumber: app.applicationNumber, retrieve: 'appnumber', productId: app.plan.config.productId },
    { capability: app.capability },
  );
  expect(answer.status).toBe('200');
  if (answer.capability) app.capability = answer.capability;
  return { data: answer.data!, version: answer.version! };
}

/** A step's form data written into the stage's sections of the application, as the page sends them. */
function stageBody(
  app: Application,
  step: LoadedStep,
  current: ApplicationState,
  data: Fields,
  version: number,
) {
  const { definition } = step;
  let next = current;
  for (const [field, pointer] of savedFields(definition)) next = setAtPointer(next, pointer, data[field]);
  const sections = Object.fromEntries(savedSections(definition).map((section) => [section, next[section]]));
  return {
    applicationNumber: app.applicationNumber,
    version,
    productId: app.plan.config.productId,
    planCode: app.plan.config.planCode,
    ...sections,
  };
}

/** Posts a proposal step's data to its stage route, as the page does; the server's answer or refusal. */
async function postStage(app: Application, step: LoadedStep, data: Fields) {
  const { data: current, version } = await readBack(app);
  return api.post<{ status?: string; version?: number }>(
    `/buyonlineoauth/stages/${step.definition.submit!.stage!}`,
    stageBody(app, step, current, data, version),
    { capability: app.capability },
  );
}

/** The refusal of a call: its status and field errors (the test fails if it succeeded). */
async function refusal(call: Promise<unknown>): Promise<ApiFailure> {
  const outcome = await call.then(
    (answer) => new Error(`the server accepted it: ${JSON.stringify(answer)}`),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiFailure)) throw outcome;
  return outcome;
}

/** Uploads a document for the application from Node, as DocumentUploadField does. */
function uploadFromNode(
  app: Application,
  life: 'primary' | 'secondary',
  kind: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const query = new URLSearchParams({
    applicationNumber: app.applicationNumber,
    life,
    kind,
    name: file.name,
  });
  return api.post<{ id: string; name: string; type: string; size: number }>(
    `${DOCUMENTS}?${query.toString()}`,
    file.bytes,
    { capability: app.capability, plain: true, contentType: file.type },
  );
}

const SAMPLE: Readonly<Record<string, Buffer>> = {
  'application/pdf': PDF,
  'image/jpeg': JPEG,
  'image/png': PNG,
};

/**
 * A documents step's journey data with each reference replaced by a real one: the same file
 * names and types, small real files uploaded for the life from Node.
 */
async function uploadedDocuments(app: Application, step: LoadedStep, life: 'primary' | 'secondary') {
  const data = structuredClone(stepData(app.plan, step)) as { documents: Record<string, Fields> };
  const ui = (step.uiSchema as Record<string, Record<string, Record<string, unknown>>>).documents!;
  for (const [field, reference] of Object.entries(data.documents)) {
    const kind = (ui[field]?.['ui:options'] as { kind?: string } | undefined)?.kind;
    if (!kind) continue;
    const type = String(reference.type);
    data.documents[field] = await uploadFromNode(app, life, kind, {
      name: String(reference.name),
      type,
      bytes: SAMPLE[type]!,
    });
  }
  return data;
}

/** Saves the proposal's stages from Node, in order, each with its step's journey case, up to `stage`. */
async function saveStagesUpTo(app: Application, stage: string) {
  const { data: state } = await readBack(app);
  for (const [, step] of applicableSteps(app.plan, state)) {
    const life = Object.values(step.definition.bind)[0]!.endsWith('/secondary') ? 'secondary' : 'primary';
    if (life === 'secondary') continue;
    const data =
      step.definition.submit?.stage === 'document'
        ? await uploadedDocuments(app, step, 'primary')
        : stepData(app.plan, step);
    const saved = await postStage(app, step, data);
    expect(saved.status, `${step.id} saved`).toBe('200');
    if (step.definition.submit?.stage === stage) return;
  }
}

/** The resume popup's label for 'Email, Quote ID and application number' (spec 01 §5), as the plan words it. */
function byApplicationNumber(plan: LoadedPlan): string {
  const resume = plan.popups.resume!.schema;
  type Options = { $ref?: string; oneOf?: { const: string; title: string }[] };
  let retrieve = resume.properties!.retrieve as Options;
  if (retrieve.$ref) retrieve = resume.$defs![retrieve.$ref.replace('#/$defs/', '')] as Options;
  return retrieve.oneOf!.find((option) => option.const === 'appnumber')!.title;
}

/** A new device resumes the application by email, Quote ID and application number. */
async function resumeOnNewPhone(app: Application): Promise<Page> {
  const page = await phone();
  await page.goto(server.baseUrl + journeyPath(app.plan));
  await page.getByRole('button', { name: 'Resume Application' }).click();
  const lookup = page.getByRole('dialog');
  await lookup.waitFor();
  await lookup
    .locator('label')
    .filter({ hasText: new RegExp(`^${escaped(byApplicationNumber(app.plan))}$`) })
    .click();
  await lookup.locator('input[id="step-resume_emailId"]').fill(app.email);
  await lookup.locator('input[id="step-resume_quoteId"]').fill(app.applicationNumber);
  await lookup.locator('input[id="step-resume_applicationNumber"]').pressSequentially(app.proposalNumber);
  await lookup.getByRole('button', { name: 'Proceed' }).click();
  return page;
}

/** Where a page is now: its path and hash. */
const whereIs = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.hash}`;
};

// ---------------------------------------------------------------------------------------------
// 1. Every proposal step, filled in order, to thank-you

/**
 * What the proposal walks below saw on screen that differs from a journey case, though the walk
 * could go on: a read-only field a lookup fills (the IFSC's bank and branch), or the e-mandate's
 * fields back from the bank's page. Checked once all plans are walked, by the test after them.
 */
const seenOtherwise: string[] = [];

describe.each(CHOSEN)('%s: paid, then the whole proposal', (code, calculator) => {
  const plan = planOf(code);

  it(
    'every proposal step that applies is filled from its journey case and saved, in order, to #/thank-you',
    async () => {
      expect((plan.config as { calculator?: string }).calculator).toBe(calculator);
      const mismatches = seenOtherwise;
      const { page, app } = await boughtInBrowser(plan);
      await page.getByRole('link', { name: 'Complete your proposal' }).click();

      const state = await savedState(page, plan);
      const steps = applicableSteps(plan, state);
      // Single premium: no renewals, no e-mandate (its `when`); every other frequency has one.
      const single = getByPointer(state, '/planDetails/investmentFrequency') === 'Single';
      expect(steps.some(([, step]) => isEmandate(step))).toBe(!single);

      for (const [index, entry] of steps.entries()) {
        const [key, step] = entry;
        const what = `${code} ${routeHash(key)}`;
        await arriveAtStep(page, plan, entry);
        if (index === 0) {
          // The progress lists exactly the steps that apply, in order.
          expect(await page.locator('.bf-progress__label').allTextContents()).toEqual(
            steps.map(([, s]) => stepTitle(s)),
          );
        }
        await expectAccessible(page, `${what} as it opens`);
        const data = stepData(plan, step);
        await fillStep(page, fieldActions(step, data), mismatches, what).catch(async (error: unknown) => {
          await shoot(page, `${code}-proposal-${formIdOf(key)}-failed`);
          throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
        });
        if (isEmandate(step) && (data.mandate as Fields | undefined)?.choice === 'E-mandate') {
          await authoriseEmandate(page, plan, step, data, mismatches);
        }
        await expectAccessible(page, `${what} filled`);
        await fitsThePhone(page, what);
        await shootFromTop(page, `${code}-proposal-${formIdOf(key)}`);
        const last = index === steps.length - 1;
        const label = last ? plan.config.proposal!.submitLabel! : step.definition.submitLabel!;
        expect((await submitButton(page).textContent())?.trim()).toBe(label);
        await submitButton(page).click();
        if (!last) continue;
        await page
          .waitForURL((url) => url.pathname === proposalPageOf(plan) && url.hash !== routeHash(key), {
            timeout: 60_000,
          })
          .catch(() => undefined);
      }

      if (whereIs(page) !== `${proposalPageOf(plan)}#/thank-you`) {
        await shoot(page, `${code}-proposal-not-submitted`);
        throw new Error(
          `${code}: the proposal was not submitted: ${whereIs(page)} shows "${await page.locator('main').innerText()}"`,
        );
      }
      await page.getByRole('heading', { name: 'We have received your proposal' }).waitFor();
      await expectAccessible(page, `${code} #/thank-you`);
      await shootFromTop(page, `${code}-proposal-thank-you`);
      const submitted = await savedState(page, plan);
      expect(submitted.journeyFlag).toBe(true);
      // The server has it submitted: neither read back nor resumed any more.
      const readAgain = await refusal(readBack(app));
      expect([readAgain.statusCode, readAgain.message]).toEqual([
        409,
        'This application is already submitted.',
      ]);
      // Every step's data is the application's now, and valid as its own schema says.
      for (const [key, step] of steps) {
        const saved = boundData(step, submitted);
        expect(
          step.validator.isValid(step.schema, saved, step.schema),
          `${code} ${routeHash(key)} saved`,
        ).toBe(true);
      }
      await closePhones();
    },
    PLAN_TIMEOUT_MS,
  );
});

describe('what the proposal walks saw', () => {
  it('every field shows what its journey case says: read-only fills of a lookup, and the e-mandate back from the bank', () => {
    expect(seenOtherwise).toEqual([]);
  });
});

/**
 * The e-mandate chosen: 'Authorise e-mandate' takes the buyer to the sandbox's mandate page;
 * Approve returns to the proposal page's #/, which says the mandate is authorised. The step's
 * choice and debit day are still on screen (noted in `mismatches` if not, and typed again).
 */
async function authoriseEmandate(
  page: Page,
  plan: LoadedPlan,
  step: LoadedStep,
  data: Fields,
  mismatches: string[],
) {
  await page.getByRole('button', { name: 'Authorise e-mandate' }).click();
  await page.waitForURL(/\/payu-sandbox\/emandate/, { timeout: STEP_TIMEOUT_MS });
  await page.screenshot({
    path: `${SCREENSHOTS}plans-${plan.config.productId}-proposal-emandate-sandbox-phone.png`,
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Approve' }).click();
  await onProposalPage(page, plan, '#/');
  await page.getByText(/^E-mandate authorised\. Your mandate reference \(UMRN\) is \S+\.$/).waitFor({
    timeout: STEP_TIMEOUT_MS,
  });
  const actions = fieldActions(step, data);
  const { shown, wanted } = await shownFields(page, actions);
  if (JSON.stringify(shown) !== JSON.stringify(wanted)) {
    mismatches.push(
      `${plan.config.productId} #/ back from the mandate page shows ${JSON.stringify(shown)}, typed ${JSON.stringify(wanted)}`,
    );
    await fillForm(page, actions);
  }
}

// ---------------------------------------------------------------------------------------------
// 1b. The steps' other valid cases: text areas, lists of other policies and countries, an appointee

/** Data with every amount's grouping commas taken out ('50,00,000' → '5000000'). */
const ungrouped = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    typeof item === 'string' && /^\d{1,3}(,\d{2,3})+$/.test(item) ? item.replace(/,/g, '') : item,
  );

describe("other valid cases of the proposal's steps are typed and saved", () => {
  /** Valid fixture cases (no errors) beside the journey's, by the step they are typed into. */
  const CASES = [
    ['bank-details', 'every answer Yes, with its details'],
    [
      'bank-details/fatca-details',
      'a tax resident of the United States and of the United Arab Emirates, which issues no TIN',
    ],
    ['personal-details/nominee', 'a minor nominee with an appointee'],
  ] as const;

  it(
    'each is typed, saved, and is what the application holds',
    async () => {
      const { page, app } = await boughtInBrowser(T54);
      await page.getByRole('link', { name: 'Complete your proposal' }).click();
      for (const [key, name] of CASES) {
        const step = T54.proposal[key]!;
        const fixture = fixtureCases(T54, step).find((c) => c.name === name);
        expect(fixture, `${key} has the case "${name}"`).toBeDefined();
        expect(fixture!.errors).toEqual({});
        await page.evaluate((hash) => (window.location.hash = hash), routeHash(key));
        await arriveAtStep(page, T54, [key, step]);
        await fillForm(page, fieldActions(step, fixture!.data));
        await expectAccessible(page, `T54 ${routeHash(key)} with "${name}"`);
        await fitsThePhone(page, `T54 ${routeHash(key)} with "${name}"`);
        await shootFromTop(page, `T54-proposal-${formIdOf(key)}-${name.replace(/\W+/g, '-').slice(0, 40)}`);
        await submitButton(page).click();
        await page.waitForURL((url) => url.hash !== routeHash(key), { timeout: STEP_TIMEOUT_MS });
        const { data } = await readBack(app);
        // An amount is kept as the AmountWidget shows it, grouped ('50,00,000' for 5000000).
        expect(ungrouped(boundData(step, data)), `${key} as saved`).toEqual(
          ungrouped(
            Object.fromEntries(
              Object.keys(step.definition.bind).map((field) => [field, fixture!.data[field]]),
            ),
          ),
        );
      }
      await closePhones();
    },
    PLAN_TIMEOUT_MS,
  );
});

// ---------------------------------------------------------------------------------------------
// 2. Resume from a fresh browser (spec 02 §4.2)

describe('resume mid-way from a fresh browser (spec 02 §4.2)', () => {
  it(
    'after the nominee step is saved, another device resumes on #/personal-details/nominee with the nominees',
    async () => {
      const { page, app } = await boughtInBrowser(T54);
      await page.getByRole('link', { name: 'Complete your proposal' }).click();
      const steps = applicableSteps(T54, await savedState(page, T54));
      const upTo = steps.findIndex(([key]) => key === 'personal-details/nominee');
      expect(upTo).toBeGreaterThan(0);
      for (const entry of steps.slice(0, upTo + 1)) {
        await arriveAtStep(page, T54, entry);
        await fillForm(page, fieldActions(entry[1], stepData(T54, entry[1])));
        await submitButton(page).click();
      }
      await arriveAtStep(page, T54, steps[upTo + 1]!);

      const [key, nominee] = steps[upTo]!;
      const resumed = await resumeOnNewPhone(app);
      await arriveAtStep(resumed, T54, [key, nominee]);
      await expectRestored(resumed, fieldActions(nominee, stepData(T54, nominee)), 'the nominees resumed');
      await expectAccessible(resumed, 'T54 #/personal-details/nominee resumed');
      await shootFromTop(resumed, 'T54-proposal-resumed-nominee');
      await closePhones();
    },
    PLAN_TIMEOUT_MS,
  );

  /** Spec 02 §4.2's proposal rows: the stage saved, and the route it resumes to. */
  const ROWS = [
    ['journey-details', 'personal-details/basic'],
    ['employment-details', 'personal-details/employment'],
    ['pd-nominee-details', 'personal-details/nominee'],
    ['other-policy-details', 'bank-details/'],
    ['bank-details', 'bank-details/sub-bank-details'],
    ['fatca-details', 'bank-details/fatca-details'],
  ] as const;

  it(
    'each proposal stage saved resumes on its own step, pre-filled',
    async () => {
      const { app } = await boughtInBrowser(T54);
      await closePhones();
      const seen: string[] = [];
      const wanted: string[] = [];
      for (const [stage, route] of ROWS) {
        const [key, step] = stepOfStage(T54, stage);
        // The step's key is its route (the declarations' '#/bank-details/' is the key 'bank-details').
        expect(key).toBe(route.replace(/\/$/, ''));
        const saved = await postStage(app, step, stepData(T54, step));
        expect(saved.status).toBe('200');
        expect((await readBack(app)).data.userStage).toBe(stage);
        const page = await resumeOnNewPhone(app);
        await page
          .waitForURL((url) => url.pathname === proposalPageOf(T54) && url.hash !== '', {
            timeout: STEP_TIMEOUT_MS,
          })
          .catch(() => undefined);
        await arriveAtStep(page, T54, [key, step], routeHash(route)).catch(() => undefined);
        seen.push(`${stage} → ${whereIs(page)}`);
        wanted.push(`${stage} → ${proposalPageOf(T54)}${routeHash(route)}`);
        if (whereIs(page) === `${proposalPageOf(T54)}${routeHash(route)}`) {
          await expectRestored(page, fieldActions(step, stepData(T54, step)), `${stage} resumed`).finally(
            () => shootFromTop(page, `T54-proposal-resumed-${stage}`),
          );
        } else {
          await shootFromTop(page, `T54-proposal-resumed-${stage}`);
        }
        await closePhones();
      }
      expect(seen).toEqual(wanted);
      rowsApplication = app;
    },
    PLAN_TIMEOUT_MS,
  );

  it(
    'document, for a joint life whose secondary documents are not submitted, resumes on #/review-upload-doc/upload-doc?type=secondary',
    async () => {
      const planDetails = journeyData(T54, T54.steps['plan-details']!)!;
      const jointLife = T54.popups['joint-life']!;
      const holder = journeyData(T54, basicDetailsStep(T54))!.policyHolder as Fields;
      const { app } = await boughtInBrowser(T54, {
        'plan-details': {
          ...planDetails,
          planDetails: { ...(planDetails.planDetails as Fields), category: 'Joint' },
        },
        // The popup's first case (a wife aged 55), for the holder basic details made.
        'joint-life': {
          ...fixtureCases(T54, jointLife)[0]!.data,
          policyHolder: { dateOfBirth: holder.dateOfBirth },
        },
      });
      await closePhones();
      const { data: state } = await readBack(app);
      expect(getByPointer(state, '/basicDetails/policyHolder/buyFor')).toBe('Joint Life');
      const keys = applicableSteps(T54, state).map(([key]) => key);
      expect(keys).toContain('review-upload-doc/upload-doc?type=secondary');
      await saveStagesUpTo(app, 'document');
      const { data: saved } = await readBack(app);
      expect(saved.userStage).toBe('document');
      expect(getByPointer(saved, '/document/secondary/submitted')).toBeUndefined();

      const page = await resumeOnNewPhone(app);
      const secondary: Step = [
        'review-upload-doc/upload-doc?type=secondary',
        T54.proposal['review-upload-doc/upload-doc?type=secondary']!,
      ];
      await arriveAtStep(page, T54, secondary);
      await expectAccessible(page, 'T54 secondary documents resumed');
      await shootFromTop(page, 'T54-proposal-resumed-secondary-documents');
      await closePhones();
    },
    PLAN_TIMEOUT_MS,
  );
});

/** The T54 application the resume rows left at fatca-details: paid, its proposal not submitted. */
let rowsApplication: Application | undefined;

// ---------------------------------------------------------------------------------------------
// 3. Bad input: a message under the field, and the server refuses the same, storing nothing

describe('bad input is refused on screen and by the server alike', () => {
  let app: Application;
  let page: Page;
  let bought: Promise<void> | undefined;

  /** The paid application these cases are typed into, and its tab: bought by the first case that runs. */
  const paid = () =>
    (bought ??= boughtInBrowser(T54).then((made) => {
      ({ app, page } = made);
    }));

  /**
   * Opens a step of the application's proposal in its tab, loaded afresh: the page reads the
   * application back, so a case starts from what the server holds (a case before may have
   * changed it from Node).
   */
  async function openStep(key: string) {
    await paid();
    const step = T54.proposal[key]!;
    await page.evaluate((hash) => (window.location.hash = hash), routeHash(key));
    await page.reload();
    await arriveAtStep(page, T54, [key, step]);
    return step;
  }

  /** A form's field messages on screen by dotted field path ('personal.pan'), none for an empty one. */
  async function messagesOnScreen(step: LoadedStep): Promise<Record<string, string>> {
    const prefix = `step-${formIdOf(step.id)}`;
    const shown = await shownErrors(page, step.id);
    return Object.fromEntries(
      Object.entries(shown).map(([id, message]) => [
        id
          .slice(prefix.length)
          .replace(/__error$/, '')
          .replace(/^_/, '')
          .split('_')
          .join('.'),
        message,
      ]),
    );
  }

  /** The server's field errors by the form's dotted field path ('journeyDetails.primary.pan' → 'personal.pan'). */
  function messagesOfServer(step: LoadedStep, errors: { field: string; message: string }[]) {
    const places = Object.entries(step.definition.bind).map(
      ([field, pointer]) => [field, pointer.replace(/^\//, '').split('/').join('.')] as const,
    );
    return Object.fromEntries(
      errors.map(({ field, message }) => {
        const place = places.find(([, dotted]) => field === dotted || field.startsWith(`${dotted}.`));
        return [place ? `${place[0]}${field.slice(place[1].length)}` : `(application) ${field}`, message];
      }),
    );
  }

  /** The messages once they are `expected`, or whatever shows after a few seconds. */
  async function settledMessages(step: LoadedStep, expected: Record<string, string>) {
    const deadline = Date.now() + 8_000;
    let shown = await messagesOnScreen(step);
    while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
      await page.waitForTimeout(100);
      shown = await messagesOnScreen(step);
    }
    return shown;
  }

  /** What the step's form holds now: its draft, as the page keeps it with the application (what Save sends). */
  async function draftOf(key: string): Promise<Fields | undefined> {
    const state = await savedState(page, T54);
    const drafts = (state.proposalDrafts ?? {}) as Record<string, Fields>;
    return drafts[`#${key.replace(/[/~]/g, '_')}`];
  }

  /**
   * Types `data` into the step (waiting for a lookup's answer when `lookup` names its address)
   * and presses its button: exactly the `expected` messages show under their fields, and the
   * step stays. What the form then holds, posted to the stage route from Node, is refused 400
   * with the same messages for the same fields, and the application is as it was (its version
   * and the step's places). Each half is checked whatever the other shows.
   */
  async function refusedAlike(key: string, data: Fields, expected: Record<string, string>, lookup?: string) {
    const step = await openStep(key);
    const answered = lookup
      ? page.waitForResponse((response) => response.url().includes(lookup), { timeout: STEP_TIMEOUT_MS })
      : undefined;
    await fillForm(page, fieldActions(step, data));
    await answered;
    await submitButton(page).click();
    const shown = await settledMessages(step, expected);
    expect.soft(shown, `${routeHash(key)}: the messages on screen`).toEqual(expected);
    const where = new URL(page.url()).hash;
    expect.soft(where, `${routeHash(key)}: the step is left`).toBe(routeHash(key));
    if (where === routeHash(key))
      await expectAccessible(page, `T54 ${routeHash(key)} refusing ${JSON.stringify(shown)}`);
    await shootFromTop(
      page,
      `T54-proposal-refused-${formIdOf(key)}-${Object.keys(expected).join('-').replace(/\W+/g, '-')}`,
    );

    const held = (await draftOf(key)) ?? data;
    const before = await readBack(app);
    const answer = await postStage(app, step, held).then(
      () => ({ status: 200, messages: {} }),
      (error: unknown) => {
        if (!(error instanceof ApiFailure)) throw error;
        return { status: error.statusCode, messages: messagesOfServer(step, error.fieldErrors) };
      },
    );
    expect.soft(answer, `${routeHash(key)}: the stage route, given what the form holds`).toEqual({
      status: 400,
      messages: expected,
    });
    if (answer.status === 200) return; // stored: the failure above says so
    const after = await readBack(app);
    expect(after.version).toBe(before.version);
    expect(boundData(step, after.data)).toEqual(boundData(step, before.data));
  }

  const withField = (data: Fields, path: string, value: unknown): Fields => {
    const copy = structuredClone(data);
    const keys = path.split('.');
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    if (value === undefined) delete node[keys.at(-1)!];
    else node[keys.at(-1)!] = value;
    return copy;
  };

  const personal = () => stepData(T54, T54.proposal['personal-details/basic']!);
  /** The bank account case without what the IFSC lookup fills (the registry names no branch). */
  const bank = () =>
    withField(stepData(T54, T54.proposal['bank-details/sub-bank-details']!), 'bank.branch', undefined);
  const nominees = () => stepData(T54, T54.proposal['personal-details/nominee']!) as { nominees: Fields[] };
  const withoutBank = (data: Fields) => withField(data, 'bank.bankName', undefined);

  it('a PAN with a letter short', { timeout: PLAN_TIMEOUT_MS }, async () => {
    await refusedAlike('personal-details/basic', withField(personal(), 'personal.pan', 'ABCP1234K'), {
      'personal.pan': 'Please enter a valid PAN, e.g. ABCDE1234F',
    });
  });

  it('an IFSC of the wrong shape', { timeout: PLAN_TIMEOUT_MS }, async () => {
    await refusedAlike(
      'bank-details/sub-bank-details',
      withoutBank(withField(bank(), 'bank.ifsc', 'HDFC000123')),
      {
        'bank.ifsc': 'Please enter a valid IFSC, e.g. SBIN0001234',
      },
    );
  });

  it('an IFSC no bank has', { timeout: PLAN_TIMEOUT_MS }, async () => {
    await refusedAlike(
      'bank-details/sub-bank-details',
      withoutBank(withField(bank(), 'bank.ifsc', 'ABCD0123456')),
      { 'bank.ifsc': 'We could not find this IFSC. Please check it against your cheque book or passbook.' },
      '/buyonlineoauth/ifsc/ABCD0123456',
    );
  });

  it(
    "Save pressed before the IFSC's lookup answers does not save an IFSC no bank has",
    { timeout: PLAN_TIMEOUT_MS },
    async () => {
      const step = await openStep('bank-details/sub-bank-details');
      const before = await readBack(app);
      // A slow network: the lookup answers two seconds after it is asked.
      await page.route('**/buyonlineoauth/ifsc/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue();
      });
      try {
        const answered = page.waitForResponse((response) =>
          response.url().includes('/buyonlineoauth/ifsc/ABCD0123457'),
        );
        await fillForm(page, fieldActions(step, withoutBank(withField(bank(), 'bank.ifsc', 'ABCD0123457'))));
        await submitButton(page).click();
        await answered;
        await page.waitForTimeout(1_000);
        expect
          .soft(new URL(page.url()).hash, 'the step is left')
          .toBe(routeHash('bank-details/sub-bank-details'));
        const after = await readBack(app);
        expect(getByPointer(after.data, '/bankDetails/primary/ifsc'), 'the IFSC stored').toBe(
          getByPointer(before.data, '/bankDetails/primary/ifsc'),
        );
      } finally {
        await page.unroute('**/buyonlineoauth/ifsc/**');
      }
    },
  );

  it('account numbers that differ', { timeout: PLAN_TIMEOUT_MS }, async () => {
    await refusedAlike(
      'bank-details/sub-bank-details',
      withField(bank(), 'bank.confirmAccountNumber', '50100012345679'),
      { 'bank.confirmAccountNumber': 'Account numbers do not match' },
      '/buyonlineoauth/ifsc/',
    );
  });

  it('nominee shares adding up to 90', { timeout: PLAN_TIMEOUT_MS }, async () => {
    const shares = nominees();
    shares.nominees[1]!.share = Number(shares.nominees[1]!.share) - 10;
    await refusedAlike('personal-details/nominee', shares, {
      nominees: 'Nominee shares must add up to 100% (now 90%)',
    });
  });

  it('a minor nominee without an appointee', { timeout: PLAN_TIMEOUT_MS }, async () => {
    const minor = nominees();
    const tenYearsAgo = new Date();
    tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
    minor.nominees[1]!.dateOfBirth = tenYearsAgo.toISOString().slice(0, 10);
    // On screen the appointee's form appears with the minor (the schema's if/then), each of its
    // fields required; the route, given no appointee at all, asks for one.
    await refusedAlike('personal-details/nominee', minor, {
      'appointee.fullName': "Appointee's full name cannot be empty.",
      'appointee.relationship': 'Relationship with the nominee cannot be empty.',
      'appointee.dateOfBirth': "Appointee's date of birth cannot be empty.",
    });
    const step = T54.proposal['personal-details/nominee']!;
    const before = await readBack(app);
    const refused = await refusal(postStage(app, step, minor));
    expect({ status: refused.statusCode, messages: messagesOfServer(step, refused.fieldErrors) }).toEqual({
      status: 400,
      messages: { appointee: 'Please add an appointee: a nominee is under 18' },
    });
    const after = await readBack(app);
    expect(after.version).toBe(before.version);
    expect(boundData(step, after.data)).toEqual(boundData(step, before.data));
  });

  /**
   * A file chosen in a document field is refused there with `message`; the same file sent to
   * the upload route from Node is refused 4xx with the same message, and the application's
   * documents are as they were.
   */
  async function fileRefusedAlike(file: { name: string; type: string; bytes: Buffer }, message: string) {
    const key = 'review-upload-doc/upload-doc';
    const step = await openStep(key);
    const id = `step-${formIdOf(step.id)}_documents_addressProof`;
    const before = await readBack(app);
    await chooseFile(page, id, { name: file.name, mimeType: file.type, buffer: file.bytes });
    await expect
      .poll(async () => ((await page.locator(`[id="${id}__upload-error"]`).textContent()) ?? '').trim(), {
        timeout: 30_000,
        message: `the upload of ${file.name}`,
      })
      .toBe(message);
    expect(await page.locator(`[id="${id}__file"]`).count()).toBe(0);
    await expectAccessible(page, `T54 documents with "${message}"`);
    await shootFromTop(page, `T54-proposal-refused-upload-${file.name.replace(/\W+/g, '-')}`);

    const refused = await refusal(uploadFromNode(app, 'primary', 'address', file));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect([refused.message, ...refused.fieldErrors.map((error) => error.message)]).toContain(message);
    const after = await readBack(app);
    expect(after.version).toBe(before.version);
    expect(after.data.document).toEqual(before.data.document);
  }

  it('a file of 6 MB', { timeout: PLAN_TIMEOUT_MS }, async () => {
    await fileRefusedAlike(
      { name: 'aadhaar-scan.pdf', type: 'application/pdf', bytes: pdfOfSize(6 * 1024 * 1024) },
      'This file is larger than 5 MB. Please upload a smaller file.',
    );
  });

  it('a text file named .pdf', { timeout: PLAN_TIMEOUT_MS }, async () => {
    await fileRefusedAlike(
      { name: 'address-proof.pdf', type: 'application/pdf', bytes: TEXT_CALLED_PDF },
      'This file is not a PDF, JPEG or PNG. Please upload one of those.',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Once paid, the journey's forms are closed

describe('once paid, nothing the premium was priced on can change', () => {
  it(
    "the journey's routes send the buyer to the proposal page",
    async () => {
      const app = rowsApplication ?? (await boughtInBrowser(T54)).app;
      const page = await resumeOnNewPhone(app);
      await page.waitForURL((url) => url.pathname === proposalPageOf(T54), { timeout: STEP_TIMEOUT_MS });
      const ids = Object.keys(T54.config.steps);
      const seen: string[] = [];
      for (const [index, id] of ids.entries()) {
        const route = T54.config.steps[id]!.route ?? id;
        const path = `${journeyPath(T54)}${route}`;
        await page.goto(server.baseUrl + path);
        await page
          .waitForURL((url) => url.pathname === proposalPageOf(T54), { timeout: 15_000 })
          .catch(() => undefined);
        // What the buyer sees there: a journey form would show its step's heading.
        await page
          .locator('main')
          .first()
          .waitFor({ timeout: STEP_TIMEOUT_MS })
          .catch(() => undefined);
        seen.push(`${path} → ${new URL(page.url()).pathname}`);
        if (new URL(page.url()).pathname !== proposalPageOf(T54)) {
          await shoot(page, `T54-paid-journey-${ids[index]}-still-open`);
        }
      }
      expect(seen).toEqual(
        ids.map((id) => `${journeyPath(T54)}${T54.config.steps[id]!.route ?? id} → ${proposalPageOf(T54)}`),
      );
      await closePhones();
    },
    PLAN_TIMEOUT_MS,
  );

  it(
    'plan-details, personal-details and basic-details answer 409 through the API, storing nothing',
    async () => {
      const app = rowsApplication ?? (await boughtInBrowser(T54)).app;
      await closePhones();
      const before = await readBack(app);
      const state = before.data as Record<string, Record<string, unknown>>;
      const changes: Record<string, Record<string, unknown>> = {
        'plan-details': {
          planDetails: { ...state.planDetails, investmentAmount: '5,00,000', premiumPayingTerm: 5 },
          basicDetails: state.basicDetails,
        },
        'personal-details': {
          personalDetails: {
            ...state.personalDetails,
            primary: { ...(state.personalDetails!.primary as Fields), annualIncome: '99,00,000' },
          },
        },
        'basic-details': {
          basicDetails: {
            ...state.basicDetails,
            policyHolder: {
              ...(state.basicDetails!.policyHolder as Fields),
              dateOfBirth: '1990-01-01',
            },
          },
        },
      };
      const answers: string[] = [];
      for (const [stage, sections] of Object.entries(changes)) {
        const refused = await refusal(
          api.post(
            `/buyonlineoauth/stages/${stage}`,
            {
              applicationNumber: app.applicationNumber,
              version: before.version,
              productId: T54.config.productId,
              planCode: T54.config.planCode,
              ...sections,
            },
            { capability: app.capability },
          ),
        );
        answers.push(`${stage}: ${refused.statusCode}`);
      }
      expect(answers).toEqual(Object.keys(changes).map((stage) => `${stage}: 409`));
      const after = await readBack(app);
      expect(after.version).toBe(before.version);
      for (const section of ['planDetails', 'personalDetails', 'basicDetails'])
        expect(after.data[section], section).toEqual(before.data[section]);
    },
    PLAN_TIMEOUT_MS,
  );
});
