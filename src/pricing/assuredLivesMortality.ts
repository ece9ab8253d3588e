import type { QxFunction } from './annuitantMortality.ts';
import { tableAgeRange, tableQ, type MortalityTable } from './mortalityTable.ts';
import type { LifeMortalityBasis } from './planBasis.ts';
import { preparedOncePer } from './preparedOnce.ts';

/**
 * q(x) of an insured life from the assured-lives table (IALM 2012-14) as the basis rates it:
 * a setback rates a life as one that many years younger (no separate female table is
 * available); a gender defined as an average takes the mean q of the others; `multiplier`
 * loads every q (a smoker's loading), capped at 1. The limiting age keeps q = 1.
 */
export function assuredLivesQx(
  table: MortalityTable,
  basis: Pick<LifeMortalityBasis, 'genders'>,
  gender: string,
  multiplier = 1,
): QxFunction {
  return preparedOncePer(prepared, table, basis, `${gender}|${multiplier}`, () => {
    const q = drawAssuredLivesQx(table, basis, gender, multiplier);
    const byAge = new Map<number, number>();
    return (age) => {
      let rate = byAge.get(age);
      if (rate === undefined) {
        rate = q(age);
        byAge.set(age, rate);
      }
      return rate;
    };
  });
}

const prepared = new WeakMap<
  MortalityTable,
  WeakMap<Pick<LifeMortalityBasis, 'genders'>, Map<string, QxFunction>>
>();

function drawAssuredLivesQx(
  table: MortalityTable,
  basis: Pick<LifeMortalityBasis, 'genders'>,
  gender: string,
  multiplier: number,
  seen: string[] = [],
): QxFunction {
  const genderBasis = basis.genders[gender];
  if (!genderBasis) throw new Error(`The basis has no mortality for gender '${gender}'`);
  if (seen.includes(gender)) throw new Error(`Gender '${gender}' is defined in terms of itself`);
  if ('averageOf' in genderBasis) {
    const parts = genderBasis.averageOf.map((g) =>
      drawAssuredLivesQx(table, basis, g, multiplier, [...seen, gender]),
    );
    return (age) => parts.reduce((sum, q) => sum + q(age), 0) / parts.length;
  }
  const range = tableAgeRange(table);
  return (age) => {
    const base = tableQ(table, age - genderBasis.setbackYears, range);
    return base >= 1 ? 1 : Math.min(1, base * multiplier);
  };
}
