import type { UiSchema } from '@rjsf/utils';

/*
 * Conditional presentation, declared in the uiSchema, on the value of a sibling field:
 *   "category": { "ui:options": { "when": [
 *       { "field": "planOption", "in": ["OPTION_A", "OPTION_C"], "negate": true, "set": { "ui:disabled": true } } ] } }
 *   "planOption": { "ui:options": { "when": [
 *       { "field": "category", "in": ["Joint"], "set": { "ui:options": { "disabledValues": ["OPTION_B"] } } } ] } }
 *   "payMode": { "ui:options": { "when": [
 *       { "field": "premium", "exclusiveMinimum": 200000, "set": { "ui:options": { "hiddenValues": ["MODE_B"] } } } ] } }
 * A rule holds when the sibling's value is one of `in` (when given) and is a number above
 * `exclusiveMinimum` (when given); `negate` inverts it.
 * Each rule that holds deep-merges its `set` into that field's uiSchema. The effective
 * uiSchema changes only when a rule's outcome changes, so it stays referentially stable.
 */

export interface ConditionalRule {
  /** Path of the field the rule dresses. */
  path: string[];
  /** Sibling field whose value decides. */
  field: string;
  in?: unknown[];
  /** Holds only for a number above this. */
  exclusiveMinimum?: number;
  negate: boolean;
  set: UiSchema;
}

export function collectConditionalRules(
  uiSchema: UiSchema | undefined,
  path: string[] = [],
): ConditionalRule[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const rules: ConditionalRule[] = [];
  const when = (uiSchema['ui:options'] as { when?: unknown } | undefined)?.when;
  if (Array.isArray(when) && path.length) {
    for (const rule of when as Array<Record<string, unknown>>) {
      rules.push({
        path,
        field: String(rule.field),
        in: Array.isArray(rule.in) ? rule.in : undefined,
        exclusiveMinimum: typeof rule.exclusiveMinimum === 'number' ? rule.exclusiveMinimum : undefined,
        negate: rule.negate === true,
        set: (rule.set ?? {}) as UiSchema,
      });
    }
  }
  for (const [key, value] of Object.entries(uiSchema)) {
    if (!key.startsWith('ui:')) rules.push(...collectConditionalRules(value as UiSchema, [...path, key]));
  }
  return rules;
}

function valueAt(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );
}

function ruleHolds(rule: ConditionalRule, value: unknown): boolean {
  if (rule.in && !rule.in.includes(value)) return false;
  if (rule.exclusiveMinimum !== undefined)
    return typeof value === 'number' && Number.isFinite(value) && value > rule.exclusiveMinimum;
  return rule.in !== undefined;
}

/** Which rules hold for the data, as a string (the memo key of the effective uiSchema). */
export function conditionalOutcomes(rules: ConditionalRule[], data: unknown): string {
  return rules
    .map((rule) => {
      const value = valueAt(data, [...rule.path.slice(0, -1), rule.field]);
      return ruleHolds(rule, value) !== rule.negate ? '1' : '0';
    })
    .join('');
}

function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** The uiSchema with the `set` of every holding rule merged in (outcomes from conditionalOutcomes). */
export function applyConditionalRules(
  uiSchema: UiSchema,
  rules: ConditionalRule[],
  outcomes: string,
): UiSchema {
  let result = uiSchema;
  rules.forEach((rule, index) => {
    if (outcomes[index] !== '1') return;
    const write = (node: UiSchema | undefined, depth: number): UiSchema => {
      const current = (node ?? {}) as Record<string, unknown>;
      if (depth === rule.path.length)
        return deepMerge(current, rule.set as Record<string, unknown>) as UiSchema;
      const key = rule.path[depth]!;
      return { ...current, [key]: write(current[key] as UiSchema | undefined, depth + 1) } as UiSchema;
    };
    result = write(result, 0);
  });
  return result;
}
