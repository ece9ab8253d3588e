import type { UiSchema } from '@rjsf/utils';

/*
 * Declarative lookups from the uiSchema: a field whose value, once complete, is looked up
 * by a named function of the plan's adapter, filling sibling fields from the answer:
 *   "pincode": { "ui:options": { "lookup": { "name": "pincode", "when": "^[0-9]{6}$",
 *     "fills": ["city", "state"], "message": "Please enter valid pincode.", "delayMs": 100 } } }
 * While the value is incomplete the filled fields are emptied (they belong to another
 * value); an unknown value shows `message` on the field and blocks submit.
 */

export interface LookupRule {
  path: string[];
  name: string;
  when: RegExp;
  fills: string[];
  message: string;
  delayMs: number;
}

/** A plan adapter's lookup: the fills for a value, or undefined when there is none. */
export type LookupFunction = (value: string) => Promise<Record<string, unknown> | undefined>;

export function collectLookupRules(uiSchema: UiSchema | undefined, path: string[] = []): LookupRule[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const rules: LookupRule[] = [];
  const lookup = (uiSchema['ui:options'] as { lookup?: Record<string, unknown> } | undefined)?.lookup;
  if (lookup && path.length) {
    rules.push({
      path,
      name: String(lookup.name),
      when: new RegExp(String(lookup.when ?? '.+')),
      fills: Array.isArray(lookup.fills) ? lookup.fills.map(String) : [],
      message: String(lookup.message ?? 'Please enter valid details'),
      delayMs: Number(lookup.delayMs ?? 0),
    });
  }
  for (const [key, value] of Object.entries(uiSchema)) {
    if (!key.startsWith('ui:')) rules.push(...collectLookupRules(value as UiSchema, [...path, key]));
  }
  return rules;
}

export function valueAt(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    data,
  );
}

/** `data` with `values` written as siblings of the field at `path` (undefined deletes). */
export function withFills(data: unknown, path: string[], values: Record<string, unknown>): unknown {
  const write = (node: unknown, index: number): unknown => {
    const record = node && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    if (index === path.length - 1) {
      const next = { ...record };
      for (const [field, value] of Object.entries(values)) {
        if (value === undefined) delete next[field];
        else next[field] = value;
      }
      return next;
    }
    const key = path[index]!;
    return { ...record, [key]: write(record[key], index + 1) };
  };
  return write(data, 0);
}
