import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import {
  DEFAULT_SCHEMAS_ROOT,
  listPlanCodes,
  readCommonDocuments,
  readPlanFiles,
} from '../../../src/plans/nodePlanSource.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';
import { validatorsPath } from '../../../tools/lib/generatedValidators.ts';
import {
  planValidatorFunctions,
  precompiledValidators,
  type GeneratedFunctions,
  type PlanValidatorFunctions,
} from '../../../engine/validation/precompiledValidators.ts';
import { generatedValidators, precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';
import { checkCopiedPlan, lines } from './planFolder.ts';

/*
 * The browser validates with code generated ahead of time (no ajv compiler, no eval); the
 * server compiles the same schemas with the same options. They must agree on every message,
 * and plans:validate must notice a generated file that no longer matches its schemas.
 */
const common = commonDocuments(readCommonDocuments());
const codes = listPlanCodes();

function formsOf(plan: LoadedPlan): LoadedStep[] {
  return [...Object.values(plan.steps), ...Object.values(plan.popups)];
}

interface FixtureFile {
  cases: Array<{ name: string; data: unknown }>;
}

describe('precompiled validators', () => {
  it.each(codes)(
    '%s: give the messages the server gives, for every fixture of every form',
    async (code) => {
      const compiled = buildPlan(readPlanFiles(code), common, compilingValidators);
      const precompiled = await precompiledPlan(code);
      const files = readPlanFiles(code);
      let compared = 0;
      for (const form of formsOf(compiled)) {
        const browserForm = precompiled.steps[form.id] ?? precompiled.popups[form.id];
        expect(browserForm, `${code} ${form.id}`).toBeDefined();
        // The browser's validator is not ajv's compiling one.
        expect(browserForm!.validator).not.toBe(form.validator);
        const fixtures = form.definition.fixtures
          ? (files[form.definition.fixtures] as FixtureFile)
          : undefined;
        for (const fixture of fixtures?.cases ?? []) {
          const data = resolveFixtureData(fixture.data);
          const server = validateData(form.schema, data, {
            uiSchema: form.uiSchema,
            validator: form.validator,
          });
          const browser = validateData(browserForm!.schema, data, {
            uiSchema: browserForm!.uiSchema,
            validator: browserForm!.validator,
          });
          expect(browser, `${code} ${form.id} "${fixture.name}"`).toEqual(server);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(5);
    },
    60_000,
  );

  it.each(codes)(
    "%s: the first module holds only the first step's forms, the later module every other form",
    async (code) => {
      const generated = await generatedValidators(code);
      const plan = buildPlan(readPlanFiles(code), common, compilingValidators);
      const firstSchema = Object.values(plan.steps)[0]!.definition.schema;
      const ids = (functions: PlanValidatorFunctions) => ({
        steps: Object.keys(functions.steps).sort(),
        popups: Object.keys(functions.popups).sort(),
      });
      const place = (first: boolean) => ({
        steps: Object.values(plan.steps)
          .filter((step) => (step.definition.schema === firstSchema) === first)
          .map((step) => step.id)
          .sort(),
        popups: Object.values(plan.popups)
          .filter((popup) => (popup.definition.schema === firstSchema) === first)
          .map((popup) => popup.id)
          .sort(),
      });
      expect(ids(planValidatorFunctions(generated.first))).toEqual(place(true));
      expect(ids(planValidatorFunctions(await generated.later()))).toEqual(place(false));
      expect(place(false).steps.length).toBeGreaterThan(0);
    },
  );

  it.each(codes)(
    "%s: the proposal page's first module holds its first step's form and the proposal's conditions, the later one the other steps'",
    async (code) => {
      const load = async (file: 'proposal' | 'proposalLater') =>
        planValidatorFunctions(
          (
            (await import(validatorsPath(DEFAULT_SCHEMAS_ROOT, code, file))) as {
              default: GeneratedFunctions;
            }
          ).default,
        );
      const [first, later] = [await load('proposal'), await load('proposalLater')];
      const keys = Object.keys(
        buildPlan(readPlanFiles(code), common, compilingValidators, { proposal: true }).proposal,
      );
      expect(Object.keys(first.proposal ?? {})).toEqual([keys[0]]);
      expect(Object.keys(later.proposal ?? {}).sort()).toEqual(keys.slice(1).sort());
      expect(Object.keys(first.conditions).length).toBeGreaterThan(0);
      expect(Object.keys(later.conditions)).toEqual([]);
      expect([...Object.keys(first.steps), ...Object.keys(later.steps)]).toEqual([]);
    },
  );

  it('a later form validates only once the plan has loaded its forms, with the same validator object', async () => {
    const generated = await generatedValidators('T54');
    const plan = buildPlan(readPlanFiles('T54'), common, precompiledValidators('T54', generated));
    const first = plan.steps['basic-details']!;
    const later = plan.steps['plan-details']!;
    expect(first.validator.isValid(first.schema, {}, first.schema)).toBe(false);
    expect(() => later.validator.isValid(later.schema, {}, later.schema)).toThrow(
      'Plan T54 steps plan-details is used before its validators were loaded (LoadedPlan.loadForms)',
    );
    const validator = later.validator;
    await plan.loadForms();
    expect(later.validator).toBe(validator);
    expect(later.validator.isValid(later.schema, {}, later.schema)).toBe(false);
    expect(validateData(later.schema, {}, { validator: later.validator }).valid).toBe(false);
  });

  it('contain no eval and ask only for the runtime the browser gives them', () => {
    for (const code of codes) {
      const text = ['first', 'later']
        .map((file) =>
          readFileSync(validatorsPath(DEFAULT_SCHEMAS_ROOT, code, file as 'first' | 'later'), 'utf8'),
        )
        .join('\n');
      expect(text).not.toMatch(/new Function|\beval\(/);
      const required = new Set([...text.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
      for (const name of required) {
        expect([
          'bimaflow/engine/validation/rules',
          'ajv/dist/runtime/ucs2length',
          'ajv/dist/runtime/equal',
          'ajv-formats/dist/formats',
        ]).toContain(name);
      }
    }
  });
});

describe('plans:validate and the generated validators', () => {
  it('finds a copied plan with its generated validators fresh', () => {
    expect(lines(checkCopiedPlan(() => {}, 'T54', { generatedValidators: true }))).toEqual([]);
  }, 30_000);

  it('fails a plan whose schema changed after its validators were generated', () => {
    const problems = checkCopiedPlan(
      (plan) =>
        plan.edit('steps/plan-details.schema.json', (schema) => {
          schema.title = `${String(schema.title)} (edited)`;
        }),
      'T54',
      { generatedValidators: true },
    );
    expect(lines(problems)).toEqual([
      'plans/T54/validators.generated.js /: is stale (a step, popup or machine condition, or the generator, changed since it was generated): run npm run validators',
      'plans/T54/validators.later.generated.js /: is stale (a step, popup or machine condition, or the generator, changed since it was generated): run npm run validators',
      'plans/T54/validators.proposal.generated.js /: is stale (a step, popup or machine condition, or the generator, changed since it was generated): run npm run validators',
      'plans/T54/validators.proposal-later.generated.js /: is stale (a step, popup or machine condition, or the generator, changed since it was generated): run npm run validators',
    ]);
  }, 30_000);

  it('fails a plan without generated validators, and passes once npm run validators wrote them', () => {
    const missing = checkCopiedPlan((plan) => rmSync(validatorsPath(plan.root, 'T54', 'later')), 'T54', {
      generatedValidators: true,
    });
    expect(lines(missing)).toEqual([
      'plans/T54/validators.later.generated.js /: is missing: run npm run validators',
    ]);
    const regenerated = checkCopiedPlan(
      (plan) => {
        plan.edit('steps/plan-details.schema.json', (schema) => {
          schema.title = `${String(schema.title)} (edited)`;
        });
        rmSync(validatorsPath(plan.root, 'T54'));
        execFileSync(process.execPath, ['--import', 'tsx', 'tools/generateValidators.ts', plan.root], {
          stdio: 'pipe',
        });
      },
      'T54',
      { generatedValidators: true },
    );
    expect(lines(regenerated)).toEqual([]);
  }, 60_000);
});
