import type { UiSchema } from '@rjsf/utils';
import { bundleSchema, type JsonSchema, type SchemaDocuments } from '../schema/bundleSchema.ts';
import type { LoadedPlan, LoadedStep, PlanConfig, PlanFiles, StepDefinition } from './types.ts';

function file(files: PlanFiles, planCode: string, path: string): unknown {
  const value = files[path];
  if (value === undefined) throw new Error(`Plan ${planCode}: missing file ${path}`);
  return value;
}

/**
 * Turns one plan folder's JSON files into a runnable plan: every step schema bundled with
 * the shared documents it references. Pure; the browser feeds it lazily imported
 * modules, Node feeds it files read from disk.
 */
export function buildPlan(files: PlanFiles, common: SchemaDocuments): LoadedPlan {
  const config = files['plan.json'] as PlanConfig | undefined;
  if (!config) throw new Error('Plan folder has no plan.json');
  const load = (definitions: Record<string, StepDefinition> = {}) =>
    Object.fromEntries(
      Object.entries(definitions).map(([id, definition]) => [
        id,
        {
          id,
          definition,
          schema: bundleSchema(file(files, config.planCode, definition.schema) as JsonSchema, common),
          uiSchema: file(files, config.planCode, definition.uiSchema) as UiSchema,
        } satisfies LoadedStep,
      ]),
    );
  return {
    config,
    machine: file(files, config.planCode, config.machine) as Record<string, unknown>,
    steps: load(config.steps),
    popups: load(config.popups),
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
