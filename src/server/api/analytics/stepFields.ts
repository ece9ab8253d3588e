import type { LoadedPlan, LoadedStep } from '../../../../engine/plan/types.ts';
import { ERROR_KEYS } from '../../../shared/analyticsApi.ts';
import { PROPOSAL_ROOT_STEP } from '../../../shared/stepNames.ts';
import { shapeOf, type Shape } from '../../plans/sectionShape.ts';

/*
 * What a funnel event may name (issue 20, docs/design/analytics.md): one of the plan's own
 * steps, a field its form has, and a validation keyword. Anything else — a mobile, a PAN, a
 * date, a name — is none of these, so it is refused before it is stored.
 */

export { ERROR_KEYS };

const formsOfPlan = new WeakMap<LoadedPlan, Map<string, LoadedStep>>();

/**
 * A plan's forms by the name the browser reports their step under, in journey order: the
 * journey steps as plan.json lists them, then the proposal's by hash route (the page's root
 * route, '', as PROPOSAL_ROOT_STEP).
 */
export function formsByStep(plan: LoadedPlan): Map<string, LoadedStep> {
  let forms = formsOfPlan.get(plan);
  if (!forms) {
    forms = new Map([
      ...Object.entries(plan.steps),
      ...Object.entries(plan.proposal).map(([route, step]) => [route || PROPOSAL_ROOT_STEP, step] as const),
    ]);
    formsOfPlan.set(plan, forms);
  }
  return forms;
}

const shapeOfForm = new WeakMap<LoadedStep, Shape>();

function formShape(step: LoadedStep): Shape {
  let shape = shapeOfForm.get(step);
  if (!shape) {
    const root = step.schema as Record<string, unknown>;
    shape = shapeOf(root, root);
    shapeOfForm.set(step, shape);
  }
  return shape;
}

/** A property name as it appears in a field path joined with '_'. */
const joined = (name: string) => name.replace(/[./]/g, '_');

/** Whether `path` (segments joined with '_', not empty) names a place inside `shape`. */
function inShape(shape: Shape, path: string): boolean {
  if (shape.kind === 'object') {
    for (const [name, inner] of shape.properties) {
      const key = joined(name);
      if (path === key) return true;
      if (path.startsWith(`${key}_`) && inShape(inner, path.slice(key.length + 1))) return true;
    }
    return false;
  }
  if (shape.kind === 'array') {
    // An item by its index, as RJSF ids it (nominees_0_fullName).
    const index = /^\d{1,3}(?=_|$)/.exec(path)?.[0];
    if (index === undefined) return false;
    return path === index || inShape(shape.items, path.slice(index.length + 1));
  }
  // A single value, or an object its schema leaves open: nothing is inside.
  return false;
}

/**
 * The field as it is stored (segments joined with '_': `policyHolder_dateOfBirth`) when the
 * step's form has it — a property its schema names in any branch (nested objects, allOf,
 * anyOf, oneOf, if/then/else, dependencies, $ref into $defs) or an array's item by index;
 * undefined when it does not. '/' and '.' between segments are taken as '_'.
 */
export function fieldOfStep(step: LoadedStep, field: string): string | undefined {
  const path = field.replace(/[./]/g, '_');
  return path && inShape(formShape(step), path) ? path : undefined;
}
