import type { UiSchema } from '@rjsf/utils';

/*
 * Declarative field rules from the uiSchema: `"ui:options": { "clears": ["mobileNumber"] }`
 * on a field empties those sibling fields whenever its value changes (spec: changing the
 * country code clears the number; answering No clears the employer and employee code).
 */

export interface ClearRule {
  /** Path of the watched field from the form root. */
  path: string[];
  /** Sibling field names emptied when it changes. */
  clears: string[];
}

export function collectClearRules(uiSchema: UiSchema | undefined, path: string[] = []): ClearRule[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const rules: ClearRule[] = [];
  const clears = (uiSchema['ui:options'] as { clears?: unknown } | undefined)?.clears;
  if (Array.isArray(clears) && path.length) rules.push({ path, clears: clears.map(String) });
  for (const [key, value] of Object.entries(uiSchema)) {
    if (!key.startsWith('ui:')) rules.push(...collectClearRules(value as UiSchema, [...path, key]));
  }
  return rules;
}

function get(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );
}

function withCleared(data: unknown, parentPath: string[], fields: string[]): unknown {
  if (!data || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if (parentPath.length === 0) {
    const next = { ...record };
    for (const field of fields) delete next[field];
    return next;
  }
  const [head, ...rest] = parentPath as [string, ...string[]];
  return { ...record, [head]: withCleared(record[head], rest, fields) };
}

/** `next` with the rules applied against `previous`; the same object when nothing was cleared. */
export function applyClearRules<T>(rules: ClearRule[], previous: T, next: T): T {
  let result: unknown = next;
  for (const rule of rules) {
    const before = get(previous, rule.path);
    const after = get(next, rule.path);
    if (before === after) continue;
    const parent = rule.path.slice(0, -1);
    if (rule.clears.some((field) => get(result, [...parent, field]) !== undefined)) {
      result = withCleared(result, parent, rule.clears);
    }
  }
  return result as T;
}
