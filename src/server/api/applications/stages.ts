import applicationSchema from '../../../../schemas/common/application.schema.json' with { type: 'json' };
import { PROPOSAL_STAGES } from '../../../../engine/state/stageOrder.ts';

/**
 * The journey stages (spec 02 §4.1) and the section each one saves, as
 * schemas/common/application.schema.json defines them for the browser, the server and
 * plans:validate alike. A save stores its section whole, records the stage as the
 * application's userStage (resume routes by it, §4.2) and may carry basic details alongside.
 */
export interface StageDefinition {
  /** The stage name: the path segment under /buyonlineoauth/stages/ and the saved userStage. */
  stage: string;
  /** The state key the stage saves. */
  section: string;
  /** Further top-level fields of the payload kept in the state (spec 02 §7). */
  alsoKept?: readonly string[];
  /** Further sections the save carries and stores whole, because they change with its own. */
  alsoSaves?: readonly string[];
}

interface ConstMap {
  properties: Record<string, { const: string }>;
}

const defs = applicationSchema.$defs as unknown as {
  stage: { enum: string[] };
  stageSection: ConstMap;
  legacySectionNames: ConstMap;
  paidFixedSections: { const: string[] };
  stageAlsoSaves: { const: Record<string, string[]> };
};

const constsOf = (map: ConstMap) =>
  Object.fromEntries(Object.entries(map.properties).map(([key, value]) => [key, value.const]));

/** The stage names, in the journey's order. */
export const STAGE_NAMES: readonly string[] = defs.stage.enum;

const sections = constsOf(defs.stageSection);
const unmapped = STAGE_NAMES.filter((stage) => !sections[stage]);
const unknown = Object.keys(sections).filter((stage) => !STAGE_NAMES.includes(stage));
if (unmapped.length || unknown.length) {
  throw new Error(
    `application.schema.json: $defs/stageSection must name a section for exactly the stages of $defs/stage (missing: ${unmapped.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'})`,
  );
}

/** The basic-details save also keeps the lead and the entry link's references (spec 02 §7). */
const ALSO_KEPT: Record<string, readonly string[]> = {
  'basic-details': [
    'source',
    'leadId',
    'branchCode',
    'partnerName',
    'agentNumber',
    'sourceOfBusiness',
    'contractRegister',
  ],
};

const ALSO_SAVES = defs.stageAlsoSaves.const;

export const STAGES: readonly StageDefinition[] = STAGE_NAMES.map((stage) => ({
  stage,
  section: sections[stage]!,
  ...(ALSO_KEPT[stage] ? { alsoKept: ALSO_KEPT[stage] } : {}),
  ...(ALSO_SAVES[stage] ? { alsoSaves: ALSO_SAVES[stage] } : {}),
}));

/** The section a stage saves, or undefined for a name that is not a stage. */
export function sectionOf(stage: string): string | undefined {
  return Object.hasOwn(sections, stage) ? sections[stage] : undefined;
}

/** Old browser section names (spec 01 §3) -> the names kept (spec 02 §3.1). */
export const LEGACY_SECTION_NAMES: Readonly<Record<string, string>> = constsOf(defs.legacySectionNames);

/** Sections a successful payment fixes: who is covered, by which plan and premium. */
export const PAID_FIXED_SECTIONS: readonly string[] = defs.paidFixedSections.const;

/**
 * A state with every old section name read as the kept one (the kept one wins when both
 * are there), so applications saved under the old names still resume and route.
 */
export function withCurrentSectionNames<T extends Record<string, unknown>>(state: T): T {
  const legacy = Object.keys(LEGACY_SECTION_NAMES).filter((name) => Object.hasOwn(state, name));
  if (!legacy.length) return state;
  const current: Record<string, unknown> = { ...state };
  for (const name of legacy) {
    const kept = LEGACY_SECTION_NAMES[name]!;
    if (current[kept] === undefined) current[kept] = current[name];
    delete current[name];
  }
  return current as T;
}

export { furtherStage, PROPOSAL_STAGES } from '../../../../engine/state/stageOrder.ts';

const strays = PROPOSAL_STAGES.filter((stage) => !STAGE_NAMES.includes(stage));
if (strays.length) {
  throw new Error(
    `application.schema.json: $defs/proposalStage names stages $defs/stage lacks: ${strays.join(', ')}`,
  );
}

export function isProposalStage(stage: string): boolean {
  return PROPOSAL_STAGES.includes(stage);
}

/** The stage whose section is the payment (spec 02 §3.6): the browser saves pay later through it. */
export const PAYMENT_STAGE = 'payment-details';

/** The stage of a new application. */
export const FIRST_STAGE = STAGE_NAMES[0]!;
