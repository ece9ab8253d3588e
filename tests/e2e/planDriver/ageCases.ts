import type { AgeLimit, LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import { DEFAULT_SCHEMAS_ROOT, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { resolveFixtureData, resolveFixtureDate } from '../../../tools/lib/fixtureDates.ts';
import { journeyData, type Fields } from './planCases.ts';
import { fieldSchemas } from './schemaFields.ts';

/*
 * The age table of spec 01 §5 (spec 02 for T54) as plan.json states it once
 * (`ageLimits`), turned into dates of birth below, at and above each bound, for the
 * proposer and — when the plan's basic details ask for an insured person — the insured,
 * with the message the basic-details form gives for that person's age rule.
 */

/** 'self': a proposer buying for themselves, the life insured too (both ranges apply). */
export type AgePerson = 'proposer' | 'insured' | 'self';

export interface AgeCase {
  person: AgePerson;
  /** What the case is, in words: 'exactly 18 today (the minimum)'. */
  name: string;
  /** The fixture token of the date of birth ({{today-18y+1d}}) and the date it is today. */
  token: string;
  dateOfBirth: string;
  valid: boolean;
}

export interface AgeTable {
  person: AgePerson;
  /** Form data the cases vary the date of birth of: valid as it is. */
  base: Fields;
  /** Form field that holds the date of birth ('policyHolder' or 'insuredPerson'). */
  field: 'policyHolder' | 'insuredPerson';
  /** The message of this person's age rule in the basic-details schema. */
  message: string | undefined;
  cases: AgeCase[];
}

const FIELD: Record<AgePerson, AgeTable['field']> = {
  proposer: 'policyHolder',
  insured: 'insuredPerson',
  self: 'policyHolder',
};

/** Dates of birth around each bound; the invalid ones first, so a form's first check fails. */
export function ageCases(person: AgePerson, limit: AgeLimit, today = new Date()): AgeCase[] {
  const cases: Array<Omit<AgeCase, 'person' | 'dateOfBirth'>> = [
    {
      name: `one day short of ${limit.min} (below the minimum)`,
      token: `{{today-${limit.min}y+1d}}`,
      valid: false,
    },
  ];
  if (limit.max !== undefined) {
    cases.push({
      name: `${limit.max + 1} today (above the maximum)`,
      token: `{{today-${limit.max + 1}y}}`,
      valid: false,
    });
  }
  if (limit.minDays !== undefined) {
    cases.push({
      name: `${limit.minDays - 1} days old (below the minimum of ${limit.minDays} days)`,
      token: `{{today-${limit.minDays - 1}d}}`,
      valid: false,
    });
    if (limit.min === 0) {
      cases.push({
        name: `${limit.minDays} days old (the minimum)`,
        token: `{{today-${limit.minDays}d}}`,
        valid: true,
      });
    }
  }
  // With a minimum in days and none in years, a life born today is below it (the case above).
  if (!(limit.minDays !== undefined && limit.min === 0)) {
    cases.push({
      name: `exactly ${limit.min} today (the minimum)`,
      token: `{{today-${limit.min}y}}`,
      valid: true,
    });
  }
  if (limit.max !== undefined) {
    cases.push(
      { name: `exactly ${limit.max} today`, token: `{{today-${limit.max}y}}`, valid: true },
      {
        name: `${limit.max}, the day before turning ${limit.max + 1} (the maximum)`,
        token: `{{today-${limit.max + 1}y+1d}}`,
        valid: true,
      },
    );
  }
  return cases.map((c) => ({ ...c, person, dateOfBirth: resolveFixtureDate(c.token, today)! }));
}

/** The ages two limits both allow. */
function overlap(a: AgeLimit, b: AgeLimit): AgeLimit {
  const max = a.max === undefined ? b.max : b.max === undefined ? a.max : Math.min(a.max, b.max);
  return { min: Math.max(a.min, b.min), ...(max !== undefined ? { max } : {}) };
}

/** The message of the age rule whose range is exactly the plan's limit for this person. */
function ageMessage(form: LoadedStep, field: string, limit: AgeLimit): string | undefined {
  const nodes = fieldSchemas(form.schema as Record<string, unknown>, [field, 'dateOfBirth']);
  for (const node of nodes) {
    const range = node.ageRange as Partial<AgeLimit> | undefined;
    if (!range || range.min !== limit.min || range.max !== limit.max) continue;
    const message = node.errorMessage;
    if (typeof message === 'string') return message;
    const own = (message as Record<string, unknown> | undefined)?.ageRange;
    if (typeof own === 'string') return own;
  }
  return undefined;
}

/**
 * A valid basic-details case that asks for the insured person (a family member bought for,
 * an organisation's annuitant): the first case of the step's fixtures with no errors and an
 * insured date of birth. None: the plan's basic details never ask for an insured.
 */
function insuredBase(plan: LoadedPlan, form: LoadedStep, root: string, today: Date): Fields | undefined {
  const file = readPlanFiles(plan.config.productId, root)[form.definition.fixtures ?? ''] as
    { cases: Array<{ data: Fields; errors: Record<string, string> }> } | undefined;
  const found = file?.cases.find(
    (c) =>
      Object.keys(c.errors).length === 0 &&
      typeof (c.data.insuredPerson as Fields | undefined)?.dateOfBirth === 'string',
  );
  return found ? resolveFixtureData(found.data, today) : undefined;
}

/** The first step that creates the application: where a visitor's (and insured's) ages are asked. */
export function basicDetailsStep(plan: LoadedPlan): LoadedStep {
  const id = Object.keys(plan.config.steps).find(
    (key) => plan.config.steps[key]!.submit?.type === 'createApplication',
  );
  if (!id) throw new Error(`${plan.config.productId}: no step creates the application`);
  return plan.steps[id]!;
}

/** The age tables of one plan: the proposer's, and the insured's when basic details ask for one. */
export function ageTables(plan: LoadedPlan, root = DEFAULT_SCHEMAS_ROOT, today = new Date()): AgeTable[] {
  const form = basicDetailsStep(plan);
  const limits = plan.config.ageLimits;
  const tables: AgeTable[] = [];
  const journey = journeyData(plan, form, root, today);
  if (!journey) throw new Error(`${plan.config.productId}: basic details have no "journey" fixture case`);
  const withInsured = insuredBase(plan, form, root, today);
  // The proposer's own range is checked buying for someone else (an individual's family
  // member) where the form allows it: buying for themselves, the insured's range applies too.
  const holderOf = (data: Fields | undefined) => (data?.policyHolder ?? {}) as Fields;
  const forOther =
    withInsured && (holderOf(withInsured).proposalType ?? 'Individual') === 'Individual'
      ? withInsured
      : undefined;
  tables.push({
    person: 'proposer',
    base: forOther ?? journey,
    field: FIELD.proposer,
    message: ageMessage(form, FIELD.proposer, limits.proposer),
    cases: ageCases('proposer', limits.proposer, today),
  });
  const both = overlap(limits.proposer, limits.insured);
  if (forOther && (both.min !== limits.proposer.min || both.max !== limits.proposer.max)) {
    tables.push({
      person: 'self',
      base: journey,
      field: FIELD.self,
      message: ageMessage(form, FIELD.self, both),
      cases: ageCases('self', both, today),
    });
  }
  if (withInsured) {
    tables.push({
      person: 'insured',
      base: withInsured,
      field: FIELD.insured,
      message: ageMessage(form, FIELD.insured, limits.insured),
      cases: ageCases('insured', limits.insured, today),
    });
  }
  return tables;
}

/** The base data with one person's date of birth replaced. */
export function withDateOfBirth(table: AgeTable, dateOfBirth: string): Fields {
  const person = (table.base[table.field] ?? {}) as Fields;
  return { ...table.base, [table.field]: { ...person, dateOfBirth } };
}
