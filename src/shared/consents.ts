import SHA256 from 'crypto-js/sha256.js';
import type { LoadedPlan } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';

/**
 * The consents a plan asks for (docs/design/consents.md): each is a boolean of a journey step
 * marked `"x-consent": "<kind>"` (schemas/common/steps/basic-details.schema.json), its title
 * the wording the visitor reads beside the box. Browser and server read them from the same
 * plan data: the browser sends the version of each wording it showed, the server records
 * the consent with it and refuses a version that is not the plan's.
 */
export interface ConsentDefinition {
  /** What is agreed to: 'contact' (disclaimer 1), 'whatsapp', 'marketing'. */
  kind: string;
  /** The field of the section that holds it, e.g. 'whatsappDisclaimer'. */
  field: string;
  /** JSON Pointer of that section in the application state, e.g. '/basicDetails/policyHolder'. */
  section: string;
  /** The exact words shown beside the box. */
  wording: string;
  /** consentVersion(wording). */
  version: string;
  /** A condition of buying (`const: true`, e.g. disclaimer 1); the others are optional and withdrawable. */
  required: boolean;
}

/** The version of a consent's wording: the first 16 hex digits of the SHA-256 of its exact text. */
export function consentVersion(wording: string): string {
  return SHA256(wording).toString().slice(0, 16);
}

/** The consent kind a schema marks, if any. */
export function consentKindOf(schema: unknown): string | undefined {
  const kind = (schema as { 'x-consent'?: unknown } | undefined)?.['x-consent'];
  return typeof kind === 'string' ? kind : undefined;
}

const definitions = new WeakMap<object, ConsentDefinition[]>();

/**
 * Every consent of a plan's journey steps, once per kind, in the order the steps ask them:
 * the direct properties, marked `x-consent`, of each object a step binds into the state.
 */
export function planConsents(plan: Pick<LoadedPlan, 'steps'>): ConsentDefinition[] {
  const known = definitions.get(plan.steps);
  if (known) return known;
  const found = new Map<string, ConsentDefinition>();
  for (const step of Object.values(plan.steps)) {
    const properties = (step.schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [bound, section] of Object.entries(step.definition.bind)) {
      const fields = (properties[bound]?.properties ?? {}) as Record<string, JsonSchema>;
      for (const [field, schema] of Object.entries(fields)) {
        const kind = consentKindOf(schema);
        if (!kind || found.has(kind)) continue;
        const wording = typeof schema.title === 'string' ? schema.title : '';
        found.set(kind, {
          kind,
          field,
          section,
          wording,
          version: consentVersion(wording),
          required: schema.const === true,
        });
      }
    }
  }
  const list = [...found.values()];
  definitions.set(plan.steps, list);
  return list;
}

/** The versions of the wordings this plan shows, by kind: what a save carrying basic details sends. */
export function shownConsentVersions(plan: Pick<LoadedPlan, 'steps'>): Record<string, string> {
  return Object.fromEntries(planConsents(plan).map((consent) => [consent.kind, consent.version]));
}
