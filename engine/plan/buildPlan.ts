import type { UiSchema } from '@rjsf/utils';
import { registerConditions } from './conditions.ts';
import { bundleSchema, type JsonSchema, type SchemaDocuments } from '../schema/bundleSchema.ts';
import type {
  FormKind,
  LoadedPlan,
  LoadedStep,
  PlanConfig,
  PlanFiles,
  StepDefinition,
  PlanValidators,
} from './types.ts';

function file(files: PlanFiles, planCode: string, path: string): unknown {
  const value = files[path];
  if (value === undefined) throw new Error(`Plan ${planCode}: missing file ${path}`);
  return value;
}

/** One kind of a plan's forms (./buildProposal.ts builds the proposal's alone), each schema bundled with the shared documents it references. */
export function loadForms(
  files: PlanFiles,
  config: PlanConfig,
  common: SchemaDocuments,
  validators: PlanValidators,
  kind: FormKind,
  definitions: Record<string, StepDefinition> = {},
): Record<string, LoadedStep> {
  const forms = Object.fromEntries(
    Object.entries(definitions).map(([id, definition]) => {
      const schema = bundleSchema(file(files, config.planCode, definition.schema) as JsonSchema, common);
      const step: LoadedStep = {
        id,
        definition,
        schema,
        uiSchema: file(files, config.planCode, definition.uiSchema) as UiSchema,
        validator: validators.form(schema, { kind, id }),
        validatorLoaded: validators.loaded ? () => validators.loaded!({ kind, id }) : () => true,
        loadValidator: validators.load ? () => validators.load!() : () => Promise.resolve(),
      };
      return [id, step];
    }),
  );
  // Every condition of the forms' uiSchemas is checked with the plan's matcher.
  for (const step of Object.values(forms)) registerConditions(step.uiSchema, validators.matchesSchema);
  return forms;
}

export function configOf(files: PlanFiles): PlanConfig {
  const config = files['plan.json'] as PlanConfig | undefined;
  if (!config) throw new Error('Plan folder has no plan.json');
  return config;
}

/**
 * Turns one plan folder's JSON files into a runnable plan: every step schema bundled with
 * the shared documents it references, with its validator from `validators`. Pure; the browser feeds it lazily imported
 * modules, Node feeds it files read from disk. The proposal's steps are built only with
 * `{ proposal: true }` (the server and the tools): the journey's chunk does not carry them.
 */
export function buildPlan(
  files: PlanFiles,
  common: SchemaDocuments,
  validators: PlanValidators,
  options: { proposal?: boolean } = {},
): LoadedPlan {
  const config = configOf(files);
  const steps = loadForms(files, config, common, validators, 'steps', config.steps);
  const popups = loadForms(files, config, common, validators, 'popups', config.popups);
  const proposal = options.proposal
    ? loadForms(files, config, common, validators, 'proposal', config.proposal?.steps)
    : {};
  // Every condition of plan.json is checked with its matcher.
  registerConditions(config, validators.matchesSchema);
  return {
    config,
    machine: file(files, config.planCode, config.machine) as Record<string, unknown>,
    steps,
    popups,
    proposal,
    matchesSchema: validators.matchesSchema,
    loadForms: () => (validators.load ? validators.load() : Promise.resolve()),
    content: config.content
      ? (file(files, config.planCode, config.content) as Record<string, unknown>)
      : undefined,
  };
}

/** The shared documents (schemas/common/*.schema.json) keyed by their $id. */
export function commonDocuments(documents: JsonSchema[]): SchemaDocuments {
  const byId: SchemaDocuments = {};
  for (const doc of documents) {
    if (typeof doc.$id !== 'string') throw new Error('A shared schema document has no $id');
    byId[doc.$id] = doc;
  }
  return byId;
}
