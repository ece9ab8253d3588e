import type { LoadedStep } from './types.ts';

/** A step's or popup's name as the visitor reads it: its title in plan.json, else its schema's, else its id. */
export function formTitle(form: LoadedStep): string {
  return String(form.definition.title ?? form.schema.title ?? form.id);
}
