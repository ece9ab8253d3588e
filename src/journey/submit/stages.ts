import application from '../../../schemas/common/application.schema.json' with { type: 'json' };

/*
 * The section each stage saves, from the one definition in
 * schemas/common/application.schema.json (spec 02 §4.1), shared with the server and plans:validate.
 */
const SECTION_OF_STAGE = Object.fromEntries(
  Object.entries(application.$defs.stageSection.properties).map(([stage, section]) => [stage, section.const]),
) as Record<string, string>;

export function sectionOfStage(stage: string): string {
  const section = SECTION_OF_STAGE[stage];
  if (!section)
    throw new Error(`Unknown stage '${stage}' (known: ${Object.keys(SECTION_OF_STAGE).join(', ')})`);
  return section;
}

const ALSO_SAVES = application.$defs.stageAlsoSaves.const as Record<string, string[]>;

/** Sections a stage's save carries besides its own (they change with it), from the same file. */
export function sectionsAlsoSavedBy(stage: string): readonly string[] {
  return ALSO_SAVES[stage] ?? [];
}
