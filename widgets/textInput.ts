/** Default maximum length of a text input (spec 01 §5 "Input widgets"). */
export const TEXT_MAX_LENGTH = 50;

/** The input rules `ui:options.format` may name. */
export type TextFormat = 'name' | 'upper' | 'digits';

export function isTextFormat(value: unknown): value is TextFormat {
  return value === 'name' || value === 'upper' || value === 'digits';
}

/**
 * A person's name as typed: letters and single spaces only, no leading space, each word
 * title-cased ("  rAMESH   kumar1 " → "Ramesh Kumar "). A single trailing space stays so
 * the next word can be typed; `finalizeText` drops it when the field is left.
 */
export function formatName(raw: string): string {
  return raw
    .replace(/[^A-Za-z ]+/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/^ /, '')
    .replace(/[A-Za-z]+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
}

/** Applies a format rule, then the length limit, to what the user typed or pasted. */
export function formatTextInput(raw: string, format: TextFormat | undefined, maxLength: number): string {
  let text = raw;
  if (format === 'name') text = formatName(raw);
  else if (format === 'upper') text = raw.toUpperCase();
  else if (format === 'digits') text = raw.replace(/\D/g, '');
  return text.slice(0, Math.max(0, maxLength));
}

/** When the field is left, a name loses the trailing space kept for typing. */
export function finalizeText(text: string, format: TextFormat | undefined): string {
  return format === 'name' ? text.trimEnd() : text;
}

/** The maxLength in force: `ui:options.maxLength`, else the schema's, else 50. */
export function textMaxLength(optionMax: unknown, schemaMax: unknown): number {
  if (typeof optionMax === 'number' && optionMax > 0) return optionMax;
  if (typeof schemaMax === 'number' && schemaMax > 0) return schemaMax;
  return TEXT_MAX_LENGTH;
}

/** An empty field emits undefined so that `required` reports it. */
export function emptyToUndefined(text: string): string | undefined {
  return text === '' ? undefined : text;
}
