import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { planConsents, type ConsentDefinition } from '../../shared/consents.ts';
import { ApiError } from '../lib/ApiError.ts';
import { CONSENT_MESSAGES } from './consentMessages.ts';
import type { ConsentRow, ConsentState } from './consentStore.ts';

/** The consent rows a save records, and why it may not (a consent given to a wording the plan no longer has). */
export interface ConsentChanges {
  rows: ConsentRow[];
  refusal?: ApiError;
}

function valueAt(state: Record<string, unknown>, pointer: string): unknown {
  let node: unknown = state;
  for (const part of pointer.split('/').slice(1)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** The field path of a consent as field errors name it: 'basicDetails.policyHolder.whatsappDisclaimer'. */
export function consentField(consent: ConsentDefinition): string {
  return [...consent.section.split('/').slice(1), consent.field].join('.');
}

/** A 422 for a consent given to a wording that is not the plan's now. */
export function staleWording(consent: ConsentDefinition): ApiError {
  const message = CONSENT_MESSAGES.staleWording;
  return new ApiError(422, message, [{ field: consentField(consent), message }]);
}

/** A 422 for a consent given without naming the wording it was given to (a caller that sends no consentVersions). */
export function wordingNotNamed(consent: ConsentDefinition): ApiError {
  const message = CONSENT_MESSAGES.wordingNotNamed;
  return new ApiError(422, message, [{ field: `consentVersions.${consent.kind}`, message }]);
}

/**
 * What a save of (state-shaped) `patch` changes of the plan's consents, given those in force.
 *  - On create (`inForce` undefined) every consent is recorded, given or not (an absent box is
 *    not given): the record shows what the visitor was asked and said.
 *  - On a later save, a consent is recorded when its box is sent (a boolean) and says other
 *    than the consent in force; a box not sent changes nothing.
 * A consent given (ticked) must name, in `shown` (by kind), the version of the wording the
 * browser showed, and it must be the plan's: otherwise the save is refused (stale or unknown).
 * A consent not given needs no version; it is recorded against the plan's wording.
 */
export function consentChanges(
  plan: Pick<LoadedPlan, 'steps'>,
  patch: Record<string, unknown>,
  shown: Readonly<Record<string, unknown>> | undefined,
  inForce: ReadonlyMap<string, ConsentState> | undefined,
): ConsentChanges {
  const rows: ConsentRow[] = [];
  let refusal: ApiError | undefined;
  for (const consent of planConsents(plan)) {
    const section = valueAt(patch, consent.section);
    if (!section || typeof section !== 'object') continue;
    const value = (section as Record<string, unknown>)[consent.field];
    let granted: boolean;
    if (inForce === undefined) granted = value === true;
    else if (typeof value === 'boolean' && value !== inForce.get(consent.kind)?.granted) granted = value;
    else continue;
    if (granted && shown?.[consent.kind] === undefined) refusal ??= wordingNotNamed(consent);
    else if (granted && shown?.[consent.kind] !== consent.version) refusal ??= staleWording(consent);
    rows.push({ kind: consent.kind, granted, wording: consent });
  }
  return { rows, refusal };
}

/**
 * `consentVersions` of a request that carries basic details (create, the journey's stage
 * saves): by consent kind, the version of the wording the browser showed beside each box.
 */
export const CONSENT_VERSIONS_SCHEMA = {
  type: 'object',
  maxProperties: 10,
  propertyNames: { maxLength: 30 },
  additionalProperties: { type: 'string', maxLength: 64 },
} as const;
