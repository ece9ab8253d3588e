import { createElement, type ComponentType } from 'react';
import { StepFailure, type PlanAdapter, type StepPanelProps } from '../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import type { JourneyServices } from './JourneyServices.ts';
import { createLookups } from './lookups.ts';
import { keptApplications } from './previousQuotes.ts';
import { StepPanels } from './StepPanels.tsx';
import { loadQuoteCalls, loadSubmit, quoteCalls, quoteRequest, submitCode } from './laterParts.ts';
import { NEXT_STEP_NOT_LOADED } from './messages.ts';

/**
 * Whether the stored quote is for what the application holds now; false while the code that
 * tells is loading (it comes with a step that shows a quote: stepNeeds).
 */
function quoteFresh(plan: LoadedPlan, state: ApplicationState): boolean {
  const quoteInputsKey = quoteRequest()?.quoteInputsKey;
  const details = state.planDetails as Record<string, unknown>;
  return !!quoteInputsKey && details.quotedFor === quoteInputsKey(state, plan.config);
}

/** The stored quote's headline when the quote is for what the application holds now. */
function freshHeadline(plan: LoadedPlan, state: ApplicationState): string | undefined {
  const details = state.planDetails as Record<string, unknown>;
  const headline = (details.response as { headline?: string } | undefined)?.headline;
  return headline && quoteFresh(plan, state) ? headline : undefined;
}

/** A step's submit label once the quote is for what is on screen: 'Next · Get ₹ 1,71,746 a year'. */
function labelWithQuote(plan: LoadedPlan, stepId: string, state: ApplicationState): string | undefined {
  const template = plan.steps[stepId]?.definition.submitLabelWithQuote;
  if (!template) return undefined;
  const headline = freshHeadline(plan, state);
  return headline === undefined ? undefined : template.replace('{headline}', headline);
}

/**
 * A stage save moves the journey on at once when nothing in it can change the next step: no
 * quote to ask first (the one stored is for what is on screen), no plan submit after it, and
 * the next step writes none of the sections the save sends and writes back with its answer.
 * Creating the application (the next step needs its number) and payment (it leaves) wait.
 */
function savesBehind(
  plan: LoadedPlan,
  stepId: string,
  nextStepId: string,
  state: ApplicationState,
  extra: PlanAdapter,
): boolean {
  const submit = plan.steps[stepId]?.definition.submit;
  const next = plan.steps[nextStepId];
  const code = submitCode();
  if (submit?.type !== 'saveStage' || extra.onStepSubmit || !next || !code) return false;
  if (submit.quote && !quoteFresh(plan, state)) return false;
  const saved = new Set(code.sectionsSavedBy(submit));
  return Object.values(next.definition.bind).every((pointer) => !saved.has(pointer.split('/')[1] ?? ''));
}

/**
 * The standard journey as the engine's adapter: every step's declared submit, panels,
 * lookups, kept applications and quote label come from plan.json. A plan adapter (only
 * for behaviour no shared part has) adds to it: its panels after the shared ones, its
 * submit after the declared one, its guards and lookups beside the shared ones.
 */
export function createStandardAdapter(
  plan: LoadedPlan,
  services: JourneyServices,
  extra: PlanAdapter = {},
): PlanAdapter {
  const stepPanels: Record<string, ComponentType<StepPanelProps>> = {};
  for (const step of Object.values(plan.steps)) {
    const refs = step.definition.panels ?? [];
    const Extra = extra.panels?.[step.id];
    if (refs.length === 0 && !Extra) continue;
    const Panels = (props: StepPanelProps) =>
      createElement(
        'div',
        { className: 'bf-step-panels' },
        createElement(StepPanels, { ...props, refs }),
        Extra ? createElement(Extra, props) : null,
      );
    Panels.displayName = `StepPanels(${step.id})`;
    stepPanels[step.id] = Panels;
  }
  const landing = plan.config.landingPanel;
  return {
    machine: extra.machine,
    panels: stepPanels,
    landingPanel: landing
      ? (props: StepPanelProps) => createElement(StepPanels, { ...props, refs: [landing] })
      : extra.landingPanel,
    lookups: { ...createLookups(services), ...extra.lookups },
    keptApplications: extra.keptApplications ?? keptApplications(services.local),
    submitLabel: (stepId, state) => extra.submitLabel?.(stepId, state) ?? labelWithQuote(plan, stepId, state),
    movesOnBeforeSubmitEnds: (context, nextStepId) =>
      savesBehind(plan, context.stepId, nextStepId, context.store.getState(), extra),
    onStepOpening(context, nextStepId) {
      // A step that shows the quote: its first quote is asked for as the step opens, not once it
      // has rendered (issue 21); the panel's own request for the same inputs joins this one.
      if (!plan.config.quote?.steps.includes(nextStepId)) return false;
      const ask = (quote: typeof import('./quote/requestQuote.ts')) => {
        if (
          quote.quoteIsFresh(plan, context.store) ||
          !quote.quoteInputsValid(plan, context.store.getState())
        )
          return false;
        quote.requestQuote(plan, context.store, services.api, services.now()).catch(() => undefined);
        return true;
      };
      // With its code here (it comes with the later parts), the request starts now, in this task.
      const loaded = quoteCalls();
      if (loaded) return ask(loaded);
      void loadQuoteCalls()
        .then(ask)
        .catch(() => undefined);
      return false;
    },
    async onStepSubmit(context) {
      const { submitStep } = await loadSubmit().catch(() => {
        throw new StepFailure(NEXT_STEP_NOT_LOADED);
      });
      const outcome = await submitStep(context, services);
      if (outcome === 'left') return outcome;
      const more = await extra.onStepSubmit?.(context);
      return more ?? outcome;
    },
  };
}
