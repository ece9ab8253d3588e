import { holds } from '../../../../engine/plan/conditions.ts';
import type { LoadedPlan, LoadedStep } from '../../../../engine/plan/types.ts';
import { getByPointer } from '../../../../engine/schema/pointer.ts';
import { setAtPointer } from '../../../../engine/state/applicationState.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { editedPlace, stepErrors, stepSaved, stepTitle } from '../../plans/stepData.ts';
import { MESSAGES } from './applicationMessages.ts';
import type { ApplicationState } from './applicationRepository.ts';

/*
 * The proposal's steps (plan.json `proposal.steps`, docs/design/proposal.md) as the server
 * checks them: with the same schemas and validators as the proposal page, on the application's
 * data (the stored state with a save's sections over it), so a rule that reads another part of
 * the application (PAN or Form 60 by the annual premium) holds on the server too.
 */

/** The proposal's steps that apply to an application, in order (a secondary life's documents only for one). */
export function applicableSteps(plan: LoadedPlan, state: ApplicationState): LoadedStep[] {
  return Object.values(plan.proposal).filter((step) => holds(step.definition.when, state));
}

/**
 * The applicable steps a stage's save carries (their edited place is in the patch), checked on
 * the whole application; when it carries none of them, a field error at each place the stage's
 * applicable steps edit ('Please complete Nominee details.').
 */
export function stageErrors(
  plan: LoadedPlan,
  stage: string,
  patch: ApplicationState,
  state: ApplicationState,
): FieldError[] {
  const ofStage = applicableSteps(plan, state).filter((step) => step.definition.submit?.stage === stage);
  const carried = ofStage.filter((step) => stepSaved(step, patch));
  if (carried.length) return carried.flatMap((step) => stepErrors(step, state));
  return ofStage.map((step) => ({
    field: editedPlace(step).replace(/^\//, '').split('/').join('.'),
    message: MESSAGES.stepIncomplete.replace('{step}', stepTitle(step)),
  }));
}

/**
 * The patch without what the stage's steps that do not apply would save (a secondary life's
 * documents on an application bought for oneself): a stage stores only what its steps check.
 */
export function withoutInapplicable(
  plan: LoadedPlan,
  stage: string,
  patch: ApplicationState,
  state: ApplicationState,
): ApplicationState {
  let kept = patch;
  for (const step of Object.values(plan.proposal)) {
    if (step.definition.submit?.stage !== stage || holds(step.definition.when, state)) continue;
    const place = editedPlace(step);
    if (getByPointer(kept, place) !== undefined) kept = setAtPointer(kept, place, undefined);
  }
  return kept;
}
