import type { AgeLimit, PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';

/*
 * The pricing basis and plan.json agree on the plan and its ages: the basis is the plan's
 * (its planCode and calculator are plan.json's: a copied basis still naming the plan it came
 * from makes the quote route refuse every quote), the entry ages it prices are the life
 * assured's of plan.json `ageLimits` (a second or joint life's, their age difference, too),
 * and a rider's entry ages lie within them; a table by entry age starts at or below the
 * youngest entry age it serves. Each basis kind keeps these where src/pricing/*Basis.ts says:
 * `ages.entry`, `ages.secondLife` (guaranteedAnnuity), `ages.jointLife` (deferredAnnuity),
 * `riders[].entryAge` (unitLinked), `…ByEntryAge` tables (milestoneSavings, unitLinked riders).
 */

interface Range {
  min?: unknown;
  max?: unknown;
}

interface BasisFacts {
  planCode?: unknown;
  calculator?: unknown;
  ages?: {
    entry?: Range;
    secondLife?: Range;
    jointLife?: Range & { maxAgeDifference?: unknown };
  };
  riders?: Array<{ code?: unknown; entryAge?: Range; premiumPerThousandByEntryAge?: unknown }>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

export function checkBasisRules(
  code: string,
  config: PlanConfig,
  files: PlanFiles,
  calculator: RegisteredCalculator | undefined,
): Problem[] {
  if (!calculator) return [];
  const basis = files[calculator.basisFile] as BasisFacts | undefined;
  if (!isObject(basis)) return [];
  const file = `plans/${code}/${calculator.basisFile}`;
  const problems: Problem[] = [];

  if (basis.planCode !== undefined && basis.planCode !== config.planCode) {
    problems.push({
      file,
      where: '/planCode',
      message: `is ${show(basis.planCode)}, but plan.json /planCode is "${config.planCode}": this basis is another plan's, and the quote route refuses every quote of a plan whose basis is not its own. Write "{{planCode}}" (or "${config.planCode}").`,
    });
  }
  if (basis.calculator !== undefined && basis.calculator !== config.calculator) {
    problems.push({
      file,
      where: '/calculator',
      message: `is ${show(basis.calculator)}, but plan.json /calculator is "${config.calculator}": a basis is read by the calculator plan.json names. Make them the same.`,
    });
  }

  const limits = config.ageLimits as PlanConfig['ageLimits'] | undefined;
  if (!limits) return problems;
  /** A basis range that must be the same as a plan.json range. */
  const same = (
    where: string,
    range: Range | undefined,
    source: string,
    limit: Partial<AgeLimit> | undefined,
  ) => {
    if (!isObject(range) || !limit) return;
    for (const end of ['min', 'max'] as const) {
      const priced = range[end];
      const allowed = limit[end];
      if (priced === undefined || priced === allowed) continue;
      let effect = '';
      if (typeof priced === 'number' && typeof allowed === 'number') {
        const [low, high] = [Math.min(priced, allowed), Math.max(priced, allowed)];
        const [from, to] = end === 'min' ? [low, high - 1] : [low + 1, high];
        const span = from === to ? `aged ${from}` : `aged ${from} to ${to}`;
        const formsOnly = end === 'min' ? priced > allowed : priced < allowed;
        effect = formsOnly
          ? ` (a life ${span} passes the forms but gets no quote)`
          : ` (the calculator prices a life ${span}, whom the forms refuse)`;
      }
      problems.push({
        file,
        where: `${where}/${end}`,
        message: `is ${show(priced)}, but plan.json ${source}/${end} is ${show(allowed)}${effect}. Write "{{${source.slice(1).replace(/\//g, '.')}.${end}}}" so the basis follows plan.json.`,
      });
    }
  };
  /** A basis range that must lie within a plan.json range. */
  const within = (
    where: string,
    range: Range | undefined,
    source: string,
    limit: Partial<AgeLimit> | undefined,
  ) => {
    if (!isObject(range) || !limit) return;
    if (typeof range.min === 'number' && typeof limit.min === 'number' && range.min < limit.min) {
      problems.push({
        file,
        where: `${where}/min`,
        message: `is ${range.min}, below plan.json ${source}/min (${limit.min}): no one that young can buy the plan. Make it ${limit.min} or more.`,
      });
    }
    if (typeof range.max === 'number' && typeof limit.max === 'number' && range.max > limit.max) {
      problems.push({
        file,
        where: `${where}/max`,
        message: `is ${range.max}, above plan.json ${source}/max (${limit.max}): no one that old can buy the plan. Make it ${limit.max} or less.`,
      });
    }
  };
  /** A table by entry age ({ "18": 10, "45": 7 }) has a band for the youngest age it serves. */
  const banded = (where: string, table: unknown, youngest: unknown, whose: string) => {
    if (!isObject(table) || typeof youngest !== 'number') return;
    const ages = Object.keys(table).map(Number).filter(Number.isFinite);
    if (ages.length === 0) return;
    const lowest = Math.min(...ages);
    if (lowest > youngest) {
      problems.push({
        file,
        where,
        message: `starts at age ${lowest}, but ${whose} from age ${youngest}: ages ${youngest} to ${lowest - 1} have no band. Start it at ${youngest}.`,
      });
    }
  };

  const ages = isObject(basis.ages) ? (basis.ages as NonNullable<BasisFacts['ages']>) : undefined;
  // A second life has its own range when plan.json states one, else the life assured's.
  const second: [string, Partial<AgeLimit>] = limits.secondLife
    ? ['/ageLimits/secondLife', limits.secondLife]
    : ['/ageLimits/insured', limits.insured];
  same('/ages/entry', ages?.entry, '/ageLimits/insured', limits.insured);
  same('/ages/secondLife', ages?.secondLife, ...second);
  const joint = ages?.jointLife;
  if (isObject(joint)) {
    same('/ages/jointLife', joint, ...second);
    const difference = joint.maxAgeDifference;
    if (difference !== undefined && difference !== limits.secondaryAgeDifference) {
      problems.push({
        file,
        where: '/ages/jointLife/maxAgeDifference',
        message: `is ${show(difference)}, but plan.json /ageLimits/secondaryAgeDifference is ${show(limits.secondaryAgeDifference)}: the calculator would price joint lives the forms refuse, or refuse ones they accept. Write "{{ageLimits.secondaryAgeDifference}}".`,
      });
    }
  }
  for (const [key, value] of Object.entries(basis as Record<string, unknown>)) {
    if (isObject(value))
      for (const [name, table] of Object.entries(value))
        if (/ByEntryAge$/.test(name))
          banded(
            `/${key}/${name}`,
            table,
            limits.insured.min,
            'plan.json /ageLimits/insured/min accepts lives',
          );
  }
  (Array.isArray(basis.riders) ? basis.riders : []).forEach((rider, index) => {
    const where = `/riders/${index}`;
    within(`${where}/entryAge`, rider.entryAge, '/ageLimits/insured', limits.insured);
    const youngest = isObject(rider.entryAge) ? rider.entryAge.min : undefined;
    banded(
      `${where}/premiumPerThousandByEntryAge`,
      rider.premiumPerThousandByEntryAge,
      youngest,
      `the rider takes lives (${where}/entryAge/min)`,
    );
  });
  return problems;
}
