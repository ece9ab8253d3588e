import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../schema/bundleSchema.ts';

/** A named behaviour with parameters, as plan JSON references code: `{ "type": "stageIs", "params": {...} }`. */
export interface NamedRef {
  type: string;
  params?: Record<string, unknown>;
}

export interface AgeLimit {
  min: number;
  max?: number;
  minDays?: number;
}

export interface StepperStep {
  id: string;
  label: string;
}

export interface StepDefinition {
  /** Step schema path, relative to the plan folder. */
  schema: string;
  uiSchema: string;
  /** Form field -> JSON Pointer into the application state this field edits. */
  bind: Record<string, string>;
  /** Heading of the form; defaults to the schema's title. */
  title?: string;
  /** Label of the submit button. */
  submitLabel: string;
  /** Application-state action dispatched with the bound data when the step is submitted. */
  onSubmit?: NamedRef;
  /** Where the adapter's panel for the step shows (default after the fields). */
  panelPlacement?: 'beforeFields' | 'afterFields';
  /** Fixture file for plans:validate, relative to the plan folder. */
  fixtures?: string;
}

/** plan.json, as described by schemas/plan.schema.json. */
export interface PlanConfig {
  productId: string;
  productName: string;
  planCode: string;
  uin: string;
  kind: string;
  subTitle: string;
  campaign?: boolean;
  routes: { pathBase: string; slug: string; proposalPage: string };
  /** Entry with parameters: details and named query parameters pre-fill a step, then submit it. */
  entry?: { step: string; details: string; params: Record<string, string>; delayMs: number };
  ageLimits: {
    proposer: AgeLimit;
    insured: AgeLimit;
    secondaryAgeDifference?: number;
    organisation?: { min: number };
  };
  paymentFrequencies: Array<{
    value: string;
    code: number;
    minimumPremium: number;
    annualisationDivisor: number;
  }>;
  offers: Array<{ id: string; text: string; annuityBonusPercent?: number; discountPercent?: number }>;
  brochure: { preTitle: string; title: string; subtitle: string; benefits: [string, string] };
  discountMessage?: string;
  stepper: StepperStep[];
  steps: Record<string, StepDefinition>;
  /** Forms shown in popups (e.g. the joint-life popup), defined like steps. */
  popups?: Record<string, StepDefinition>;
  machine: string;
  content?: string;
  adapter: string;
  calculator: string;
}

export interface LoadedStep {
  id: string;
  definition: StepDefinition;
  /** Self-contained (bundled) schema; the same object for the plan's lifetime. */
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

export interface LoadedPlan {
  config: PlanConfig;
  machine: Record<string, unknown>;
  steps: Record<string, LoadedStep>;
  popups: Record<string, LoadedStep>;
  content?: Record<string, unknown>;
}

/** The files of one plan folder by path relative to it ('plan.json', 'steps/x.schema.json'). */
export type PlanFiles = Record<string, unknown>;

export type { JsonSchema };
