import application from '../../../schemas/common/application.schema.json' with { type: 'json' };
import { holds } from '../../../engine/plan/conditions.ts';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { setAtPointer, type ApplicationState } from '../../../engine/state/applicationState.ts';
import { validateData } from '../../../engine/validation/validateData.ts';

/** The application's sections (schemas/common/application.schema.json): what is saved, so chosen. */
const SECTIONS = new Set(Object.keys(application.properties));

/** Whether a step edits saved sections of the application (not a review's terms tick). */
function holdsApplicationData(step: LoadedStep): boolean {
  const [first] = Object.values(step.definition.bind);
  return first !== undefined && SECTIONS.has(first.split('/')[1] ?? '');
}

function filled(value: unknown): boolean {
  return value !== undefined && !(value && typeof value === 'object' && Object.keys(value).length === 0);
}

/** A message without its full stop, to sit inside a sentence. */
const sentence = (message: string) => message.replace(/\.$/, '');

function boundData(step: LoadedStep, application: unknown) {
  return Object.fromEntries(
    Object.entries(step.definition.bind).map(([field, pointer]) => [
      field,
      getByPointer(application, pointer),
    ]),
  );
}

function titleOf(step: LoadedStep, fieldPath: string): string {
  let node = step.schema as { title?: string; properties?: Record<string, unknown> } | undefined;
  for (const key of fieldPath.split('.')) node = node?.properties?.[key] as typeof node;
  return node?.title ?? fieldPath.split('.').pop() ?? fieldPath;
}

/**
 * After the visitor changed their basic details on an existing application: every choice of
 * the later steps that still fits is kept; one that no longer fits is removed (the step
 * offers its default again) and named, so the visitor can be told what had to change. A
 * popup's data (a joint life: the place of its first binding) goes whole when any of it no
 * longer fits, checked only while the popup's `when` holds. Pure: the caller keeps the
 * answer once the server has accepted the edit.
 */
export function choicesThatFit(
  plan: LoadedPlan,
  application: ApplicationState,
  editedStep: string,
): { state: ApplicationState; changed: string[] } {
  const changed: string[] = [];
  let state = application;
  const editedBind = Object.values(plan.steps[editedStep]?.definition.bind ?? {});
  for (const step of Object.values(plan.steps)) {
    if (step.id === editedStep || !holdsApplicationData(step)) continue;
    const own = Object.values(step.definition.bind).filter((pointer) => !editedBind.includes(pointer));
    if (!own.some((pointer) => filled(getByPointer(state, pointer)))) continue;
    for (const error of validateData(step.schema, boundData(step, state), {
      uiSchema: step.uiSchema,
      validator: step.validator,
    }).errors) {
      const [field, ...rest] = error.field.split('.');
      const pointer = step.definition.bind[field ?? ''];
      if (!pointer || rest.length === 0 || editedBind.includes(pointer)) continue;
      const path = `${pointer}/${rest.join('/')}`;
      if (getByPointer(state, path) === undefined) continue;
      state = setAtPointer(state, path, undefined);
      changed.push(`${titleOf(step, error.field)}: ${sentence(error.message)}`);
    }
  }
  for (const popup of Object.values(plan.popups)) {
    const [place] = Object.values(popup.definition.bind);
    // An unbound popup (a lookup) holds no choice; one whose data is not in use is not checked.
    if (!place || !filled(getByPointer(state, place)) || !holds(popup.definition.when, state)) continue;
    const { errors } = validateData(popup.schema, boundData(popup, state), {
      uiSchema: popup.uiSchema,
      validator: popup.validator,
    });
    if (errors.length === 0) continue;
    state = setAtPointer(state, place, {});
    changed.push(
      `${popup.definition.title ?? popup.schema.title ?? popup.id}: ${sentence(errors[0]!.message)}`,
    );
  }
  return { state, changed };
}
