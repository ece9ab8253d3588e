/** Fills the {name} places of a content text; a place with no value is left as written. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
}
