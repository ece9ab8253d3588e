import type { AnnuitantMortalityBasis } from './deferredAnnuityBasis.ts';
import { tableAgeRange, tableQ, type MortalityTable } from './mortalityTable.ts';
import { preparedOncePer } from './preparedOnce.ts';

/** q(x) of one life by integer age last birthday. */
export type QxFunction = (age: number) => number;

/**
 * r(x), the ratio of annuitant to base-table mortality: linear between the ages the basis
 * lists, flat outside them.
 */
export function annuitantRatioCurve(ratios: Record<string, number>): (age: number) => number {
  const points = Object.entries(ratios)
    .map(([a, r]) => [Number(a), r] as const)
    .sort((p, q) => p[0] - q[0]);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) throw new Error('The basis lists no annuitant ratios');
  return (age) => {
    if (age <= first[0]) return first[1];
    if (age >= last[0]) return last[1];
    const k = points.findIndex(([a]) => a >= age);
    const [a0, r0] = points[k - 1]!;
    const [a1, r1] = points[k]!;
    return r0 + ((r1 - r0) * (age - a0)) / (a1 - a0);
  };
}

/**
 * APPROXIMATION (see the basis's approximationNote and the illustration footnote): the
 * annuitant table is not available, so annuitant q(x) = base q(x) × r(x). The limiting
 * age keeps q = 1. A setback rates a life as one that many years younger; a gender
 * defined as an average of others takes the mean of their q(x).
 */
const prepared = new WeakMap<MortalityTable, WeakMap<AnnuitantMortalityBasis, Map<string, QxFunction>>>();

/**
 * A life's annuitant q(x), drawn once a table, basis and gender (its rates kept by age as
 * they are asked for), so a quote reads a prepared curve instead of drawing it again.
 */
export function annuitantQx(
  table: MortalityTable,
  basis: AnnuitantMortalityBasis,
  gender: string,
): QxFunction {
  return preparedOncePer(prepared, table, basis, gender, () => drawAnnuitantQx(table, basis, gender));
}

function drawAnnuitantQx(
  table: MortalityTable,
  basis: AnnuitantMortalityBasis,
  gender: string,
  seen: string[] = [],
): QxFunction {
  const genderBasis = basis.genders[gender];
  if (!genderBasis) throw new Error(`The basis has no mortality for gender '${gender}'`);
  if (seen.includes(gender)) throw new Error(`Gender '${gender}' is defined in terms of itself`);
  if ('averageOf' in genderBasis) {
    const parts = genderBasis.averageOf.map((g) => drawAnnuitantQx(table, basis, g, [...seen, gender]));
    return (age) => parts.reduce((sum, q) => sum + q(age), 0) / parts.length;
  }
  const range = tableAgeRange(table);
  const ratio = annuitantRatioCurve(basis.annuitantRatios);
  const cache = new Map<number, number>();
  return (age) => {
    let q = cache.get(age);
    if (q === undefined) {
      const rated = age - genderBasis.setbackYears;
      const base = tableQ(table, rated, range);
      q = base >= 1 ? 1 : Math.min(1, base * ratio(rated));
      cache.set(age, q);
    }
    return q;
  };
}
