/*
 * The figures of a pricing basis that plan.json also states, found wherever the basis keeps
 * them (bases differ by calculator):
 * - its frequency table: a list of { value: 'Yearly' | …, code?, annualisationDivisor,
 *   minimumInstalment | minimumPremium? };
 * - its bonuses and discounts: objects { id, percent } (e.g. annuity.bonuses, discounts),
 *   matched to plan.json `offers` by id.
 */

export interface BasisFrequency {
  value: string;
  code?: number;
  annualisationDivisor?: number;
  minimum?: number;
  maximum?: number;
  /** JSON Pointer of the row in the basis file. */
  where: string;
}

export interface BasisPercent {
  percent: number;
  where: string;
}

const FREQUENCIES = new Set(['Single', 'Yearly', 'Half Yearly', 'Quarterly', 'Monthly']);
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

function visit(node: unknown, path: string, each: (node: unknown, path: string) => void) {
  each(node, path);
  if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${path}/${index}`, each));
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) visit(value, `${path}/${key}`, each);
}

/** The basis's premium frequency table (the first list of frequency rows with a divisor), if it has one. */
export function basisFrequencies(basis: unknown): BasisFrequency[] | undefined {
  let found: BasisFrequency[] | undefined;
  visit(basis, '', (node, path) => {
    if (found || !Array.isArray(node) || node.length === 0) return;
    const rows = node.every(
      (row) =>
        isObject(row) && FREQUENCIES.has(row.value as string) && typeof row.annualisationDivisor === 'number',
    );
    if (!rows) return;
    found = (node as Record<string, unknown>[]).map((row, index) => {
      const minimum = row.minimumInstalment ?? row.minimumPremium;
      const maximum = row.maximumInstalment ?? row.maximumPremium;
      return {
        value: row.value as string,
        ...(typeof row.code === 'number' ? { code: row.code } : {}),
        annualisationDivisor: row.annualisationDivisor as number,
        ...(typeof minimum === 'number' ? { minimum } : {}),
        ...(typeof maximum === 'number' ? { maximum } : {}),
        where: `${path}/${index}`,
      };
    });
  });
  return found;
}

/** Every { id, percent } the basis holds, by id (bonuses and discounts). */
export function basisPercents(basis: unknown): Map<string, BasisPercent> {
  const found = new Map<string, BasisPercent>();
  visit(basis, '', (node, path) => {
    if (
      isObject(node) &&
      !Array.isArray(node) &&
      typeof node.id === 'string' &&
      typeof node.percent === 'number'
    ) {
      if (!found.has(node.id)) found.set(node.id, { percent: node.percent, where: `${path}/percent` });
    }
  });
  return found;
}
