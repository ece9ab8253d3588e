import type { UiSchema } from '@rjsf/utils';

/*
 * Declarative field rules from the uiSchema, applied whenever the form changes:
 *   "ui:options": { "clears": ["mobileNumber"] }
 *       a change of this field empties those sibling fields (spec: changing the country
 *       code clears the number; answering No clears the employer and employee code);
 *   "ui:options": { "sets": { "investmentAmount": { "Yearly": "50,000", "Monthly": "4,350" } } }
 *       a change of this field to a listed value sets the sibling to the value given for it
 *       (spec: changing the frequency sets that frequency's minimum); a "*" entry is the
 *       value for any other choice (spec: source of income is Salary for SALR, else empty).
 */

export interface FieldRule {
  /** Path of the watched field from the form root. */
  path: string[];
  /** Sibling field names emptied when it changes. */
  clears: string[];
  /** Sibling field -> value to set, by the watched field's new value. */
  sets: Record<string, Record<string, unknown>>;
}

export function collectFieldRules(uiSchema: UiSchema | undefined, path: string[] = []): FieldRule[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const rules: FieldRule[] = [];
  const options = (uiSchema['ui:options'] ?? {}) as { clears?: unknown; sets?: unknown };
  const clears = Array.isArray(options.clears) ? options.clears.map(String) : [];
  const sets =
    options.sets && typeof options.sets === 'object'
      ? (options.sets as Record<string, Record<string, unknown>>)
      : {};
  if (path.length && (clears.length || Object.keys(sets).length)) rules.push({ path, clears, sets });
  for (const [key, value] of Object.entries(uiSchema)) {
    if (!key.startsWith('ui:')) rules.push(...collectFieldRules(value as UiSchema, [...path, key]));
  }
  return rules;
}

function get(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );
}

/** `data` with the sibling fields under `parentPath` replaced (undefined deletes). */
function withSiblings(data: unknown, parentPath: string[], changes: Record<string, unknown>): unknown {
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (parentPath.length === 0) {
    const next = { ...record };
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) delete next[field];
      else next[field] = value;
    }
    return next;
  }
  const [head, ...rest] = parentPath as [string, ...string[]];
  return { ...record, [head]: withSiblings(record[head], rest, changes) };
}

/** `next` with the rules applied against `previous`; the same object when no rule fired. */
export function applyFieldRules<T>(rules: FieldRule[], previous: T, next: T): T {
  let result: unknown = next;
  for (const rule of rules) {
    const before = get(previous, rule.path);
    const after = get(next, rule.path);
    if (before === after) continue;
    const parent = rule.path.slice(0, -1);
    const changes: Record<string, unknown> = {};
    for (const field of rule.clears) {
      if (get(result, [...parent, field]) !== undefined) changes[field] = undefined;
    }
    for (const [field, byValue] of Object.entries(rule.sets)) {
      const key = String(after);
      const value = key in byValue ? byValue[key] : byValue['*'];
      if ((key in byValue || '*' in byValue) && get(result, [...parent, field]) !== value)
        changes[field] = value;
    }
    if (Object.keys(changes).length) result = withSiblings(result, parent, changes);
  }
  return result as T;
}
