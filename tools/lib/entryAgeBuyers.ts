import type { AgeLimit, LoadedPlan } from '../../engine/plan/types.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { lifeAssured } from '../../src/journey/quote/quoteRequest.ts';
import { clone } from './dataPath.ts';
import { isoDay } from './fixtureDates.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * Whose entry ages plans:validate prices (entryAgeQuoteChecks.ts): buying for themselves (or a
 * plan that asks no buyFor), the holder is the life insured, at every age where the proposer's
 * and the insured's limits overlap; buying for someone else (a spouse or child, where the form
 * offers it), the insured person at every age of the insured's limits.
 */

type Data = Record<string, unknown>;

/** Whose age is varied, and the ages it takes. */
export interface Buyer {
  /** In words, for the message. */
  who: string;
  /** The application's person whose date of birth is set. */
  person: 'policyHolder' | 'insuredPerson';
  /** The buyFor value set on the holder (undefined: as the journey has it). */
  buyFor?: string;
  ages: { min: number; max: number; minDays?: number };
  /** The plan.json limit the ages come from. */
  limit: string;
}

/** The values of the holder's buyFor the basic details offer (none when it asks none). */
function buyForOptions(plan: LoadedPlan): string[] {
  const options = new Set<string>();
  for (const step of Object.values(plan.steps)) {
    for (const [field, pointer] of Object.entries(step.definition.bind)) {
      if (pointer !== '/basicDetails/policyHolder') continue;
      walkSchema(step.schema, ({ schema, dataPath }) => {
        if (dataPath.length !== 2 || dataPath[0] !== field || dataPath[1] !== 'buyFor') return;
        if ('const' in schema) options.add(String(schema.const));
        if (Array.isArray(schema.enum)) for (const value of schema.enum) options.add(String(value));
      });
    }
  }
  return [...options];
}

function overlap(a: AgeLimit, b: AgeLimit | undefined): AgeLimit {
  if (!b) return a;
  const max = a.max === undefined ? b.max : b.max === undefined ? a.max : Math.min(a.max, b.max);
  return { min: Math.max(a.min, b.min), ...(max !== undefined ? { max } : {}) };
}

/** The buyers whose ages are priced, for a plan and the application its journey makes. */
export function buyersOf(plan: LoadedPlan, journey: Data): Buyer[] {
  const limits = plan.config.ageLimits;
  if (!limits?.proposer) return [];
  const buyers: Buyer[] = [];
  const self = overlap(limits.proposer, limits.insured);
  const selfLimit =
    limits.insured &&
    limits.insured.max !== undefined &&
    limits.insured.max <= (limits.proposer.max ?? Infinity)
      ? '/ageLimits/insured'
      : '/ageLimits/proposer';
  const options = buyForOptions(plan);
  const holderLife = (buyFor: string | undefined) => {
    const state = clone(journey) as unknown as ApplicationState;
    const holder = state.basicDetails.policyHolder as Data;
    if (buyFor === undefined) delete holder.buyFor;
    else holder.buyFor = buyFor;
    state.basicDetails.insuredPerson = { fullName: 'x' };
    return lifeAssured(state) === holder;
  };
  const mine = options.find((option) => holderLife(option)) ?? (options.length ? undefined : '');
  if (self.max !== undefined && mine !== undefined) {
    buyers.push({
      who: 'buying for themselves: the policy holder is the life insured',
      person: 'policyHolder',
      ...(mine ? { buyFor: mine } : {}),
      ages: { min: self.min, max: self.max },
      limit: selfLimit,
    });
  }
  const other = options.find((option) => !holderLife(option));
  if (other && limits.insured?.max !== undefined) {
    buyers.push({
      who: `buying for someone else (buyFor "${other}"): the insured person is the life insured`,
      person: 'insuredPerson',
      buyFor: other,
      ages: { ...limits.insured, max: limits.insured.max },
      limit: '/ageLimits/insured',
    });
  }
  return buyers;
}

/** yyyy-mm-dd of a birthday `age` years before today (at least `minDays` days old). */
export function bornAt(today: Date, age: number, minDays = 0): string {
  const date = new Date(today.getFullYear() - age, today.getMonth(), today.getDate());
  // 29 February in a year without one: born on the 28th, `age` today.
  if (date.getMonth() !== today.getMonth()) date.setDate(0);
  const youngest = new Date(today.getFullYear(), today.getMonth(), today.getDate() - minDays);
  return isoDay(date > youngest ? youngest : date);
}
