import { createElement, type ComponentType } from 'react';
import { StepFailure, type PlanAdapter, type StepPanelProps } from '../../engine/plan/adapter.ts';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import type { JourneyServices } from './JourneyServices.ts';
import { createLookups } from './lookups.ts';
import { keptApplications } from './previousQuotes.ts';
import { StepPanels } from './StepPanels.tsx';
import { loadSubmit, quoteRequest } from './laterParts.ts';
import { NEXT_STEP_NOT_LOADED } from './messages.ts';

/** A step's submit label once the quote is for what is on screen: 'Next · Get ₹ 1,71,746 a year'. */
function labelWithQuote(plan: LoadedPlan, stepId: string, state: ApplicationState): string | undefined {
  const template = plan.steps[stepId]?.definition.submitLabelWithQuote;
  if (!template) return undefined;
  const details = state.planDetails as Record<string, unknown>;
  const headline = (details.response as { headline?: string } | undefined)?.headline;
  // Loaded before such a step shows (stepNeeds); the plain label until then.
  const quoteInputsKey = quoteRequest()?.quoteInputsKey;
  if (!headline || !quoteInputsKey || details.quotedFor !== quoteInputsKey(state, plan.config))
    return undefined;
  return template.replace('{headline}', headline);
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
