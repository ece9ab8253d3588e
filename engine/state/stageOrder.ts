import application from '../../schemas/common/application.schema.json' with { type: 'json' };

/*
 * The order an application passes its stages (schemas/common/application.schema.json): the
 * journey's, in $defs/stage order, then the proposal's ($defs/proposalStage), which are saved
 * after payment whatever their place in spec 02 §4.1's list. One home for the browser's
 * routing (the `stageReached` guard), the server's saves and plans:validate.
 */

/** The proposal's stages, in order. */
export const PROPOSAL_STAGES: readonly string[] = application.$defs.proposalStage.enum;

/** Every stage in the order an application reaches them. */
export const STAGE_ORDER: readonly string[] = [
  ...application.$defs.stage.enum.filter((stage) => !PROPOSAL_STAGES.includes(stage)),
  ...PROPOSAL_STAGES,
];

/** Whether `stage` is `reached` or a stage after it (an unknown or missing stage reaches nothing). */
export function stageReached(stage: unknown, reached: string): boolean {
  const at = STAGE_ORDER.indexOf(String(stage));
  return at >= 0 && at >= STAGE_ORDER.indexOf(reached);
}

/** Of the stored stage and one a save records, the one further on: a stage never moves back. */
export function furtherStage(current: string, saved: string): string {
  return STAGE_ORDER.indexOf(saved) > STAGE_ORDER.indexOf(current) ? saved : current;
}
