import type { LoadedPlan } from '../../engine/plan/types.ts';
import { displayValue } from '../pricing/displayRows.ts';
import { parseRupees } from '../shared/rupees.ts';

/** How a review row or a quote row shows its value (plan data names the format; plans:validate checks it). */
export const VALUE_FORMATS = [
  'text',
  'rupees',
  'date',
  'years',
  'age',
  'percent',
  'number',
  'option',
  'mobile',
  'split',
] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

/** Where an option row finds its titles: a step's schema field with a oneOf of const/title. */
export interface OptionsSource {
  step: string;
  /** Path of the field in the step's form data, e.g. 'planDetails/planOption'. */
  field: string;
}

type SchemaNode = {
  $ref?: string;
  title?: string;
  items?: SchemaNode;
  $defs?: Record<string, SchemaNode>;
  properties?: Record<string, SchemaNode>;
  oneOf?: Array<{ const?: unknown; title?: string }>;
  enum?: unknown[];
};

/** The schema of a step's field (its $ref followed once), if the step has it. */
function fieldSchema(plan: LoadedPlan, source: OptionsSource): SchemaNode | undefined {
  const root = (plan.steps[source.step] ?? plan.popups[source.step])?.schema as SchemaNode | undefined;
  let node: SchemaNode | undefined = root;
  for (const key of source.field.split('/').filter(Boolean)) node = node?.properties?.[key];
  if (node?.$ref?.startsWith('#/$defs/')) node = root?.$defs?.[node.$ref.slice('#/$defs/'.length)];
  return node;
}

/** The title the step's schema gives a value of one of its fields (its oneOf), if any. */
export function optionTitle(plan: LoadedPlan, source: OptionsSource, value: unknown): string | undefined {
  let node = fieldSchema(plan, source);
  // A list of choices (checkboxes) takes its titles from its items.
  if (node?.items) node = node.items;
  return node?.oneOf?.find((option) => option.const === value)?.title;
}

/** yyyy-mm-dd → dd/mm/yyyy (spec 01 §9: dates on screen). */
export function toDisplayDate(wire: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(wire ?? ''));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A value as the visitor reads it; '' when there is none. */
export function formatValue(
  value: unknown,
  format: ValueFormat = 'text',
  context?: { plan: LoadedPlan; options?: OptionsSource; countryCode?: unknown },
): string {
  if (value === undefined || value === null || value === '') return '';
  // A list (funds picked with checkboxes) reads as its values, each in the row's format.
  if (Array.isArray(value)) return value.map((item) => formatValue(item, format, context)).join(', ');
  switch (format) {
    case 'rupees': {
      // Typed amounts ('2,00,000') and the calculator's numbers read the same way.
      const amount = typeof value === 'number' ? value : parseRupees(value);
      return amount === undefined ? String(value) : displayValue(amount, 'rupees');
    }
    case 'years':
    case 'age':
    case 'percent':
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? displayValue(number, format) : String(value);
    }
    case 'date':
      return toDisplayDate(value) || String(value);
    case 'option':
      return (context?.options && optionTitle(context.plan, context.options, value)) ?? String(value);
    case 'split': {
      // Shares of a whole (a premium split across funds, in percent): each with its field's
      // title, in the schema's order; shares left empty or at 0 are not part of the split.
      if (typeof value !== 'object') return String(value);
      const shares = value as Record<string, unknown>;
      const fields = (context?.options && fieldSchema(context.plan, context.options)?.properties) ?? {};
      const keys = [...Object.keys(fields), ...Object.keys(shares).filter((key) => !(key in fields))];
      return keys
        .filter((key) => Number(shares[key]) > 0)
        .map((key) => `${fields[key]?.title ?? key} ${displayValue(Number(shares[key]), 'percent')}`)
        .join(', ');
    }
    case 'mobile':
      return `+${String(context?.countryCode ?? '91')} ${String(value)}`;
    default:
      return String(value);
  }
}
