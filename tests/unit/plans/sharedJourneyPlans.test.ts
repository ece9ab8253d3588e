import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { formValidator } from '../../../engine/validation/createFormValidator.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';

/*
 * The four plans of issue 9 as data: what plans:validate does not check. Every form has a
 * valid case named "journey" (what the generic browser test types), the spec 01 §5 age table
 * is in the schemas and in the fixtures below, at and above each bound, the 'Life insured
 * details' labels name the relation, and the form's limits are the pricing basis's.
 */

const common = commonDocuments(readCommonDocuments());
const load = (code: string) => {
  const files = readPlanFiles(code);
  return { plan: buildPlan(files, common, compilingValidators), files };
};

// Spec 01 §5 "Age bounds per plan".
const AGE_TABLE = {
  T62: { proposer: [18, 90], insured: [18, 90], minDays: 90 },
  T64: { proposer: [18, 65], insured: [18, 60], minDays: 90 },
  T76: { proposer: [18, 65], insured: [18, 60], minDays: 90 },
  I02: { proposer: [40, 80], insured: [15, 55], minDays: undefined },
} as const;
const CODES = Object.keys(AGE_TABLE) as (keyof typeof AGE_TABLE)[];

interface Fixtures {
  cases: { name: string; data: Record<string, unknown>; errors: Record<string, string> }[];
}

function fixturesOf(plan: LoadedPlan, files: Record<string, unknown>, form: string): Fixtures {
  const step = plan.steps[form] ?? plan.popups[form];
  return files[step!.definition.fixtures!] as Fixtures;
}

type Schema = Record<string, Record<string, unknown>>;
const holderDob = (plan: LoadedPlan) =>
  ((plan.steps['basic-details']!.schema.properties as Schema).policyHolder!.properties as Schema)
    .dateOfBirth!;

describe.each(CODES)('plan %s', (code) => {
  const { plan, files } = load(code);
  const table = AGE_TABLE[code];

  it('gives every step and popup with fixtures a valid "journey" case', () => {
    const forms = { ...plan.steps, ...plan.popups };
    for (const [id, form] of Object.entries(forms)) {
      if (!form.definition.fixtures) continue;
      const journey = fixturesOf(plan, files, id).cases.find((c) => c.name === 'journey');
      expect(journey, `${code} ${id}`).toBeDefined();
      const result = validateData(form.schema, resolveFixtureData(journey!.data), {
        uiSchema: form.uiSchema,
        validator: form.validator,
      });
      expect(result.errors, `${code} ${id}`).toEqual([]);
    }
    expect(Object.keys(plan.steps)).toEqual([
      'basic-details',
      'annuity-details',
      'plan-details',
      'review-details',
      'make-payment',
    ]);
  });

  it('writes the spec 01 §5 ages in plan.json and in the basic-details schema', () => {
    const { proposer, insured } = plan.config.ageLimits;
    expect([proposer.min, proposer.max]).toEqual(table.proposer);
    expect([insured.min, insured.max, insured.minDays]).toEqual([...table.insured, table.minDays]);
    expect(holderDob(plan).ageRange).toEqual({ min: proposer.min, max: proposer.max });
    const insuredDob = (
      (plan.steps['basic-details']!.schema.$defs as Schema).insuredPerson!.properties as Schema
    ).dateOfBirth!;
    expect(insuredDob.ageRange).toEqual(insured);
  });

  it('checks each age bound below, at and above it, for proposer and insured', () => {
    const cases = fixturesOf(plan, files, 'basic-details').cases;
    // The case that gives this person this date of birth, and what it expects for the field.
    const outcome = (field: string, token: string) => {
      const who = field.split('.')[0]!;
      const found = cases.find(
        (c) => (c.data[who] as { dateOfBirth?: string } | undefined)?.dateOfBirth === token,
      );
      expect(found, `${field} ${token}`).toBeDefined();
      return found!.errors[field];
    };
    const bounds = (who: 'policyHolder' | 'insuredPerson', [min, max]: readonly [number, number]) => {
      const field = `${who}.dateOfBirth`;
      expect(outcome(field, `{{today-${min}y+1d}}`), `${field} below ${min}`).toMatch(/^Age should be/);
      expect(outcome(field, `{{today-${min}y}}`), `${field} at ${min}`).toBeUndefined();
      expect(outcome(field, `{{today-${max + 1}y+1d}}`), `${field} at ${max}`).toBeUndefined();
      expect(outcome(field, `{{today-${max + 1}y}}`), `${field} above ${max}`).toMatch(/^Age should be/);
    };
    bounds('policyHolder', table.proposer);
    bounds('insuredPerson', table.insured);
    if (table.minDays) {
      const below = `{{today-${table.minDays - 1}d}}`;
      expect(outcome('insuredPerson.dateOfBirth', below)).toMatch(/^Age should be/);
    }
  });

  it("labels the life insured's fields with the relation, in the form and in its messages", () => {
    const step = plan.steps['basic-details']!;
    const utils = createSchemaUtils(formValidator(), step.schema as RJSFSchema);
    const holder = { buyFor: 'Child' };
    const resolved = utils.retrieveSchema(step.schema as RJSFSchema, {
      policyHolder: holder,
      insuredPerson: {},
    });
    const insuredSchema = utils.retrieveSchema(resolved.properties!.insuredPerson as RJSFSchema, {}) as {
      title?: string;
      properties: Schema;
    };
    expect(insuredSchema.title).toBe('Life insured details');
    expect(insuredSchema.properties.dateOfBirth!.title).toBe("Child's Date of Birth");
    const errors = validateData(
      step.schema,
      { policyHolder: holder, insuredPerson: {} },
      { validator: step.validator },
    ).errors;
    expect(errors).toContainEqual({
      field: 'insuredPerson.gender',
      message: "Child's Gender cannot be empty.",
    });
    const myself = utils.retrieveSchema(step.schema as RJSFSchema, { policyHolder: { buyFor: 'Myself' } });
    expect(myself.properties!.insuredPerson).toBeUndefined();
  });

  it('uses the frequencies, divisors and premium limits of its pricing basis', () => {
    const basis = files['pricing-basis.json'] as
      | {
          premium?: {
            frequencies: { value: string; annualisationDivisor: number; minimumInstalment?: number }[];
          };
        }
      | undefined;
    if (!basis?.premium) return; // the basis is the pricing engineer's, written beside the plan
    const planFrequencies = plan.config.paymentFrequencies.map((f) => [f.value, f.annualisationDivisor]);
    expect(planFrequencies).toEqual(basis.premium.frequencies.map((f) => [f.value, f.annualisationDivisor]));
    for (const frequency of basis.premium.frequencies) {
      if (frequency.minimumInstalment === undefined) continue;
      const configured = plan.config.paymentFrequencies.find((f) => f.value === frequency.value);
      expect(configured?.minimumPremium, frequency.value).toBe(frequency.minimumInstalment);
    }
  });
});

describe('term plans', () => {
  it.each(['T64', 'T76'])('%s: the sum assured limits are the basis limits', (code) => {
    const { plan, files } = load(code);
    const basis = files['pricing-basis.json'] as { sumAssured: { min: number; max: number } } | undefined;
    if (!basis) return;
    const planDetails = (plan.steps['plan-details']!.schema.properties as Schema).planDetails!;
    const sumAssured = (planDetails.properties as Schema).sumAssured!;
    expect([sumAssured.minimumAmount, sumAssured.maximumAmount]).toEqual([
      basis.sumAssured.min,
      basis.sumAssured.max,
    ]);
  });

  it('T64 is the campaign with its own tooltip styling and a proposal page without .html', () => {
    const t64 = load('T64').plan;
    expect(t64.config.campaign).toBe(true);
    expect(t64.config.routes.proposalPage).not.toMatch(/\.html$/);
    expect(load('T76').plan.config.routes.proposalPage).toMatch(/\.html$/);
    expect(load('T76').plan.config.routes.pathBase).toBe(t64.config.routes.pathBase);
  });
});
