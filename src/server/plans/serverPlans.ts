import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import type { FieldError } from '../lib/httpErrorBody.ts';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../../plans/nodePlanSource.ts';

/**
 * The plans as the server sees them: the same files, bundled schemas and validator the
 * browser uses. Loaded once per process.
 */
let cache: Map<string, LoadedPlan> | undefined;

export function serverPlans(): Map<string, LoadedPlan> {
  if (!cache) {
    const common = commonDocuments(readCommonDocuments());
    cache = new Map(
      listPlanCodes().map(
        (code) =>
          [code, buildPlan(readPlanFiles(code), common, compilingValidators, { proposal: true })] as const,
      ),
    );
  }
  return cache;
}

export function planFor(productId: string): LoadedPlan | undefined {
  return serverPlans().get(productId);
}

/** A step or popup of a plan with its bound places, their pointers split once. */
interface BoundForm {
  step: LoadedPlan['steps'][string];
  popup: boolean;
  /** undefined: the pointer is the root. */
  bind: { field: string; segments: string[] | undefined }[];
}

const boundForms = new WeakMap<LoadedPlan, BoundForm[]>();

/** The segments of a JSON Pointer, as getByPointer reads them. */
function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What getByPointer reads, from segments split once (a pointer of '' or '/' is the root). */
function valueAt(root: unknown, segments: string[] | undefined): unknown {
  if (!segments) return root;
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Every step, then every popup, of a plan with its bindings: worked out once per plan, not per request. */
function formsOf(plan: LoadedPlan): BoundForm[] {
  let forms = boundForms.get(plan);
  if (!forms) {
    forms = [
      ...Object.values(plan.steps).map((step) => ({ step, popup: false })),
      ...Object.values(plan.popups).map((step) => ({ step, popup: true })),
    ].map(({ step, popup }) => ({
      step,
      popup,
      bind: Object.entries(step.definition.bind).map(([field, pointer]) => ({
        field,
        segments: pointer === '' || pointer === '/' ? undefined : pointerSegments(pointer),
      })),
    }));
    boundForms.set(plan, forms);
  }
  return forms;
}

/**
 * Validates what a request carries of the application state against every step of the
 * plan whose bound places it contains (a step binding `policyHolder` to
 * `/basicDetails/policyHolder` checks `body.basicDetails.policyHolder`). Field paths in
 * the errors are paths in the request body, with the step's own messages.
 */
export function validateAgainstPlan(plan: LoadedPlan, state: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const filled = (value: unknown) =>
    value !== undefined && !(value && typeof value === 'object' && Object.keys(value).length === 0);
  // A step is checked when the body carries the place of its first binding, the place it
  // edits (basic details: the holder, with the insured only when buying for someone else;
  // make-payment: the pay mode, not the premium it shows); a popup's form (optional, like a
  // joint life) only when every place it binds holds data.
  for (const { step, popup, bind } of formsOf(plan)) {
    // An unbound popup (a resume lookup) edits no place of the application.
    if (bind.length === 0) continue;
    const places = bind.map(({ segments }) => valueAt(state, segments));
    if (popup ? !places.every(filled) : places[0] === undefined) continue;
    if (popup && !holds(step.definition.when, state)) continue;
    const data = Object.fromEntries(bind.map(({ field }, index) => [field, places[index]]));
    for (const error of validateData(step.schema, data, {
      uiSchema: step.uiSchema,
      validator: step.validator,
    }).errors) {
      const [field, ...rest] = error.field.split('.');
      const pointer = step.definition.bind[field ?? ''];
      const base = pointer ? pointer.replace(/^\//, '').split('/') : [field ?? ''];
      errors.push({ field: [...base, ...rest].join('.'), message: error.message });
    }
  }
  // Two forms may bind the same place (a step and the popup that edits it): report each error once.
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.field}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
