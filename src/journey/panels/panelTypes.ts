import type { StepPanelProps } from '../../../engine/plan/adapter.ts';

/** What a shared panel is given: the step's props and its own parameters from plan.json. */
export interface SharedPanelProps extends StepPanelProps {
  params: Record<string, unknown>;
}
