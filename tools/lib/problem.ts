import type { ErrorObject } from 'ajv';
import { closest } from '../../src/plans/compose/factTemplates.ts';

/** One thing wrong with a plan, located so an analyst can find it. */
export interface Problem {
  /** File relative to schemas/, e.g. 'plans/T54/plan.json'. */
  file: string;
  /** Where in the file: a JSON Pointer ('/' is the whole file). */
  where: string;
  message: string;
  /** The problem is about the name at `where` (a property no schema allows), not its value. */
  key?: boolean;
  /** The line (1-based) `where` is on in `file`, once located (locateProblems.ts). */
  line?: number;
  /**
   * Where the checks found it in the plan as composed ('plans/T76/steps/x.schema.json /…'),
   * when the value is written elsewhere (a shared file, the plan it extends, a fact in plan.json).
   */
  composed?: string;
}

/** A problem as plans:validate prints it: `file:line /pointer: message`, relative to schemas/. */
export function problemLine(p: Problem, prefix = ''): string {
  const at = `${prefix}${p.file}${p.line !== undefined ? `:${p.line}` : ''}`;
  return `${at} ${p.where}: ${p.message}${p.composed ? ` (in the composed ${p.composed})` : ''}`;
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

/** ' (did you mean "x"?)' when a known name is close to a misspelt one, else ''. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const suggestion = closest(name, known);
  return suggestion !== undefined && suggestion !== name ? ` (did you mean "${suggestion}"?)` : '';
}

/** A JSON Pointer segment: '~' and '/' escaped. */
export function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * ajv's errors as problems at the value they are about: an unexpected property at the property
 * itself, with "did you mean …" among the properties the schema allows (ajv's `verbose` gives
 * the schema), an enum's value with the closest allowed one.
 */
export function ajvProblems(file: string, errors: ErrorObject[] | null | undefined, suffix = ''): Problem[] {
  return (errors ?? []).map((e) => {
    const params = e.params as { additionalProperty?: string; allowedValues?: unknown[] };
    if (e.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
      const name = params.additionalProperty;
      const allowed = Object.keys((e.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
      return {
        file,
        key: true,
        where: `${e.instancePath}/${pointerSegment(name)}`,
        message: `${e.message ?? 'is not allowed'} ('${name}')${didYouMean(name, allowed)}${suffix}`,
      };
    }
    if (e.keyword === 'enum' && Array.isArray(params.allowedValues) && typeof e.data === 'string') {
      return {
        file,
        where: e.instancePath || '/',
        message: `${e.message ?? 'is invalid'}${didYouMean(e.data, params.allowedValues.map(String))}: ${listOf(
          params.allowedValues.map((v) => JSON.stringify(v)),
          true,
        )}${suffix}`,
      };
    }
    return { file, where: e.instancePath || '/', message: `${e.message ?? 'is invalid'}${suffix}` };
  });
}
