import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserPlanModule } from '../../../src/plans/browserPlanModules.ts';
import type { PlanConfig } from '../../../engine/plan/types.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import { precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';
import { loadSources } from '../../../tools/lib/loadSources.ts';
import { checkPlans } from '../../../tools/lib/planChecks.ts';
import { problemLine } from '../../../tools/lib/problem.ts';
import { planFor } from '../../../src/server/plans/serverPlans.ts';
import { shownConsentVersions } from '../../../src/shared/consents.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

/*
 * One home per fact (issue 17): an analyst makes a plan with `plans:new --from T64`, changes
 * its proposer's minimum age in plan.json and nowhere else, and everything that states the
 * age follows — the step a browser renders (its precompiled validator too), the resume popup,
 * the server's create route, the help center's copy and the fixtures' boundary cases.
 *
 * The plan lives in a schemas root of its own; the server reads plans from
 * nodePlanSource's DEFAULT_SCHEMAS_ROOT, which a module mock points at that root (as the
 * throwaway-plan test does).
 */

const CODE = 'T98';
const NEW_MINIMUM = 21;

const scaffold = await vi.hoisted(async () => {
  const { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } =
    await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { fileURLToPath } = await import('node:url');
  const repoSchemas = fileURLToPath(new URL('../../../schemas/', import.meta.url));
  const root = mkdtempSync(join(tmpdir(), 'bimaflow-new-plan-'));
  for (const name of readdirSync(repoSchemas).filter((entry: string) => entry !== 'plans')) {
    cpSync(join(repoSchemas, name), join(root, name), { recursive: true });
  }
  mkdirSync(join(root, 'plans'));
  cpSync(join(repoSchemas, 'plans', 'T64'), join(root, 'plans', 'T64'), { recursive: true });
  const { scaffoldPlan } = await import('../../../tools/lib/scaffoldPlan.ts');
  const { writeGeneratedValidators } = await import('../../../tools/lib/generatedValidators.ts');
  const made = await scaffoldPlan({
    root,
    from: 'T64',
    code: 'T98',
    name: 'Scaffold Term Plan',
    uin: '143N098V01',
  });
  // The analyst's one edit: the proposer's minimum age, in plan.json only.
  const planPath = join(root, 'plans', 'T98', 'plan.json');
  const plan = JSON.parse(readFileSync(planPath, 'utf8'));
  plan.ageLimits.proposer.min = 21;
  writeFileSync(planPath, JSON.stringify(plan, null, 2));
  writeGeneratedValidators(root, ['T98']);
  return { root, files: made.files as string[] };
});

vi.mock('../../../src/plans/nodePlanSource.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/plans/nodePlanSource.ts')>();
  return {
    ...original,
    DEFAULT_SCHEMAS_ROOT: scaffold.root,
    readCommonDocuments: (root: string = scaffold.root) => original.readCommonDocuments(root),
    listPlanCodes: (root: string = scaffold.root) => original.listPlanCodes(root),
    readPlanFiles: (code: string, root: string = scaffold.root) => original.readPlanFiles(code, root),
    readPlanFile: (code: string, path: string, root: string = scaffold.root) =>
      original.readPlanFile(code, path, root),
  };
});

/** A date of birth `years` years ago today (yyyy-mm-dd). */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** A value a browser plan module writes as `<declaration> = JSON.parse("<JSON>")` (src/plans/browserPlanModules.ts). */
function moduleJson(source: string, declaration: string): unknown {
  const line = source.split('\n').find((text) => text.startsWith(declaration))!;
  const literal = /JSON\.parse\((".*")\);?$/.exec(line)![1]!;
  return JSON.parse(JSON.parse(literal) as string);
}

/** The holder a visitor types on basic details, buying for a spouse, aged `age`. */
function holderAged(age: number) {
  return {
    nameTitle: 'Mr',
    fullName: 'Ravi Kumar',
    dateOfBirth: bornYearsAgo(age),
    countryCode: '91',
    mobileNumber: '9876543210',
    emailId: 'ravi.kumar@gmail.com',
    gender: 'Male',
    smoking: 'N',
    buyFor: 'Spouse',
    annualIncome: '1200000',
    residentialStatus: 'RNT',
    role: 'Other',
    disclamer1: true,
  };
}

const AGE_MESSAGE = `Age should be between ${NEW_MINIMUM} and 65`;

describe('a plan made with plans:new whose proposer minimum age changed in plan.json alone', () => {
  it('was written as its own files only, and validates with its fixtures (their boundaries moved with the age)', () => {
    expect(scaffold.files).toContain(`plans/${CODE}/plan.json`);
    // Shared steps stay shared: the scaffold copies no file of schemas/common.
    expect(scaffold.files).not.toContain(`plans/${CODE}/steps/make-payment.schema.json`);
    const problems = checkPlans(loadSources(scaffold.root));
    expect(problems.map((p) => problemLine(p))).toEqual([]);
  });

  it('gives the browser a basic-details step with the new range, in its bundle and its precompiled validator', async () => {
    const files = moduleJson(browserPlanModule(CODE, 'files', scaffold.root), 'export const files') as {
      'steps/basic-details.schema.json': {
        properties: { policyHolder: { properties: { dateOfBirth: unknown } } };
      };
    };
    expect(
      files['steps/basic-details.schema.json'].properties.policyHolder.properties.dateOfBirth,
    ).toMatchObject({
      ageRange: { min: NEW_MINIMUM, max: 65 },
      errorMessage: { ageRange: AGE_MESSAGE },
    });
    const plan = await precompiledPlan(CODE, scaffold.root);
    const step = plan.steps['basic-details']!;
    const errorsAt = (age: number) =>
      validateData(
        step.schema,
        { policyHolder: holderAged(age) },
        {
          uiSchema: step.uiSchema,
          validator: step.validator,
        },
      ).errors.filter((error) => error.field === 'policyHolder.dateOfBirth');
    expect(errorsAt(NEW_MINIMUM - 1).map((error) => error.message)).toEqual([AGE_MESSAGE]);
    expect(errorsAt(NEW_MINIMUM)).toEqual([]);
  });

  it('asks the resume popup for the new range', async () => {
    const plan = await precompiledPlan(CODE, scaffold.root);
    const popup = plan.popups.resume!;
    const errors = (age: number) =>
      validateData(
        popup.schema,
        { retrieve: 'mobdob', mobileNumber: '9876543210', dateOfBirth: bornYearsAgo(age) },
        { uiSchema: popup.uiSchema, validator: popup.validator },
      ).errors.map((error) => error.message);
    expect(errors(NEW_MINIMUM - 1)).toEqual([`Age should be between ${NEW_MINIMUM} to 65`]);
    expect(errors(NEW_MINIMUM)).toEqual([]);
  });

  it('says the new age in its help center', () => {
    // The proposal page's module: `export const content = JSON.parse("<the copy as JSON>");` first.
    const literal = /^export const content = JSON\.parse\((.*?)\);$/m.exec(
      browserPlanModule(CODE, 'proposal', scaffold.root),
    )![1]!;
    const content = JSON.parse(JSON.parse(literal) as string) as {
      helpCenter: { questions: Array<{ question: string; answer: string }> };
    };
    const who = content.helpCenter.questions.find((q) => q.question === 'Who can buy this plan?');
    expect(who?.answer).toMatch(new RegExp(`^Anyone aged ${NEW_MINIMUM} to 65 can buy it\\.`));
  });
});

describe.each(DATABASES)('its create route ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.close());

  const create = (age: number, config: PlanConfig) =>
    api.post('/buyonlineoauth/applications/create', {
      productId: config.productId,
      planCode: config.planCode,
      productUIN: config.uin,
      // The plan is made from T64 and shows the same common consent wordings.
      consentVersions: shownConsentVersions(planFor('T64')!),
      basicDetails: {
        policyHolder: holderAged(age),
        insuredPerson: {
          fullName: 'Sunita Kumar',
          dateOfBirth: bornYearsAgo(30),
          gender: 'Female',
          mobileNumber: '9876501234',
          emailId: 'sunita.kumar@gmail.com',
          smoking: 'N',
          residentialStatus: 'RNT',
          role: 'Housewife',
        },
      },
    });

  it('refuses the old minimum age and accepts the new one', async () => {
    const config = (await precompiledPlan(CODE, scaffold.root)).config;
    const refused = await create(NEW_MINIMUM - 1, config);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toContainEqual({
      field: 'basicDetails.policyHolder.dateOfBirth',
      message: AGE_MESSAGE,
    });
    const accepted = await create(NEW_MINIMUM, config);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
