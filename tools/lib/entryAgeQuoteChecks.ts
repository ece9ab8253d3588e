import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import type { AgeLimit, LoadedPlan, LoadedStep, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { getByPointer } from '../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { validateData } from '../../engine/validation/validateData.ts';
import { lifeAssured } from '../../src/journey/quote/quoteRequest.ts';
import type { IllustrationTable, PricedQuote } from '../../src/pricing/calculator.ts';
import {
  applicationOf,
  applicationPointer,
  isoDay,
  journeySteps,
  planPricing,
  priceApplication,
  typedAt,
  withPopups,
  type PlanPricing,
  type Typed,
} from './journeyQuoteChecks.ts';
import { pointerSegment, rupees, type Problem } from './problem.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * Every entry age gets a quote (issue 17). A visitor who opens the quote's steps sees their
 * schema defaults preselected and types only what the forms require and do not preselect; the
 * quote panel asks for a quote once those steps are valid (src/journey/quote/requestQuote.ts)
 * and, when the server refuses it, shows the refusal instead of a quote (as Next does). So for each plan, the visitor its fixtures
 * describe (the "journey" case of each step, journeyQuoteChecks.ts) keeps only what the quote
 * steps require without a default; everything else takes its default, as the browser fills
 * it (getDefaultFormState, as src/app/journey/Journey.tsx). That application is priced at
 * every whole entry age of plan.json ageLimits:
 *
 * - buying for themselves (or a plan that asks no buyFor), the holder is the life insured:
 *   every age where the proposer's and the insured's limits overlap;
 * - buying for someone else (a spouse or child, where the form offers it), the insured person
 *   at every age of the insured's limits, the holder as the journey has them.
 *
 * Each age must pass the quote steps' own rules, be priced by the plan's calculator (as the
 * quote route prices it) and pay back what the calculator's kind states it guarantees
 * (GUARANTEES below). A failure names the ages, the calculator's (or form's) reason and the
 * field, at the default, the journey case or the age limits it comes from.
 */

/** As the journey fills a step's defaults (src/app/journey/Journey.tsx DEFAULTS_BEHAVIOUR). */
const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never' } as const;

type Data = Record<string, unknown>;

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function valueAt(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, segment) =>
      node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined,
    data,
  );
}

function setAt(data: Data, path: string[], value: unknown) {
  let target = data;
  for (const segment of path.slice(0, -1)) {
    if (!target[segment] || typeof target[segment] !== 'object') target[segment] = {};
    target = target[segment] as Data;
  }
  target[path.at(-1)!] = value;
}

function defaultsOf(step: LoadedStep, data: Data): Data {
  return getDefaultFormState(
    step.validator,
    step.schema as RJSFSchema,
    data,
    step.schema as RJSFSchema,
    false,
    DEFAULTS_BEHAVIOUR,
  ) as Data;
}

/** The fields a form still requires in `data`, as paths into it (ajv-errors' wrapped errors unwrapped). */
function missingFields(step: LoadedStep, data: Data): string[][] {
  const { errors = [] } = step.validator.rawValidation<ErrorObject>(step.schema as RJSFSchema, data);
  const flat = errors.flatMap((error) =>
    error.keyword === 'errorMessage' ? ((error.params as { errors?: ErrorObject[] }).errors ?? []) : [error],
  );
  return flat
    .filter((error) => error.keyword === 'required')
    .map((error) => [
      ...error.instancePath
        .split('/')
        .filter(Boolean)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')),
      String((error.params as { missingProperty?: unknown }).missingProperty),
    ]);
}

/**
 * What a visitor leaves a quote step with when they change nothing preselected: the schema's
 * defaults, and from the journey case only what the form requires and does not preselect.
 */
export function preselected(step: LoadedStep, journey: Data): Data {
  let data = defaultsOf(step, {});
  for (let round = 0; round < 10; round++) {
    const typed = missingFields(step, data).filter(
      (path) => valueAt(journey, path) !== undefined && valueAt(data, path) === undefined,
    );
    if (typed.length === 0) break;
    for (const path of typed) setAt(data, path, clone(valueAt(journey, path)));
    data = defaultsOf(step, data);
  }
  return data;
}

/** Whose age is varied, and the ages it takes. */
interface Buyer {
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

function buyersOf(plan: LoadedPlan, journey: Data): Buyer[] {
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
function bornAt(today: Date, age: number, minDays = 0): string {
  const date = new Date(today.getFullYear() - age, today.getMonth(), today.getDate());
  // 29 February in a year without one: born on the 28th, `age` today.
  if (date.getMonth() !== today.getMonth()) date.setDate(0);
  const youngest = new Date(today.getFullYear(), today.getMonth(), today.getDate() - minDays);
  return isoDay(date > youngest ? youngest : date);
}

/*
 * What each calculator kind states it guarantees, checked on the priced quote. Each rule
 * returns, when broken, what the quote pays against what was stated (figures included).
 */
type Guarantee = (quote: PricedQuote, basis: Record<string, unknown>) => string | undefined;

const numberAt = (node: unknown, path: string): number | undefined => {
  const value = valueAt(node, path.split('.'));
  return typeof value === 'number' ? value : undefined;
};

/** Each row's death benefit against a floor, over the tables that show both. */
function deathBenefitShortfall(
  quote: PricedQuote,
  floor: (row: Record<string, number | string>, paidToDate: number) => number,
  rowCounts: (row: Record<string, number | string>) => boolean = () => true,
): { row: Record<string, number | string>; floor: number; table: IllustrationTable } | undefined {
  for (const table of quote.illustration.tables) {
    const columns = new Set(table.columns.map((c) => c.id));
    if (!columns.has('deathBenefit') || !columns.has('premiumPaid')) continue;
    let paid = 0;
    for (const row of table.rows) {
      paid += Number(row.premiumPaid) || 0;
      if (!rowCounts(row)) continue;
      const wanted = floor(row, paid);
      // Each figure is rounded to the rupee.
      if (Number(row.deathBenefit) < wanted - 1) return { row, floor: wanted, table };
    }
  }
  return undefined;
}

/** The death benefit of every year is at least `percent`% of the premiums paid to date (the basis states it). */
const deathBenefitPercentOfPremiums =
  (
    where: string,
    inYear: (quote: PricedQuote) => (row: Record<string, number | string>) => boolean = () => () => true,
  ): Guarantee =>
  (quote, basis) => {
    const percent = numberAt(basis, `${where}.percentOfPremiumsPaid`);
    if (percent === undefined) return undefined;
    const short = deathBenefitShortfall(quote, (_, paid) => (paid * percent) / 100, inYear(quote));
    if (!short) return undefined;
    return `its death benefit in policy year ${short.row.policyYear} (${short.table.title}) is ₹${rupees(Number(short.row.deathBenefit))}, below the ${percent}% of premiums paid to date (₹${rupees(Math.round(short.floor))}) the basis states (${where}.percentOfPremiumsPaid)`;
  };

/** The life cover quoted is paid on death in every year of the policy. */
const deathBenefitAtLeastSumAssured: Guarantee = (quote) => {
  if (!quote.sumAssured) return undefined;
  const short = deathBenefitShortfall(quote, () => quote.sumAssured);
  if (!short) return undefined;
  return `its death benefit in policy year ${short.row.policyYear} (${short.table.title}) is ₹${rupees(Number(short.row.deathBenefit))}, below the sum assured it quotes (₹${rupees(quote.sumAssured)})`;
};

/** A guaranteed savings plan pays back, guaranteed, at least the premiums it asks for. */
const guaranteedBenefitsAtLeastPremiums: Guarantee = (quote) => {
  const benefits = quote.figures.totalBenefits;
  if (typeof benefits !== 'number') return undefined;
  if (benefits >= quote.premium.totalPayable) return undefined;
  const cover = quote.figures.deathBenefitInFirstYear;
  const coverText =
    typeof cover === 'number' && cover < quote.premium.totalPayable
      ? `, with life cover of ₹${rupees(cover)} in the first year`
      : '';
  return `it asks ₹${rupees(quote.premium.totalPayable)} in premiums for ₹${rupees(benefits)} of total guaranteed benefits${coverText}: a guaranteed savings plan pays back at least the premiums it asks for`;
};

/** A pension guaranteed for life is a pension: more than nothing. */
const annuityPaid: Guarantee = (quote) => {
  const annuity = quote.figures.annuityInstallmentAmount;
  return typeof annuity === 'number' && annuity <= 0
    ? `its guaranteed pension is ₹${rupees(annuity)}`
    : undefined;
};

/** Death in deferment (the years before the pension vests). */
const inDeferment = (quote: PricedQuote) => {
  const years = quote.figures.defermentYears;
  return (row: Record<string, number | string>) =>
    typeof years !== 'number' || Number(row.policyYear) <= years;
};

/**
 * Keyed by calculator (src/pricing/calculators.ts), each with where its guarantee is stated:
 * - milestoneSavings: 'Total Guaranteed Benefits' (milestone incomes and the maturity
 *   benefit, docs/pricing/milestoneSavings.md) for the premiums, and the basis's
 *   deathBenefit (the highest of a multiple of the premium, 105% of premiums paid, the
 *   maturity benefit);
 * - unitLinked: 'on death: the highest of the sum assured, 105% of premiums paid and the fund
 *   value' (the quote's sum assured row, the basis's deathBenefit);
 * - termLife: the life cover (sum assured) on death in every year;
 * - deferredAnnuity, guaranteedAnnuity: a pension for life, and death before it vests paying at
 *   least the basis's deferment.deathBenefit.percentOfPremiumsPaid of premiums paid.
 */
export const GUARANTEES: Record<string, Guarantee[]> = {
  milestoneSavings: [guaranteedBenefitsAtLeastPremiums, deathBenefitPercentOfPremiums('deathBenefit')],
  unitLinked: [deathBenefitAtLeastSumAssured, deathBenefitPercentOfPremiums('deathBenefit')],
  termLife: [deathBenefitAtLeastSumAssured],
  deferredAnnuity: [annuityPaid, deathBenefitPercentOfPremiums('deferment.deathBenefit', inDeferment)],
  guaranteedAnnuity: [annuityPaid, deathBenefitPercentOfPremiums('deferment.deathBenefit', inDeferment)],
};

/** '18', '18 and 20', '18 to 25', '3, 5 to 9 and 12'. */
export function agesText(ages: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < ages.length;) {
    let j = i;
    while (j + 1 < ages.length && ages[j + 1] === ages[j]! + 1) j++;
    runs.push(j === i ? `${ages[i]}` : j === i + 1 ? `${ages[i]}, ${ages[j]}` : `${ages[i]} to ${ages[j]}`);
    i = j + 1;
  }
  return runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
}

interface Failure {
  /** Same key, same problem: their ages are reported together. */
  key: string;
  /** Whose age it is, in words (Buyer.who). */
  who: string;
  file: string;
  where: string;
  /** The reason, without the ages. */
  reason: string;
  /** The figures of one age, for the message (the last age's is kept). */
  detail?: string;
  fix: string;
}

/** A step's preselected values in words: 'policyTerm 10, riders.ADB.add false' (below the field it binds). */
function leaves(node: unknown, path: string[]): string[] {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, [...path, key]));
  }
  return path.length > 1 ? [`${path.slice(1).join('.')} ${JSON.stringify(node)}`] : [];
}

/** The composed step schema's pointer of a form field's default ('/properties/planDetails/properties/policyTerm/default'). */
function defaultPointer(schema: unknown, path: string[]): string | undefined {
  let node = schema as JsonSchema | undefined;
  let pointer = '';
  for (const segment of path) {
    const properties = node?.properties as Record<string, JsonSchema> | undefined;
    if (!properties?.[segment]) return undefined;
    node = properties[segment];
    pointer += `/properties/${pointerSegment(segment)}`;
  }
  return node && 'default' in node ? `${pointer}/default` : undefined;
}

export function checkEntryAgeQuotes(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  root: string,
  today = new Date(),
): Problem[] {
  const { config } = plan;
  const pricing = planPricing(code, plan, files, root);
  if (!pricing || !('calculator' in pricing) || !config.quote) return [];
  const steps = journeySteps(plan, files, today);
  if (!steps) return [];

  // The quote's steps as preselected; every other step as the journey typed it.
  const quoteSteps = new Set(config.quote.steps);
  const defaulted = new Map<string, Data>();
  const typed: Typed[] = steps.map((entry) => {
    if (!quoteSteps.has(entry.form.id)) return entry;
    const data = preselected(entry.form, entry.data);
    defaulted.set(entry.form.id, data);
    return { ...entry, data };
  });
  const all = withPopups(typed, plan, files, today);
  const journey = applicationOf(all);

  const failures = new Map<string, { failure: Failure; ages: number[] }>();
  const fail = (age: number, failure: Failure) => {
    const seen = failures.get(failure.key);
    // The oldest age's words and figures are kept (the message quotes them).
    if (seen) {
      seen.ages.push(age);
      seen.failure = { ...seen.failure, reason: failure.reason, detail: failure.detail };
    } else failures.set(failure.key, { failure, ages: [age] });
  };

  /** Where a value of the application comes from: a quote step's default, or a journey case. */
  const placeOf = (pointer: string | undefined): { file: string; where: string } | undefined => {
    if (!pointer) return undefined;
    for (const id of quoteSteps) {
      const step = plan.steps[id];
      if (!step) continue;
      for (const [field, bound] of Object.entries(step.definition.bind)) {
        if (pointer !== bound && !pointer.startsWith(`${bound}/`)) continue;
        const path = [field, ...pointer.slice(bound.length).split('/').filter(Boolean)];
        const where = defaultPointer(files[step.definition.schema], path);
        if (where) return { file: step.definition.schema, where };
      }
    }
    return typedAt(pointer, all);
  };

  for (const buyer of buyersOf(plan, journey)) {
    const at = (limit: string) => ({ file: 'plan.json', where: limit });
    for (let age = buyer.ages.min; age <= buyer.ages.max; age++) {
      const state = clone(journey) as unknown as ApplicationState;
      const holder = state.basicDetails.policyHolder as Data;
      if (buyer.buyFor !== undefined) holder.buyFor = buyer.buyFor;
      if (buyer.person === 'insuredPerson') {
        // Someone the holder buys for: named, with the holder's gender and habits.
        const { fullName, gender, isSmoker, smoking } = holder;
        state.basicDetails.insuredPerson = {
          ...(state.basicDetails.insuredPerson as Data | undefined),
          fullName,
          gender,
          ...(isSmoker !== undefined ? { isSmoker } : {}),
          ...(smoking !== undefined ? { smoking } : {}),
          dateOfBirth: bornAt(today, age, buyer.ages.minDays),
        };
      } else {
        holder.dateOfBirth = bornAt(today, age, buyer.ages.minDays);
      }

      // The quote panel asks only once every quote step is valid (requestQuote.ts).
      const invalid = config.quote.steps.flatMap((id) => {
        const step = plan.steps[id];
        if (!step) return [];
        const data = Object.fromEntries(
          Object.entries(step.definition.bind).map(([field, pointer]) => [
            field,
            getByPointer(state, pointer),
          ]),
        );
        return validateData(step.schema, data, {
          uiSchema: step.uiSchema,
          validator: step.validator,
        }).errors.map((error) => ({ step, error }));
      });
      if (invalid.length) {
        for (const { step, error } of invalid) {
          const path = error.field.split('.');
          const pointer = step.definition.bind[path[0]!];
          const place = placeOf(pointer && `${pointer}/${path.slice(1).join('/')}`.replace(/\/$/, '')) ?? {
            file: step.definition.schema,
            where: '/',
          };
          fail(age, {
            who: buyer.who,
            key: `${buyer.who}|form|${step.id}|${error.field}|${error.message}`,
            ...place,
            reason: `is refused by the ${step.id} step: "${error.message}" (${error.field}): the quote panel waits for valid plan details and Next stops on this message`,
            fix: 'make the preselected values valid at every entry age',
          });
        }
        continue;
      }

      const priced = priceApplication(state, plan, pricing, today);
      if ('refusals' in priced) {
        for (const { field, message, what } of priced.refusals) {
          const pointer = applicationPointer(field, state, plan);
          const ofAge = /\.DOB$/.test(field) || pointer?.endsWith('/dateOfBirth');
          const place = ofAge ? at(buyer.limit) : (placeOf(pointer) ?? at(buyer.limit));
          fail(age, {
            who: buyer.who,
            key: `${buyer.who}|quote|${field}|${message.replace(/\d+/g, '#')}`,
            ...place,
            reason: `gets no quote: ${what} "${message}" (${field}): the quote panel shows this message instead of a quote, and Next stops on it`,
            fix: ofAge
              ? `make the plan's entry ages (plan.json ${buyer.limit}) the ones its basis prices`
              : 'derive the default from the facts so that it is valid at every entry age, or narrow plan.json ageLimits to the ages the product serves',
          });
        }
        continue;
      }
      for (const guarantee of GUARANTEES[config.calculator] ?? []) {
        const broken = guarantee(priced.quote, pricing.basis as Record<string, unknown>);
        if (!broken) continue;
        fail(age, {
          who: buyer.who,
          key: `${buyer.who}|guarantee|${GUARANTEES[config.calculator]!.indexOf(guarantee)}`,
          ...at(buyer.limit),
          reason: 'pays back less than the plan guarantees',
          detail: broken,
          fix: `change the basis (${pricing.calculator.basisFile}) so that it pays what it states, or narrow plan.json ${buyer.limit} to the ages it can serve`,
        });
      }
    }
  }

  const preset = [...defaulted.values()].flatMap((data) => leaves(data, [])).join(', ');
  return [...failures.values()].map(({ failure, ages }) => {
    const plural = ages.length > 1 ? 's' : '';
    const detail = failure.detail ? ` (at ${ages.at(-1)}: ${failure.detail})` : '';
    return {
      file: `plans/${code}/${failure.file}`,
      where: failure.where,
      message: `at entry age${plural} ${agesText(ages)} (${failure.who}), what the visitor sees preselected (${preset}) ${failure.reason}${detail}. Every entry age of plan.json ageLimits gets a quote that keeps the plan's guarantees: ${failure.fix}.`,
    };
  });
}

export type { PlanPricing };
