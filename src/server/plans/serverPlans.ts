import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { holds } from '../../../engine/plan/conditions.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
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
        (code) => [code, buildPlan(readPlanFiles(code), common, compilingValidators)] as const,
      ),
    );
  }
  return cache;
}

export function planFor(productId: string): LoadedPlan | undefined {
  return serverPlans().get(productId);
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
  const forms = [
    ...Object.values(plan.steps).map((step) => ({ step, popup: false })),
    ...Object.values(plan.popups).map((step) => ({ step, popup: true })),
  ];
  for (const { step, popup } of forms) {
    const bind = Object.entries(step.definition.bind);
    // An unbound popup (a resume lookup) edits no place of the application.
    if (bind.length === 0) continue;
    const places = bind.map(([, pointer]) => getByPointer(state, pointer));
    if (popup ? !places.every(filled) : places[0] === undefined) continue;
    if (popup && !holds(step.definition.when, state)) continue;
    const data = Object.fromEntries(bind.map(([field, pointer]) => [field, getByPointer(state, pointer)]));
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
