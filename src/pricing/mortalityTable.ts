import { preparedOnce } from './preparedOnce.ts';

/**
 * A vendored mortality table (schemas/common/mortality/<id>.json, written by
 * tools/importMortality.ts): q(x) by integer age last birthday, ending at the limiting
 * age where q = 1.
 */
export interface MortalityTable {
  id: string;
  source: string;
  table: string;
  ageBasis: string;
  qx: Record<string, number>;
}

const ranges = new WeakMap<MortalityTable, { min: number; max: number }>();

/** First and last (limiting) age of the table, taken once a table. */
export function tableAgeRange(table: MortalityTable): { min: number; max: number } {
  return preparedOnce(ranges, table, () => {
    const ages = Object.keys(table.qx).map(Number);
    return { min: Math.min(...ages), max: Math.max(...ages) };
  });
}

/**
 * q at an integer age. Below the table's first age the first rate applies; at and beyond
 * the limiting age q = 1, so every survival curve ends.
 */
export function tableQ(table: MortalityTable, age: number, range = tableAgeRange(table)): number {
  if (age >= range.max) return 1;
  const q = table.qx[String(Math.max(range.min, age))];
  if (q === undefined) throw new Error(`${table.id}: no q for age ${age}`);
  return q;
}
