import type { ProposalProgressItem } from '../../plans/proposalContent.ts';

export type ProgressStatus = 'saved' | 'current' | 'pending';

export interface ProgressEntry {
  item: ProposalProgressItem;
  status: ProgressStatus;
  /** The item holding the stage of the step on screen. */
  here: boolean;
}

/**
 * The application's progress through the plan's stages (spec 02 §4.1), in the order its
 * content lists them: every item up to the one holding the saved userStage is saved; the
 * item of the step on screen is current unless already saved; the rest are still to do.
 */
export function savedProgress(
  items: readonly ProposalProgressItem[],
  userStage: unknown,
  stepStage?: string,
): ProgressEntry[] {
  const reached = items.findIndex((item) => item.stages.includes(String(userStage)));
  return items.map((item, index) => {
    const here = stepStage !== undefined && item.stages.includes(stepStage);
    const status: ProgressStatus = index <= reached ? 'saved' : here ? 'current' : 'pending';
    return { item, status, here };
  });
}
