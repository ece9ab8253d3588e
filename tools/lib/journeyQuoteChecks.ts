import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedPlan, LoadedStep, PlanFiles } from '../../engine/plan/types.ts';
import { holds } from '../../engine/plan/conditions.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { buildQuoteRequest, lifeAssured } from '../../src/journey/quote/quoteRequest.ts';
import type { Calculator, PricedQuote } from '../../src/pricing/calculator.ts';
import { calculators } from '../../src/pricing/calculators.ts';
import type { MortalityTable } from '../../src/pricing/mortalityTable.ts';
import { ApiError } from '../../src/server/lib/ApiError.ts';
import {
  compilePlanFieldsChecks,
  type PlanFieldsCheck,
} from '../../src/server/api/quotes/calculatorInputs.ts';
import { calculatorRequest, priceQuote, requestErrors } from '../../src/server/api/quotes/priceQuote.ts';
import type { QuoteRequest } from '../../src/server/api/quotes/quoteRequest.ts';
import { resolveFixtureData } from './fixtureDates.ts';
import { pointerSegment, type Problem } from './problem.ts';

/*
 * A plan that validates also prices: the visitor the fixtures describe — each step's
 * "journey" case, typed in plan.json's order (and a popup's whose `when` then holds, a joint
 * life) — gets a quote. The application they make is turned into the quote request as the
 * browser builds it (src/journey/quote/quoteRequest.ts) and priced as the quote route prices
 * it (src/server/api/quotes: the common checks, the calculator's inputSchema, then the
 * calculator with the plan's basis), today. When it cannot be priced, the problem is the
 * calculator's (or the schema's) own reason, at the journey case's field it is about.
 */

const JOURNEY_CASE = 'journey';

interface FixtureFile {
  cases?: Array<{ name?: string; data?: Record<string, unknown> }>;
}

/** Each calculator's inputSchema check, compiled once (as the quote routes compile them). */
let fieldChecks: Map<string, PlanFieldsCheck> | undefined;
function checksOf(): Map<string, PlanFieldsCheck> {
  fieldChecks ??= compilePlanFieldsChecks(calculators);
  return fieldChecks;
}

export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export interface Typed {
  form: LoadedStep;
  /** The fixture file (plan-relative) and the journey case's index in it. */
  fixtures: string;
  index: number;
  data: Record<string, unknown>;
}

/** The journey case of a form: its file, index and data (dates resolved); undefined without one. */
export function journeyOf(form: LoadedStep, files: PlanFiles, today: Date): Typed | undefined {
  const path = form.definition.fixtures;
  const cases = path ? (files[path] as FixtureFile | undefined)?.cases : undefined;
  const index = cases?.findIndex((c) => c.name === JOURNEY_CASE) ?? -1;
  if (!path || !cases || index < 0) return undefined;
  return { form, fixtures: path, index, data: resolveFixtureData(cases[index]!.data ?? {}, today) };
}

/** The application the typed cases make, each form's fields written where it binds them. */
export function applicationOf(typed: Typed[]): Record<string, unknown> {
  const state: Record<string, unknown> = {
    basicDetails: { policyHolder: {}, insuredPerson: {} },
    planDetails: {},
  };
  for (const { form, data } of typed) {
    for (const [field, pointer] of Object.entries(form.definition.bind)) {
      const value = data[field];
      if (value === undefined) continue;
      const segments = pointer.replace(/^\//, '').split('/');
      let target = state;
      for (const segment of segments.slice(0, -1)) {
        target[segment] ??= {};
        target = target[segment] as Record<string, unknown>;
      }
      const last = segments.at(-1)!;
      const before = target[last];
      target[last] =
        before && typeof before === 'object' && value && typeof value === 'object'
          ? { ...(before as object), ...(value as object) }
          : value;
    }
  }
  return state;
}

const LIFE_FIELDS: Record<string, string> = {
  DOB: 'dateOfBirth',
  Gender: 'gender',
  FirstName: 'fullName',
  LastName: 'fullName',
  IsSmoker: 'smoking',
  Relationship: 'relation',
};

/** The place in the application a request field comes from ('LifeAssuredDetail.DOB' → '/basicDetails/policyHolder/dateOfBirth'). */
export function applicationPointer(
  field: string,
  state: ApplicationState,
  plan: LoadedPlan,
): string | undefined {
  const [section = '', name = ''] = field.split('.');
  if (section === 'PlanSectionDetails') {
    const source = plan.config.quote?.planSection?.[name];
    return typeof source === 'string' ? source : undefined;
  }
  const holder = state.basicDetails.policyHolder;
  const person =
    section === 'LifeAssuredDetail'
      ? lifeAssured(state) === holder
        ? '/basicDetails/policyHolder'
        : '/basicDetails/insuredPerson'
      : section === 'SecondaryLifeAssuredDetail'
        ? '/basicDetails/insuredPerson'
        : section === 'ProposerDetail'
          ? '/basicDetails/policyHolder'
          : undefined;
  if (!person) return undefined;
  return name ? `${person}/${LIFE_FIELDS[name] ?? name}` : person;
}

/** The journey case field a place of the application was typed in: its fixture file and pointer. */
export function typedAt(
  pointer: string | undefined,
  typed: Typed[],
): { file: string; where: string } | undefined {
  if (!pointer) return undefined;
  for (const entry of [...typed].reverse()) {
    for (const [field, bound] of Object.entries(entry.form.definition.bind)) {
      if (pointer !== bound && !pointer.startsWith(`${bound}/`)) continue;
      const rest = pointer.slice(bound.length);
      const value = rest
        .split('/')
        .filter(Boolean)
        .reduce<unknown>((node, s) => (node as Record<string, unknown> | undefined)?.[s], entry.data[field]);
      if (value === undefined) continue;
      return { file: entry.fixtures, where: `/cases/${entry.index}/data/${pointerSegment(field)}${rest}` };
    }
  }
  return undefined;
}

/** What prices a plan's quotes in plans:validate: its calculator, the calculator's inputSchema check, its basis and mortality table. */
export interface PlanPricing {
  calculator: Calculator<unknown>;
  check: PlanFieldsCheck;
  basis: unknown;
  mortality: MortalityTable;
}

/**
 * The plan's calculator, its checks, basis and mortality table; undefined when the plan
 * cannot be priced for a reason another check reports (no quote, an unknown calculator, a
 * missing basis or another plan's), or a problem when its mortality table cannot be read.
 */
export function planPricing(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  root: string,
): PlanPricing | Problem | undefined {
  const { config } = plan;
  const calculator = (
    Object.hasOwn(calculators, config.calculator) ? calculators[config.calculator] : undefined
  ) as Calculator<unknown> | undefined;
  const check = checksOf().get(config.calculator);
  const basis = calculator ? files[calculator.basisFile] : undefined;
  if (!config.quote || !calculator || !check || basis === undefined) return undefined;
  // A basis that is another plan's is refused before any pricing (basisRuleChecks.ts says so).
  const basisPlan = (basis as { planCode?: unknown }).planCode;
  if (typeof basisPlan === 'string' && basisPlan !== config.planCode) return undefined;
  try {
    const mortality = JSON.parse(
      readFileSync(join(root, 'common', 'mortality', `${calculator.mortalityTable(basis)}.json`), 'utf8'),
    ) as MortalityTable;
    return { calculator, check, basis, mortality };
  } catch (error) {
    return {
      file: `plans/${code}/${calculator.basisFile}`,
      where: '/',
      message: `names a mortality table plans:validate cannot read: ${(error as Error).message}`,
    };
  }
}

/** The journey cases of the plan's steps, in plan.json's order; undefined when a step has none. */
export function journeySteps(plan: LoadedPlan, files: PlanFiles, today: Date): Typed[] | undefined {
  const typed: Typed[] = [];
  for (const id of Object.keys(plan.config.steps)) {
    const journey = plan.steps[id] ? journeyOf(plan.steps[id]!, files, today) : undefined;
    // Without every step's journey case the fixtures do not describe a visitor to price.
    if (!journey) return undefined;
    typed.push(journey);
  }
  return typed;
}

/** The steps' cases and, after them, each popup's journey case whose `when` holds on what they make (a joint life). */
export function withPopups(typed: Typed[], plan: LoadedPlan, files: PlanFiles, today: Date): Typed[] {
  const state = applicationOf(typed);
  const all = [...typed];
  for (const popup of Object.values(plan.popups)) {
    if (!popup.definition.when || !holds(popup.definition.when, state as never)) continue;
    const journey = journeyOf(popup, files, today);
    if (journey) all.push(journey);
  }
  return all;
}

/** Why a quote request is not priced: the request field and the words of the check that refuses it. */
export interface Refusal {
  field: string;
  message: string;
  /** Who refuses it, in words: 'the quote request is refused:' or 'the T calculator refuses it:'. */
  what: string;
}

/**
 * Prices an application as the quote route does: the quote request the browser builds, the
 * common checks and the calculator's inputSchema, then the calculator with the plan's basis.
 */
export function priceApplication(
  application: ApplicationState,
  plan: LoadedPlan,
  pricing: PlanPricing,
  today: Date,
): { request: QuoteRequest; quote: PricedQuote } | { request: QuoteRequest; refusals: Refusal[] } {
  const { config } = plan;
  const proposalDate = isoDay(today);
  const request = buildQuoteRequest(application, config, proposalDate) as unknown as QuoteRequest;
  const checked = pricing.check(request.PlanSectionDetails);
  const errors = [...requestErrors(request), ...checked.errors];
  if (errors.length) {
    return {
      request,
      refusals: errors.map((e) => ({ ...e, what: 'the quote request is refused:' })),
    };
  }
  try {
    const quote = priceQuote(
      { calculator: pricing.calculator, basis: pricing.basis, tables: { mortality: pricing.mortality } },
      calculatorRequest(request, checked.plan, proposalDate),
    );
    return { request, quote };
  } catch (error) {
    if (error instanceof ApiError) {
      const first = error.errors?.[0];
      return {
        request,
        refusals: [
          {
            field: first?.field ?? 'PlanSectionDetails',
            message: first?.message ?? error.message,
            what: `the ${config.calculator} calculator refuses it:`,
          },
        ],
      };
    }
    return {
      request,
      refusals: [
        {
          field: 'PlanSectionDetails',
          message: (error as Error).message,
          what: `the ${config.calculator} calculator fails:`,
        },
      ],
    };
  }
}

export function checkJourneyQuote(
  code: string,
  plan: LoadedPlan,
  files: PlanFiles,
  root: string,
  today = new Date(),
): Problem[] {
  const pricing = planPricing(code, plan, files, root);
  if (!pricing) return [];
  if (!('calculator' in pricing)) return [pricing];
  const steps = journeySteps(plan, files, today);
  if (!steps) return [];
  const typed = withPopups(steps, plan, files, today);
  const application = applicationOf(typed) as unknown as ApplicationState;
  const priced = priceApplication(application, plan, pricing, today);
  if (!('refusals' in priced)) return [];

  const quoteStep = typed.find((t) => t.form.id === plan.config.quote!.steps.at(-1)) ?? typed.at(-1)!;
  return priced.refusals.map(({ field, message, what }) => {
    const place = typedAt(applicationPointer(field, application, plan), typed) ?? {
      file: quoteStep.fixtures,
      where: `/cases/${quoteStep.index}`,
    };
    return {
      file: `plans/${code}/${place.file}`,
      where: place.where,
      message: `the fixture journey (the "journey" case of each step, priced today) does not price: ${what} "${message}" (${field}). A plan that validates gets a quote for its own journey: change this case, or the plan's rules or basis that refuse it.`,
    };
  });
}
