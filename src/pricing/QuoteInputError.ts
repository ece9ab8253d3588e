/**
 * A quote request outside the plan's basis. `message` is what the visitor reads (the
 * spec's words where it has them); `field` names the input at fault.
 */
export class QuoteInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'QuoteInputError';
    this.field = field;
  }
}

/** Fills {name} placeholders of a message template from the basis. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
