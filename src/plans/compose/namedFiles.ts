import type { PlanConfig, StepDefinition } from '../../../engine/plan/types.ts';
import { escapePointer } from './jsonPointer.ts';

/** What plan.json names of a step or popup: its schema, uiSchema and fixtures. */
const FORM_FILES = ['schema', 'uiSchema', 'fixtures'] as const;

/** The places of plan.json that declare forms, by pointer: its steps, popups and the proposal's steps. */
function formGroups(plan: PlanConfig): [string, Record<string, StepDefinition>][] {
  return [
    ['/steps', plan.steps ?? {}],
    ['/popups', plan.popups ?? {}],
    ['/proposal/steps', plan.proposal?.steps ?? {}],
  ];
}

/** The files a plan names in plan.json: its forms' (steps, popups, proposal steps), fixtures, machine, content. */
export function namedFiles(plan: PlanConfig): string[] {
  const forms = formGroups(plan).flatMap(([, group]) => Object.values(group));
  return [...forms.flatMap((form) => FORM_FILES.map((key) => form[key])), plan.machine, plan.content].filter(
    (path): path is string => typeof path === 'string',
  );
}

/** Where plan.json names a file (`/steps/<id>/schema`, `/popups/<id>/uiSchema`, `/proposal/steps/<id>/schema`, `/machine`), or '' when it does not. */
export function whereNamed(plan: PlanConfig, path: string): string {
  for (const [where, group] of formGroups(plan)) {
    for (const [id, form] of Object.entries(group)) {
      const key = FORM_FILES.find((name) => form[name] === path);
      if (key) return `${where}/${escapePointer(id)}/${key}`;
    }
  }
  if (plan.machine === path) return '/machine';
  if (plan.content === path) return '/content';
  return '';
}
