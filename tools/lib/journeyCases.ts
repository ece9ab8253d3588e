import type { LoadedPlan, LoadedStep, PlanFiles } from '../../engine/plan/types.ts';
import { holds } from '../../engine/plan/conditions.ts';
import { resolveFixtureData } from './fixtureDates.ts';
import { pointerSegment } from './problem.ts';

/*
 * The visitor a plan's fixtures describe: each step's "journey" case, typed in plan.json's
 * order (and a popup's whose `when` then holds, a joint life), and the application they make.
 * plans:validate prices it (journeyQuoteChecks.ts, entryAgeQuoteChecks.ts) and names the case's
 * field a refusal is about.
 */

const JOURNEY_CASE = 'journey';

interface FixtureFile {
  cases?: Array<{ name?: string; data?: Record<string, unknown> }>;
}

export interface Typed {
  form: LoadedStep;
  /** The fixture file (plan-relative) and the journey case's index in it. */
  fixtures: string;
  index: number;
  data: Record<string, unknown>;
}

/** The journey case of a form: its file, index and data (dates resolved); undefined without one. */
export function journeyOf(form: LoadedStep, files: PlanFiles, today: Date): Typed | undefined {
  const path = form.definition.fixtures;
  const cases = path ? (files[path] as FixtureFile | undefined)?.cases : undefined;
  const index = cases?.findIndex((c) => c.name === JOURNEY_CASE) ?? -1;
  if (!path || !cases || index < 0) return undefined;
  return { form, fixtures: path, index, data: resolveFixtureData(cases[index]!.data ?? {}, today) };
}

/** The application the typed cases make, each form's fields written where it binds them. */
export function applicationOf(typed: Typed[]): Record<string, unknown> {
  const state: Record<string, unknown> = {
    basicDetails: { policyHolder: {}, insuredPerson: {} },
    planDetails: {},
  };
  for (const { form, data } of typed) {
    for (const [field, pointer] of Object.entries(form.definition.bind)) {
      const value = data[field];
      if (value === undefined) continue;
      const segments = pointer.replace(/^\//, '').split('/');
      let target = state;
      for (const segment of segments.slice(0, -1)) {
        target[segment] ??= {};
        target = target[segment] as Record<string, unknown>;
      }
      const last = segments.at(-1)!;
      const before = target[last];
      target[last] =
        before && typeof before === 'object' && value && typeof value === 'object'
          ? { ...(before as object), ...(value as object) }
          : value;
    }
  }
  return state;
}

/** The journey case field a place of the application was typed in: its fixture file and pointer. */
export function typedAt(
  pointer: string | undefined,
  typed: Typed[],
): { file: string; where: string } | undefined {
  if (!pointer) return undefined;
  for (const entry of [...typed].reverse()) {
    for (const [field, bound] of Object.entries(entry.form.definition.bind)) {
      if (pointer !== bound && !pointer.startsWith(`${bound}/`)) continue;
      const rest = pointer.slice(bound.length);
      const value = rest
        .split('/')
        .filter(Boolean)
        .reduce<unknown>((node, s) => (node as Record<string, unknown> | undefined)?.[s], entry.data[field]);
      if (value === undefined) continue;
      return { file: entry.fixtures, where: `/cases/${entry.index}/data/${pointerSegment(field)}${rest}` };
    }
  }
  return undefined;
}

/** The journey cases of the plan's steps, in plan.json's order; undefined when a step has none. */
export function journeySteps(plan: LoadedPlan, files: PlanFiles, today: Date): Typed[] | undefined {
  const typed: Typed[] = [];
  for (const id of Object.keys(plan.config.steps)) {
    const journey = plan.steps[id] ? journeyOf(plan.steps[id]!, files, today) : undefined;
    // Without every step's journey case the fixtures do not describe a visitor to price.
    if (!journey) return undefined;
    typed.push(journey);
  }
  return typed;
}

/** The steps' cases and, after them, each popup's journey case whose `when` holds on what they make (a joint life). */
export function withPopups(typed: Typed[], plan: LoadedPlan, files: PlanFiles, today: Date): Typed[] {
  const state = applicationOf(typed);
  const all = [...typed];
  for (const popup of Object.values(plan.popups)) {
    if (!popup.definition.when || !holds(popup.definition.when, state as never)) continue;
    const journey = journeyOf(popup, files, today);
    if (journey) all.push(journey);
  }
  return all;
}
