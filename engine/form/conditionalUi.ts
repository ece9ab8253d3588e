import type { UiSchema } from '@rjsf/utils';

import { holds } from '../plan/conditions.ts';
import type { Condition } from '../plan/types.ts';

/*
 * Conditional presentation, declared in the uiSchema as conditions (engine/plan/conditions.ts:
 * `scope` a JSON Pointer into the form's data, `schema` what its value must match) with the
 * uiSchema they `set` on the field:
 *   "category": { "ui:options": { "when": [
 *       { "scope": "/planDetails/planOption", "schema": { "not": { "enum": ["OPTION_A", "OPTION_C"] } },
 *         "set": { "ui:disabled": true } } ] } }
 *   "payMode": { "ui:options": { "when": [
 *       { "scope": "/premium", "schema": { "type": "number", "exclusiveMinimum": 200000 },
 *         "set": { "ui:options": { "hiddenValues": ["MODE_B"] } } } ] } }
 * Each rule that holds deep-merges its `set` into that field's uiSchema. The effective
 * uiSchema changes only when a rule's outcome changes, so it stays referentially stable.
 */

export interface ConditionalRule {
  /** Path of the field the rule dresses. */
  path: string[];
  /** The rule itself, as the plan registered it (engine/plan/buildPlan.ts). */
  condition: Condition;
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
    for (const rule of when as Array<Condition & { set?: UiSchema }>) {
      rules.push({ path, condition: rule, set: rule.set ?? {} });
    }
  }
  for (const [key, value] of Object.entries(uiSchema)) {
    if (!key.startsWith('ui:')) rules.push(...collectConditionalRules(value as UiSchema, [...path, key]));
  }
  return rules;
}

/** Which rules hold for the data, as a string (the memo key of the effective uiSchema). */
export function conditionalOutcomes(rules: ConditionalRule[], data: unknown): string {
  return rules.map((rule) => (holds(rule.condition, data) ? '1' : '0')).join('');
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
