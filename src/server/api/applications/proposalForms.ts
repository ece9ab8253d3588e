import { holds } from '../../../../engine/plan/conditions.ts';
import type { LoadedPlan, LoadedStep } from '../../../../engine/plan/types.ts';
import type { FieldError } from '../../lib/httpErrorBody.ts';
import { stepErrors, stepSaved } from '../../plans/stepData.ts';
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
 * the whole application; undefined when it carries none of them (nothing to save).
 */
export function stageErrors(
  plan: LoadedPlan,
  stage: string,
  patch: ApplicationState,
  state: ApplicationState,
): FieldError[] | undefined {
  const carried = applicableSteps(plan, state).filter(
    (step) => step.definition.submit?.stage === stage && stepSaved(step, patch),
  );
  return carried.length ? carried.flatMap((step) => stepErrors(step, state)) : undefined;
}

/** The stages of a plan's proposal steps. */
export function proposalStagesOf(plan: LoadedPlan): Set<string> {
  return new Set(
    Object.values(plan.proposal).flatMap((step) =>
      step.definition.submit?.stage ? [step.definition.submit.stage] : [],
    ),
  );
}
