import { indianGrouping } from './indianGrouping.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';
import { rateByAge, type Rider, type UnitLinkedBasis } from './unitLinkedBasis.ts';

/** A rider the visitor added, priced before discounts. */
export interface ChosenRider {
  rider: Rider;
  sumAssured: number;
  /** Per 1,000 of sum assured a year, for the entry age. */
  ratePerThousand: number;
  /** round(sum assured × rate ÷ 1,000). */
  annualPremium: number;
  /** round(annual premium ÷ instalments a year): what each instalment adds. */
  instalment: number;
}

const FIELD = 'Riders';

function amountOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^[0-9][0-9,]*$/.test(value.trim()))
    return Number(value.replace(/,/g, ''));
  return NaN;
}

/**
 * The riders a request adds, as a list of { code, sumAssured }: the list as it is, or the form's
 * object by rider code of { add, sumAssured }, where a rider counts only when `add` is true.
 */
function ridersAdded(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (!raw || typeof raw !== 'object') return [];
  return Object.entries(raw as Record<string, unknown>).flatMap(([code, choice]) => {
    const entry = (choice && typeof choice === 'object' ? choice : {}) as Record<string, unknown>;
    return entry.add === true ? [{ code, sumAssured: entry.sumAssured }] : [];
  });
}

/**
 * PlanSectionDetails.Riders: a list of { code, sumAssured } (code, or the rider's name), or an
 * object by rider code of { add, sumAssured } as the plan-details form keeps them. Each
 * rider at most once, only with regular premiums, within its entry ages and its sum-assured
 * limits (the lower of its maximum and a share of the base sum assured); its premium is the
 * basis's rate per 1,000 for the entry age, paid with each instalment for the premium paying term.
 */
export function chosenRiders(
  raw: unknown,
  basis: UnitLinkedBasis,
  context: { entryAge: number; baseSumAssured: number; instalmentsPerYear: number; single: boolean },
): ChosenRider[] {
  const { messages } = basis;
  const list = ridersAdded(raw);
  if (list.length && context.single) throw new QuoteInputError(FIELD, messages.riderSingle);
  const chosen: ChosenRider[] = [];
  for (const item of list) {
    const entry = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const wanted = typeof entry.code === 'string' ? entry.code.trim() : '';
    const rider = basis.riders.find(
      (r) => r.code.toLowerCase() === wanted.toLowerCase() || r.name.toLowerCase() === wanted.toLowerCase(),
    );
    if (!rider) throw new QuoteInputError(FIELD, formatMessage(messages.unknownRider, { value: wanted }));
    if (chosen.some((c) => c.rider === rider)) {
      throw new QuoteInputError(FIELD, formatMessage(messages.riderTwice, { rider: rider.name }));
    }
    const { min: minAge, max: maxAge } = rider.entryAge;
    if (context.entryAge < minAge || context.entryAge > maxAge) {
      throw new QuoteInputError(
        FIELD,
        formatMessage(messages.riderAge, { rider: rider.name, min: minAge, max: maxAge }),
      );
    }
    const limits = rider.sumAssured;
    const max = Math.min(
      limits.max,
      Math.floor((context.baseSumAssured * limits.maxPercentOfBaseSumAssured) / 100),
    );
    const sumAssured = amountOf(entry.sumAssured);
    if (!Number.isSafeInteger(sumAssured) || sumAssured < limits.min || sumAssured > max) {
      throw new QuoteInputError(
        FIELD,
        formatMessage(messages.riderSumAssured, {
          rider: rider.name,
          min: indianGrouping(limits.min),
          max: indianGrouping(Math.max(max, limits.min)),
        }),
      );
    }
    const ratePerThousand = rateByAge(rider.premiumPerThousandByEntryAge, context.entryAge);
    if (ratePerThousand === undefined)
      throw new Error(`Rider ${rider.code} has no rate for age ${context.entryAge}`);
    const annualPremium = Math.round((sumAssured * ratePerThousand) / 1000);
    chosen.push({
      rider,
      sumAssured,
      ratePerThousand,
      annualPremium,
      instalment: Math.round(annualPremium / context.instalmentsPerYear),
    });
  }
  return chosen;
}
