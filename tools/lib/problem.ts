/** One thing wrong with a plan, located so an analyst can find it. */
export interface Problem {
  /** File relative to schemas/, e.g. 'plans/T54/plan.json'. */
  file: string;
  /** Where in the file (JSON Pointer, state path or fixture case). */
  where: string;
  message: string;
}

/** 'a, b and c' — the names a registry knows, for "is not a known …" messages; sorted unless `inOrder`. */
export function listOf(names: Iterable<string>, inOrder = false): string {
  const unique = [...new Set(names)];
  const sorted = inOrder ? unique : unique.sort((a, b) => a.localeCompare(b));
  if (sorted.length === 0) return '(none)';
  if (sorted.length === 1) return sorted[0]!;
  return `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
}

/** A rupee amount as the plan's copy writes it: 200000 -> '2,00,000'. */
export function rupees(amount: number): string {
  return amount.toLocaleString('en-IN');
}

/** Amounts written with Indian grouping in a text ('up to 2,00,000' -> [200000]). */
export function amountsIn(text: string): number[] {
  return [...text.matchAll(/\d{1,3}(?:,\d{2})*,\d{3}(?!\d)/g)].map((m) => Number(m[0].replace(/,/g, '')));
}

/** Whole and decimal numbers in a text ('between 45 and 80' -> [45, 80]). */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

/** Percentages in a text ('Get 1% extra' -> [1]). */
export function percentsIn(text: string): number[] {
  return [...text.matchAll(/(\d+(?:\.\d+)?)\s*%/g)].map((m) => Number(m[1]));
}
