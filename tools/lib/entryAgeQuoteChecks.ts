import type { LoadedPlan, PlanFiles } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { getByPointer } from '../../engine/schema/pointer.ts';
import type { ApplicationState } from '../../engine/state/applicationState.ts';
import { validateData } from '../../engine/validation/validateData.ts';
import { applicationPointer } from './applicationPointer.ts';
import { clone } from './dataPath.ts';
import { bornAt, buyersOf } from './entryAgeBuyers.ts';
import { applicationOf, journeySteps, typedAt, withPopups, type Typed } from './journeyCases.ts';
import { planPricing } from './planPricing.ts';
import { preselected, valuesInWords } from './preselected.ts';
import { priceApplication } from './priceApplication.ts';
import { pointerSegment, type Problem } from './problem.ts';
import { GUARANTEES } from './quoteGuarantees.ts';

/*
 * Every entry age gets a quote (issue 17). A visitor who opens the quote's steps sees their
 * schema defaults preselected and types only what the forms require and do not preselect; the
 * quote panel asks for a quote once those steps are valid (src/journey/quote/requestQuote.ts)
 * and, when the server refuses it, shows the refusal instead of a quote (as Next does). So for
 * each plan, the visitor its fixtures describe (the "journey" case of each step,
 * journeyCases.ts) keeps only what the quote steps require without a default; everything else
 * takes its default, as the browser fills it (getDefaultFormState, as
 * src/app/journey/Journey.tsx; preselected.ts). That application is priced at every whole
 * entry age of plan.json ageLimits (entryAgeBuyers.ts):
 *
 * - buying for themselves (or a plan that asks no buyFor), the holder is the life insured:
 *   every age where the proposer's and the insured's limits overlap;
 * - buying for someone else (a spouse or child, where the form offers it), the insured person
 *   at every age of the insured's limits, the holder as the journey has them.
 *
 * Each age must pass the quote steps' own rules, be priced by the plan's calculator (as the
 * quote route prices it) and pay back what the calculator's kind states it guarantees
 * (quoteGuarantees.ts). A failure names the ages, the calculator's (or form's) reason and the
 * field, at the default, the journey case or the age limits it comes from.
 */

type Data = Record<string, unknown>;

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

  const preset = [...defaulted.values()].flatMap((data) => valuesInWords(data, [])).join(', ');
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
