import { StepFailure, type StepContext, type StepSubmitOutcome } from '../../../engine/plan/adapter.ts';
import type { JourneyServices } from '../JourneyServices.ts';
import { startPayment } from '../payment/paymentCalls.ts';
import { NEXT_STEP_NOT_LOADED } from '../messages.ts';
import { createApplication } from './createApplication.ts';
import { saveStage } from './saveStage.ts';
import { sectionOfStage, sectionsAlsoSavedBy } from './stages.ts';
import type { StepSubmit } from '../../../engine/plan/types.ts';

/** The sections of the application a stage save sends and then writes back with the answer. */
export function sectionsSavedBy(submit: StepSubmit): string[] {
  if (submit.type !== 'saveStage' || !submit.stage) return [];
  return [sectionOfStage(submit.stage), ...sectionsAlsoSavedBy(submit.stage)];
}

/** Runs what plan.json declares a step's submit does (`steps.<id>.submit`). */
export async function submitStep(
  context: StepContext,
  services: JourneyServices,
): Promise<StepSubmitOutcome> {
  const submit = context.plan.steps[context.stepId]?.definition.submit;
  if (!submit) return undefined;
  // What a submit checks of the later steps (planFit) needs their validators, which a phone
  // loads after the first step is on screen: there by now, unless the connection dropped.
  await context.plan.loadForms().catch(() => {
    throw new StepFailure(NEXT_STEP_NOT_LOADED);
  });
  switch (submit.type) {
    case 'createApplication': {
      const notice = await createApplication(context, services, submit.report);
      return notice ? { notice } : undefined;
    }
    case 'saveStage':
      await saveStage(context, services, submit);
      return undefined;
    case 'startPayment':
      return startPayment(context, services.api);
  }
}
