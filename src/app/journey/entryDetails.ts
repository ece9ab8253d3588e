import { getDefaultFormState } from '@rjsf/utils';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { validateData } from '../../../engine/validation/validateData.ts';
import type { StepData } from '../../../engine/form/StepForm.tsx';
import { createBoundSelector } from '../../journey/boundData.ts';

/*
 * Entry with parameters (spec 02 §2.1): a partner or branch link opens the journey with an
 * encoded `details` parameter and its own reference parameters. `details` is the policy
 * holder's basic details as JSON, either base64url-encoded or sealed with the envelope.
 */

export type Opener = (text: string) => unknown;

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The decoded details, or undefined when the parameter is not one of the two encodings. */
export function decodeEntryDetails(
  value: string | null,
  openSealed: Opener,
): Record<string, unknown> | undefined {
  if (!value) return undefined;
  const json = fromBase64Url(value);
  if (json !== undefined) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (isRecord(parsed)) return parsed;
    } catch {
      // not base64url JSON: perhaps sealed
    }
  }
  try {
    const opened = openSealed(value);
    return isRecord(opened) ? opened : undefined;
  } catch {
    return undefined;
  }
}

const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * Only the plain fields a form can take (strings, numbers and booleans, no nested objects),
 * with dates given as dd/mm/yyyy turned into the wire's yyyy-mm-dd.
 */
export function plainFields(details: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string') {
      const date = DISPLAY_DATE.exec(value.trim());
      out[key] = date ? `${date[3]}-${date[2]}-${date[1]}` : value;
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Applies an entry link (the plan's `entry`): writes the decoded details and the named
 * query parameters into the application, and answers the entry step's data when it is
 * now valid (to be submitted after the plan's pause). Nothing happens when the link has
 * none of them, or when this tab already holds an application (a reload of a link that
 * was taken forward creates nothing twice).
 */
export function takeEntryLink(
  plan: LoadedPlan,
  store: ApplicationStore,
  openSealed: Opener,
  search = new URLSearchParams(window.location.search),
): StepData | undefined {
  const entry = plan.config.entry;
  if (!entry || store.getState().applicationNumber) return undefined;
  const present = Object.keys(entry.params).filter((name) => search.has(name));
  const details = decodeEntryDetails(search.get('details'), openSealed);
  if (details) {
    const current = getByPointer(store.getState(), entry.details) as Record<string, unknown> | undefined;
    store.dispatch({ type: 'setAt', pointer: entry.details, value: { ...current, ...plainFields(details) } });
  }
  for (const name of present) {
    store.dispatch({ type: 'setAt', pointer: entry.params[name]!, value: search.get(name) });
  }
  const step = plan.steps[entry.step];
  if (!details || !step) return undefined;
  // What the link leaves out takes the step's defaults (country code 91, Individual, ...),
  // as it would on screen.
  const data = getDefaultFormState(
    step.validator,
    step.schema,
    createBoundSelector(step.definition.bind, step.schema)(store.getState()),
    step.schema,
    false,
    { constAsDefaults: 'never' },
  ) as StepData;
  for (const [field, pointer] of Object.entries(step.definition.bind)) {
    store.dispatch({ type: 'setAt', pointer, value: data[field] });
  }
  return validateData(step.schema, data, { validator: step.validator }).valid ? data : undefined;
}

export type EntryLink = typeof takeEntryLink;
