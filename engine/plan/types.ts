import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
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

/**
 * A condition (engine/plan/conditions.ts): the value at `scope`, a JSON Pointer into the data
 * it is about (the application; in a uiSchema the form's data), matches the JSON Schema `schema`.
 */
export interface Condition {
  scope: string;
  schema: Record<string, unknown>;
}

/** A shared panel a step shows, by registry name, with its parameters. */
export interface PanelRef {
  type: string;
  params?: Record<string, unknown>;
  when?: Condition;
}

/** What a step's submit does besides updating the application state (src/journey). */
export interface StepSubmit {
  type: 'createApplication' | 'saveStage' | 'startPayment';
  stage?: string;
  quote?: boolean;
  report?: string;
}

/** How the quote request is built from the application (docs/design/generic-journey.md). */
export interface QuoteConfig {
  steps: string[];
  planSection: Record<string, string | { const: unknown }>;
  secondLife?: { when?: Condition };
  staff?: string;
}

export interface StepDefinition {
  /** The step's route below the plan's path; defaults to its id (the machine is generated from it). */
  route?: string;
  /** The stepper entry the step belongs to; defaults to its id. */
  stepper?: string;
  /** An application resumed at the stage this step saves opens this step (default: this one). */
  resumeTo?: string;
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
  /** Shared panels the step shows, in order. */
  panels?: PanelRef[];
  /** What the submit saves and reports. */
  submit?: StepSubmit;
  /** The submit label once a quote for what is on screen exists ('Next · {headline}'). */
  submitLabelWithQuote?: string;
  /** A Back button to this route. */
  backTo?: string;
  /** The data-layer event pushed when the visitor presses the submit (docs/design/analytics.md). */
  analyticsEvent?: string;
  /**
   * A popup's data is part of the application only while this holds (a joint life); a
   * proposal step applies only while it holds (the secondary life's documents).
   */
  when?: Condition;
  /**
   * What the application holds already, offered in an empty field as the step opens (the
   * proposal's personal details offer the holder's name): form pointer ('/personal/firstName')
   * -> application pointer, or one with a part of its words taken.
   */
  offer?: Record<string, OfferSource | OfferSource[]>;
  /** A journey step opens only once this holds of the application (make-payment: the terms accepted). */
  requires?: Condition;
}

/**
 * Where an offered value comes from: an application pointer, or part of the words there (the
 * first, middle or last of a full name). A list offers the first that holds a value.
 */
export type OfferSource = string | { from: string; words: 'first' | 'middle' | 'last' };

/** The proposal after payment (docs/design/proposal.md): its steps by hash route, in order. */
export interface ProposalConfig {
  /** Keyed by hash route as proposalRouteKey gives it ('' for #/, 'review-upload-doc/upload-doc?type=secondary'). */
  steps: Record<string, StepDefinition>;
  /** The button of the last step that applies: it saves the step and submits the proposal. */
  submitLabel: string;
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
  routes: { pathBase: string; slug: string; proposalPage: string; mode?: 'history' | 'hash' };
  /** Entry with parameters: details and named query parameters pre-fill a step, then submit it. */
  entry?: { step: string; details: string; params: Record<string, string>; delayMs: number };
  ageLimits: {
    proposer: AgeLimit;
    insured: AgeLimit;
    secondaryAgeDifference?: number;
    organisation?: { min: number };
    /** The resume popup's range, when it is not the proposer's. */
    resume?: AgeLimit;
    /** A second life's range (joint life), when it is not the insured's. */
    secondLife?: AgeLimit;
  };
  paymentFrequencies: Array<{
    value: string;
    code: number;
    minimumPremium: number;
    annualisationDivisor: number;
  }>;
  offers: Array<{
    id: string;
    text: string;
    annuityBonusPercent?: number;
    discountPercent?: number;
    benefitBonusPercent?: number;
  }>;
  brochure: { preTitle: string; title: string; subtitle: string; benefits: [string, string] };
  /** Another plan whose product brochure this plan offers (spec 01 §1: a plan may reuse another's). */
  brochureOf?: string;
  discountMessage?: string;
  /** Phrases the plan's copy repeats, referred to as {{copy.<name>}} when the plan is composed. */
  copy?: Record<string, string>;
  stepper: StepperStep[];
  steps: Record<string, StepDefinition>;
  /** Forms shown in popups (e.g. the joint-life popup), defined like steps. */
  popups?: Record<string, StepDefinition>;
  /** The proposal's steps, on the plan's proposal page. */
  proposal?: ProposalConfig;
  machine: string;
  content?: string;
  /** A plan adapter, only for behaviour no shared part has. */
  adapter?: string;
  calculator: string;
  landingPanel?: PanelRef;
  quote?: QuoteConfig;
  payment?: { modes: string[]; defaultMode: string; basbaMaximumPremium?: number };
}

export interface LoadedStep {
  id: string;
  definition: StepDefinition;
  /** Self-contained (bundled) schema; the same object for the plan's lifetime. */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Validates this schema: precompiled in the browser, compiled once in Node. */
  validator: ValidatorType;
  /**
   * Whether `validator` can validate now. Always, but in the browser for a form other than
   * the first step's before LoadedPlan.loadForms has resolved.
   */
  validatorLoaded(): boolean;
  /** Resolves once `validator` can validate (at once when it can); rejects when the download failed. */
  loadValidator(): Promise<void>;
}

/** Where a form is declared in a plan: one of its steps or popups. */
export interface FormPlace {
  kind: FormKind;
  id: string;
}

/** The kinds of form a plan declares: journey steps, popups, and the proposal's steps. */
export type FormKind = 'steps' | 'popups' | 'proposal';

/** How a plan validates (engine/validation): precompiled in the browser, compiled in Node. */
export interface PlanValidators {
  /**
   * The validator of one step or popup schema. Usable at once, or, where validators are
   * loaded in parts (the browser), once `load` has resolved.
   */
  form(schema: RJSFSchema, where: FormPlace): ValidatorType;
  /** Brings the validators of every form (once; again after a failure). Absent: all are there. */
  load?(): Promise<void>;
  /** Whether a form's validator can validate now. Absent: all can. */
  loaded?(where: FormPlace): boolean;
  /** Whether data matches a JSON Schema of the plan's machine (the matchesSchema guard). */
  matchesSchema(schema: object, data: unknown): boolean;
}

export interface LoadedPlan {
  config: PlanConfig;
  machine: Record<string, unknown>;
  steps: Record<string, LoadedStep>;
  popups: Record<string, LoadedStep>;
  /** The proposal's steps by hash route; built only where asked for (the server, tools, the proposal page). */
  proposal: Record<string, LoadedStep>;
  content?: Record<string, unknown>;
  /** The machine's matchesSchema guard checks its schemas with this. */
  matchesSchema: PlanValidators['matchesSchema'];
  /**
   * Resolves once every step and popup can validate. The first step can at once; a phone
   * loads the others' validators after it is on screen. Show or validate any other form only
   * after this has resolved (it rejects when the download failed; call it again to retry).
   */
  loadForms(): Promise<void>;
}

/** The files of one plan folder by path relative to it ('plan.json', 'steps/x.schema.json'). */
export type PlanFiles = Record<string, unknown>;

export type { JsonSchema };
