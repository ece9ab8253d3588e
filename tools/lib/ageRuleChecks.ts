import type { AgeLimit, LoadedPlan } from '../../engine/plan/types.ts';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { numbersIn, type Problem } from './problem.ts';
import { walkSchema, type SchemaVisit } from './schemaWalk.ts';

/*
 * One source for age limits: plan.json `ageLimits` says them once; every date of birth a
 * form checks with `ageRange` must repeat exactly those limits — the proposer's (also the
 * resume popup's, which looks the holder up by date of birth, unless plan.json states
 * `ageLimits.resume`), the insured person's (a joint life's second life: `ageLimits.secondLife`
 * when plan.json states it), an organisation's — and its message must not quote other ages. A second life's `ageDifference`
 * must equal `ageLimits.secondaryAgeDifference`.
 */

type Person = 'proposer' | 'insured';

const describe = (limit: Partial<AgeLimit> | undefined) => {
  if (!limit) return 'nothing';
  const years =
    limit.max === undefined
      ? `ages from ${limit.min ?? 0}, no maximum`
      : `ages ${limit.min ?? 0} to ${limit.max}`;
  return limit.minDays === undefined ? years : `${years}, and at least ${limit.minDays} days old`;
};

const same = (a: Partial<AgeLimit>, b: Partial<AgeLimit>) =>
  a.min === b.min && a.max === b.max && a.minDays === b.minDays;

/** The condition of a branch tests for an organisation proposer (then of "Organisation", else of "Individual"). */
function organisationBranch({ branches }: SchemaVisit): boolean {
  return branches.some(({ condition, branch }) => {
    const text = JSON.stringify(condition);
    return branch === 'then' ? text.includes('"Organisation"') : text.includes('"Individual"');
  });
}

/** The condition of a branch tests for a proposer buying for themselves (buyFor "Myself"). */
function selfInsuredBranch({ branches }: SchemaVisit): boolean {
  return branches.some(
    ({ condition, branch }) =>
      branch === 'then' && /"buyFor":\{[^}]*"const":"Myself"/.test(JSON.stringify(condition)),
  );
}

/** The ages both limits allow (an adult proposer is past any minimum in days). */
function overlap(a: AgeLimit, b: AgeLimit): Partial<AgeLimit> {
  const max = a.max === undefined ? b.max : b.max === undefined ? a.max : Math.min(a.max, b.max);
  return { min: Math.max(a.min, b.min), ...(max !== undefined ? { max } : {}) };
}

/** Whose date of birth a form field is, from the place the form binds it to. */
function personOf(bind: Record<string, string>, dataPath: string[]): { person?: Person; place: string } {
  const [field, ...rest] = dataPath;
  if (Object.keys(bind).length === 0) {
    // An unbound form that asks a date of birth is the resume lookup: the holder's.
    return { person: 'proposer', place: `(lookup) ${dataPath.join('.')}` };
  }
  const base = field !== undefined ? bind[field] : undefined;
  if (base === undefined) return { place: dataPath.join('.') };
  const place = [base, ...rest].join('/');
  if (place.startsWith('/basicDetails/policyHolder/')) return { person: 'proposer', place };
  if (place.startsWith('/basicDetails/insuredPerson/')) return { person: 'insured', place };
  return { place };
}

function messageOf(schema: JsonSchema, keyword: string): string | undefined {
  const message = schema.errorMessage;
  if (typeof message === 'string') return message;
  const own = (message as Record<string, unknown> | undefined)?.[keyword];
  return typeof own === 'string' ? own : undefined;
}

export function checkAgeRules(code: string, plan: LoadedPlan): Problem[] {
  const problems: Problem[] = [];
  const limits = plan.config.ageLimits;
  if (!limits) return problems;
  const { resume, secondLife } = limits as { resume?: Partial<AgeLimit>; secondLife?: Partial<AgeLimit> };
  const forms = [...Object.values(plan.steps), ...Object.values(plan.popups)];
  for (const form of forms) {
    const file = `plans/${code}/${form.definition.schema}`;
    walkSchema(form.schema, (at) => {
      const { schema, schemaPath, dataPath } = at;
      const range = schema.ageRange as Partial<AgeLimit> | undefined;
      if (range && typeof range === 'object') {
        const { person, place } = personOf(form.definition.bind, dataPath);
        if (!person) return;
        const organisation = person === 'proposer' && organisationBranch(at);
        // The resume lookup may state its own range (spec 02 §5.5 gives some plans 18-99 there).
        const lookup = Object.keys(form.definition.bind).length === 0 && resume !== undefined;
        // A second life (checked against the holder with ageDifference, or asked by a popup
        // whose data is part of the application only sometimes: a joint life) may state its own range.
        const second =
          person === 'insured' &&
          secondLife !== undefined &&
          (schema.ageDifference !== undefined || form.definition.when !== undefined);
        // Buying for themselves, the proposer is the life insured: both ranges apply, and a
        // branch on buyFor "Myself" states where they overlap.
        const self = person === 'proposer' && !organisation && selfInsuredBranch(at);
        const source = organisation
          ? '/ageLimits/organisation'
          : self
            ? '/ageLimits/proposer and /ageLimits/insured (where they overlap)'
            : lookup
              ? '/ageLimits/resume'
              : second
                ? '/ageLimits/secondLife'
                : `/ageLimits/${person}`;
        const expected: Partial<AgeLimit> | undefined = organisation
          ? limits.organisation
          : self
            ? overlap(limits.proposer, limits.insured)
            : lookup
              ? resume
              : second
                ? secondLife
                : limits[person];
        const wanted = { min: expected?.min, max: expected?.max, minDays: expected?.minDays };
        if (!expected || !same({ min: range.min, max: range.max, minDays: range.minDays }, wanted)) {
          problems.push({
            file,
            where: schemaPath,
            message: `the ${organisation ? 'organisation’s date of incorporation' : `${person}’s date of birth`} (${place}) allows ${describe(range)} here, but plan.json ${source} says ${describe(expected)}. Age limits are written once in plan.json; make this ageRange the same.`,
          });
        }
        const text = messageOf(schema, 'ageRange');
        const allowed = [wanted.min, wanted.max, wanted.minDays, limits.secondaryAgeDifference];
        const stray = text ? numbersIn(text).filter((n) => !allowed.includes(n)) : [];
        if (text && stray.length) {
          problems.push({
            file,
            where: `${schemaPath}/errorMessage`,
            message: `the message "${text}" quotes ${stray.join(' and ')}, but plan.json ${source} says ${describe(expected)}`,
          });
        }
      }
      const difference = schema.ageDifference as { maxYears?: number } | undefined;
      if (
        difference &&
        typeof difference === 'object' &&
        difference.maxYears !== limits.secondaryAgeDifference
      ) {
        problems.push({
          file,
          where: `${schemaPath}/ageDifference`,
          message: `allows ${String(difference.maxYears)} years between the two lives, but plan.json /ageLimits/secondaryAgeDifference says ${String(limits.secondaryAgeDifference ?? 'nothing')}`,
        });
      }
    });
  }
  return problems;
}
