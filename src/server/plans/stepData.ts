import type { LoadedStep } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import type { FieldError } from '../lib/httpErrorBody.ts';

/*
 * A step's data as the application holds it, checked on the server with the step's own schema
 * and validator: whether it is there, and its field errors named by their place in the
 * application. The proposal's submission and a payment's start check the steps before them so.
 */

type State = Record<string, unknown>;

/** The step's name as the visitor reads it (engine/plan/formTitle.ts). */
export { formTitle as stepTitle } from '../../../engine/plan/formTitle.ts';

/** The place a step edits: its first binding (the others are read alongside, as the annual premium). */
export function editedPlace(step: LoadedStep): string {
  return Object.values(step.definition.bind)[0]!;
}

/** Whether the application holds what the step edits. */
export function stepSaved(step: LoadedStep, state: State): boolean {
  const value = getByPointer(state, editedPlace(step));
  return value !== undefined && value !== null && !(typeof value === 'object' && !Object.keys(value).length);
}

/** The field errors of a step's data in the application, named by their path in it ('bankDetails.primary.ifsc'). */
export function stepErrors(step: LoadedStep, state: State): FieldError[] {
  const { bind } = step.definition;
  const data = Object.fromEntries(
    Object.entries(bind).map(([field, pointer]) => [field, getByPointer(state, pointer)]),
  );
  return validateData(step.schema, data, { uiSchema: step.uiSchema, validator: step.validator }).errors.map(
    (error) => {
      const [field, ...rest] = error.field.split('.');
      const pointer = bind[field ?? ''];
      const base = pointer ? pointer.replace(/^\//, '').split('/') : [field ?? ''];
      return { field: [...base, ...rest].join('.'), message: error.message };
    },
  );
}
