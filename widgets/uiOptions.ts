/**
 * Typed reads of `ui:options` values. uiSchemas are plan data (JSON), so every option is
 * checked for its type here and a wrong one is ignored rather than trusted.
 */
type Options = Record<string, unknown>;

export function stringOption(options: Options, key: string): string | undefined {
  const value = options[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function numberOption(options: Options, key: string): number | undefined {
  const value = options[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function booleanOption(options: Options, key: string, fallback: boolean): boolean {
  const value = options[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function stringListOption(options: Options, key: string): string[] {
  const value = options[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** An object option keyed by option value, e.g. `cards` or `images`; non-object entries dropped. */
export function recordOption<T extends object>(options: Options, key: string): Record<string, Partial<T>> {
  const value = options[key];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const result: Record<string, Partial<T>> = {};
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) result[name] = entry as Partial<T>;
  }
  return result;
}

/** Joins class names, skipping falsy ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A choice as widgets list it: RJSF's enumOptions entry. */
export interface ChoiceOption {
  label: string;
  value: unknown;
}

/**
 * The field's choices with their labels. A long list is written as an `enum` with its labels
 * in `x-enumNames` (same order), not as a `oneOf` of consts, which RJSF would try one by one
 * on every change; RJSF's own options then carry the bare values, so the labels come from here.
 */
export function labelledOptions(schema: unknown, enumOptions: readonly ChoiceOption[] = []): ChoiceOption[] {
  const names = (schema as { 'x-enumNames'?: unknown } | undefined)?.['x-enumNames'];
  const values = (schema as { enum?: unknown } | undefined)?.enum;
  if (!Array.isArray(names) || !Array.isArray(values)) return [...enumOptions];
  return enumOptions.map((option) => {
    const label = names[values.indexOf(option.value)];
    return typeof label === 'string' ? { ...option, label } : option;
  });
}
