import type { UiSchema } from '@rjsf/utils';
import { bundleSchema, type JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { commonDocuments } from '../../engine/plan/buildPlan.ts';
import type { PlanConfig, StepDefinition } from '../../engine/plan/types.ts';
import { readCommonDocuments, readPlanFiles } from '../../src/plans/nodePlanSource.ts';
import { resolveFixtureData } from '../../tools/lib/fixtureDates.ts';

/**
 * A plan's steps as data, read from disk the way the server reads them: each step's schema
 * bundled with the shared documents (engine/schema/bundleSchema.ts), its uiSchema as
 * written, and the "journey" case of its fixtures (what a visitor types there).
 */
export interface BenchStep {
  id: string;
  definition: StepDefinition;
  schema: JsonSchema;
  uiSchema: UiSchema;
  journey?: Record<string, unknown>;
}

export interface BenchPlan {
  config: PlanConfig;
  steps: Record<string, BenchStep>;
}

interface FixtureFile {
  cases: Array<{ name: string; data: Record<string, unknown> }>;
}

export function readBenchPlan(planCode: string): BenchPlan {
  const files = readPlanFiles(planCode);
  const config = files['plan.json'] as PlanConfig;
  const common = commonDocuments(readCommonDocuments());
  const steps = Object.fromEntries(
    Object.entries(config.steps).map(([id, definition]) => {
      const fixtures = definition.fixtures ? (files[definition.fixtures] as FixtureFile) : undefined;
      const journey = fixtures?.cases.find((c) => c.name === 'journey')?.data;
      const step: BenchStep = {
        id,
        definition,
        schema: bundleSchema(files[definition.schema] as JsonSchema, common),
        uiSchema: files[definition.uiSchema] as UiSchema,
        journey: journey && resolveFixtureData(journey, new Date()),
      };
      return [id, step] as const;
    }),
  );
  return { config, steps };
}

/** The journey's base path (src/app/planRegistry.ts journeyBase). */
export const journeyPath = (config: PlanConfig) => `${config.routes.pathBase}${config.routes.slug}/`;

/** The heading a step shows: its title in plan.json, else its schema's title. */
export const stepTitle = (step: BenchStep) => String(step.definition.title ?? step.schema.title ?? '');
