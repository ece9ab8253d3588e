import type { PlanConfig } from '../../../engine/plan/types.ts';
import { escapePointer } from './jsonPointer.ts';

/** What plan.json names of a step or popup: its schema, uiSchema and fixtures. */
const FORM_FILES = ['schema', 'uiSchema', 'fixtures'] as const;

/** The files a plan names in plan.json: its forms' (steps and popups), fixtures, machine, content. */
export function namedFiles(plan: PlanConfig): string[] {
  const forms = [...Object.values(plan.steps ?? {}), ...Object.values(plan.popups ?? {})];
  return [...forms.flatMap((form) => FORM_FILES.map((key) => form[key])), plan.machine, plan.content].filter(
    (path): path is string => typeof path === 'string',
  );
}

/** Where plan.json names a file (`/steps/<id>/schema`, `/popups/<id>/uiSchema`, `/machine`), or '' when it does not. */
export function whereNamed(plan: PlanConfig, path: string): string {
  for (const kind of ['steps', 'popups'] as const) {
    for (const [id, form] of Object.entries(plan[kind] ?? {})) {
      const key = FORM_FILES.find((name) => form[name] === path);
      if (key) return `/${kind}/${escapePointer(id)}/${key}`;
    }
  }
  if (plan.machine === path) return '/machine';
  if (plan.content === path) return '/content';
  return '';
}
