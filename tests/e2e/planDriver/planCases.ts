import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import {
  DEFAULT_SCHEMAS_ROOT,
  listPlanCodes,
  readCommonDocuments,
  readPlanFiles,
} from '../../../src/plans/nodePlanSource.ts';
import { resolveFixtureData } from '../../../tools/lib/fixtureDates.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';

/*
 * The plans a generic test walks, read the way the server and plans:validate read them
 * (every folder under schemas/plans, no plan named here), and each step's fixture cases:
 * the "journey" case a visitor types on that step, and the "onScreen" cases typed before it
 * to see their messages, dates resolved against today.
 */

export type Fields = Record<string, unknown>;

/** The name every step's fixture file gives the valid case a visitor types in the browser. */
export const JOURNEY_CASE = 'journey';

/** One case of a step's fixture file (schemas/fixtures.schema.json), dates resolved. */
export interface FixtureCase {
  name: string;
  data: Fields;
  /** Dotted field path -> the exact message; {} means valid. */
  errors: Record<string, string>;
  /** Typed on the step before the journey case, its messages checked on screen. */
  onScreen?: boolean;
  /** Texts the page shows once the case is typed (the journey case's: with the quote's breakup open). */
  shows?: string[];
  /** Rows the quote's breakup shows once the journey case is typed: label, figure, note. */
  breakup?: { label: string; value: string; note?: string }[];
}

interface FixtureFile {
  cases: FixtureCase[];
}

/**
 * Every plan folder under a schemas root (or those of `codes`, in that order), loaded and
 * bundled as the server loads it; with `proposal`, its proposal's steps too (plan.json
 * proposal.steps, as LoadedPlan.proposal).
 */
export function loadPlans(
  root = DEFAULT_SCHEMAS_ROOT,
  { proposal = false, codes }: { proposal?: boolean; codes?: readonly string[] } = {},
): LoadedPlan[] {
  const common = commonDocuments(readCommonDocuments(root));
  return (codes ?? listPlanCodes(root)).map((code) =>
    buildPlan(readPlanFiles(code, root), common, compilingValidators, { proposal }),
  );
}

/** The steps of a plan in the order plan.json declares them (the journey's order). */
export function journeySteps(plan: LoadedPlan): LoadedStep[] {
  return Object.keys(plan.config.steps).map((id) => plan.steps[id]!);
}

/** Every case of a step's (or popup's) fixture file in file order, dates resolved; [] without one. */
export function fixtureCases(
  plan: LoadedPlan,
  form: LoadedStep,
  root = DEFAULT_SCHEMAS_ROOT,
  today = new Date(),
): FixtureCase[] {
  const path = form.definition.fixtures;
  if (!path) return [];
  const fixtures = readPlanFiles(plan.config.productId, root)[path] as FixtureFile | undefined;
  return (fixtures?.cases ?? []).map((c) => ({ ...c, data: resolveFixtureData(c.data, today) }));
}

/** The "journey" case of a step's (or popup's) fixture file; undefined when there is none. */
export function journeyCase(
  plan: LoadedPlan,
  form: LoadedStep,
  root = DEFAULT_SCHEMAS_ROOT,
  today = new Date(),
): FixtureCase | undefined {
  return fixtureCases(plan, form, root, today).find((c) => c.name === JOURNEY_CASE);
}

/**
 * The "journey" case's data, dates resolved; undefined when the form declares no fixtures or
 * its file has no such case.
 */
export function journeyData(
  plan: LoadedPlan,
  form: LoadedStep,
  root = DEFAULT_SCHEMAS_ROOT,
  today = new Date(),
): Fields | undefined {
  return journeyCase(plan, form, root, today)?.data;
}

/** The cases a visitor types on the step before its journey case (`"onScreen": true`), in file order. */
export function onScreenCases(
  plan: LoadedPlan,
  form: LoadedStep,
  root = DEFAULT_SCHEMAS_ROOT,
): FixtureCase[] {
  return fixtureCases(plan, form, root).filter((c) => c.onScreen === true);
}

/** The heading a step's form shows: its title in plan.json, else its schema's title. */
export function stepTitle(form: LoadedStep): string {
  return String(form.definition.title ?? form.schema.title ?? '');
}

/** A plan's journey page: the path base and slug (src/app/planRegistry.ts journeyBase). */
export function journeyPath(plan: LoadedPlan): string {
  return `${plan.config.routes.pathBase}${plan.config.routes.slug}/`;
}

/** Where a step lives: the base's hash (`#/plan-details`) or a path below the base. */
export function stepAddress(plan: LoadedPlan, stepId: string): { pathname: string; hash: string } {
  return plan.config.routes.mode === 'hash'
    ? { pathname: journeyPath(plan), hash: `#/${stepId}` }
    : { pathname: `${journeyPath(plan)}${stepId}`, hash: '' };
}
