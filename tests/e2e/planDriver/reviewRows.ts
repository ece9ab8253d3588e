import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import { formatValue, type OptionsSource, type ValueFormat } from '../../../src/journey/formatValue.ts';
import type { Fields } from './planCases.ts';

/*
 * What the review screen must show of what the visitor typed: for every section and row
 * the plan's review panel declares (plan.json panels[type=review].params.sections) whose
 * value the visitor typed on an earlier step, the label and the value as the row's format
 * shows it. Rows of values the visitor did not type (defaults, quote figures) are left out.
 */

interface Row {
  label: string;
  pointer: string;
  format?: ValueFormat;
  options?: OptionsSource;
  when?: Parameters<typeof holds>[0];
}
interface Section {
  title: string;
  when?: Parameters<typeof holds>[0];
  rows: Row[];
}

export interface ExpectedRow {
  section: string;
  label: string;
  text: string;
}

/** The application as the visitor's typing made it: each step's data at the places the step binds. */
export function typedState(plan: LoadedPlan, typed: Record<string, Fields>): Fields {
  const state: Fields = {};
  for (const [stepId, data] of Object.entries(typed)) {
    const form = plan.steps[stepId] ?? plan.popups[stepId];
    for (const [field, pointer] of Object.entries(form?.definition.bind ?? {})) {
      if (data[field] === undefined) continue;
      const parts = pointer.replace(/^\//, '').split('/');
      let target = state;
      for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Fields;
      const last = parts[parts.length - 1]!;
      const value = data[field];
      target[last] =
        value && typeof value === 'object' && !Array.isArray(value)
          ? { ...(target[last] as Fields | undefined), ...(value as Fields) }
          : value;
    }
  }
  return state;
}

export function expectedReviewRows(plan: LoadedPlan, stepId: string, state: Fields): ExpectedRow[] {
  const panel = plan.config.steps[stepId]?.panels?.find((p) => p.type === 'review');
  const sections = (panel?.params?.sections ?? []) as Section[];
  return sections
    .filter((section) => holds(section.when, state))
    .flatMap((section) =>
      section.rows
        .filter((row) => holds(row.when, state) && getByPointer(state, row.pointer) !== undefined)
        .map((row) => ({
          section: section.title,
          label: row.label,
          text: formatValue(getByPointer(state, row.pointer), row.format, {
            plan,
            options: row.options,
            countryCode: getByPointer(state, row.pointer.replace(/[^/]+$/, 'countryCode')) ?? '91',
          }),
        })),
    );
}
