import type { UiSchema } from '@rjsf/utils';
import type { LoadedStep } from '../../../engine/plan/types.ts';
import type { Fields } from './planCases.ts';
import { fieldSchemas, optionTitle } from './schemaFields.ts';

/*
 * What a visitor does to fill one form with some data, field by field, in the order the
 * form shows its fields (each level's `ui:order`, then the rest as the data gives them),
 * and how, chosen from the field's uiSchema widget. Pure: the browser part only carries
 * the actions out (fillForm.ts).
 */

export type FieldAction =
  /** Typed into a text field, or a text area (RJSF's `textarea` widget). */
  | { kind: 'type'; id: string; text: string; emails?: boolean }
  | { kind: 'date'; id: string; digits: string }
  | { kind: 'radio'; id: string; title: string }
  | { kind: 'select'; id: string; title: string }
  | { kind: 'check'; id: string; checked: boolean }
  /** A multiple choice drawn as checkbox cards: exactly these options ticked, by their titles. */
  | { kind: 'checks'; id: string; titles: string[] }
  /** A field the visitor cannot type in (read-only, filled by a lookup): it must come to show this. */
  | { kind: 'shows'; id: string; text: string }
  /**
   * A list drawn as cards (widgets/templates/ArrayFieldTemplate.tsx): made to hold exactly
   * `count` items with its Add button ('Add nominee', 'Add another nominee') and the last
   * cards' Remove; the items' fields are actions of their own after it (`<id>_<index>_<field>`).
   */
  | { kind: 'list'; id: string; count: number }
  /**
   * A document (widgets/DocumentUploadField.tsx): a small real file of this content type, named
   * so, is chosen in the field's file input and uploaded; the field then shows it as kept.
   */
  | { kind: 'upload'; id: string; name: string; type: string };

/** Widgets the driver knows how to use; any other fails the test by name, never silently. */
const TYPED = new Set(['TextWidget', 'MobileNumberWidget', 'AmountWidget', 'EmailWidget', 'textarea']);
const MULTIPLE = new Set(['CheckboxCardsWidget']);
const CHOICES = new Set(['GenderRadioWidget', 'RadioCardsWidget']);

/**
 * The id part StepForm gives a form (engine/form/StepForm.tsx idOf): every character outside
 * [A-Za-z0-9_-] becomes '-', and the proposal's root step ('') is 'root'.
 */
export const formIdOf = (formId: string) => formId.replace(/[^A-Za-z0-9_-]/g, '-') || 'root';

/** The id prefix of a form's fields: `step-<form>` ('step-personal-details-basic'). */
export const formPrefix = (formId: string) => `step-${formIdOf(formId)}`;

/** yyyy-mm-dd as the digits a visitor types into the date field (ddMMyyyy). */
export function dateDigits(wire: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wire);
  if (!match) throw new Error(`not a yyyy-mm-dd date: ${wire}`);
  return `${match[3]}${match[2]}${match[1]}`;
}

/** The sibling fields a field's rules change when it changes (`ui:options` clears and sets). */
function ruleTargets(fieldUi: UiSchema | undefined): string[] {
  const options = (fieldUi?.['ui:options'] ?? {}) as { clears?: unknown; sets?: unknown };
  const clears = Array.isArray(options.clears) ? options.clears.map(String) : [];
  const sets = options.sets && typeof options.sets === 'object' ? Object.keys(options.sets) : [];
  return [...clears, ...sets];
}

/**
 * The keys of one level in the order a visitor fills them: the form's order, except that a
 * field another field clears or sets (engine/form/fieldRules.ts) comes after that field, so
 * what is typed last is what the data says (choosing a frequency sets its minimum amount;
 * the amount the case gives is typed after it).
 */
function ordered(ui: UiSchema | undefined, data: Fields): string[] {
  const keys = Object.keys(data);
  const order = (ui?.['ui:order'] as string[] | undefined) ?? ['*'];
  const named = order.filter((key) => key !== '*' && keys.includes(key));
  const result = [...named, ...keys.filter((key) => !named.includes(key))];
  for (let pass = 0; pass < keys.length; pass++) {
    let moved = false;
    for (const watcher of [...result]) {
      for (const target of ruleTargets(ui?.[watcher] as UiSchema | undefined)) {
        const [at, after] = [result.indexOf(target), result.indexOf(watcher)];
        if (target === watcher || at < 0 || at > after) continue;
        result.splice(at, 1);
        result.splice(result.indexOf(watcher) + 1, 0, target);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return result;
}

const isObject = (value: unknown): value is Fields =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The widget a field is drawn with when its uiSchema names none (RJSF's defaults). */
function defaultWidget(root: Record<string, unknown>, path: string[], value: unknown): string {
  if (typeof value === 'boolean') return 'CheckboxWidget';
  // RJSF's own multiple select, which no plan should use: named so the failure says so.
  if (Array.isArray(value)) return 'a list without a ui:widget';
  const choice = fieldSchemas(root, path).some(
    (node) => Array.isArray(node.oneOf) || Array.isArray(node.enum),
  );
  return choice ? 'SelectWidget' : 'TextWidget';
}

/** Whether the field's schema is an integer (or number): its value is typed as plain digits. */
const isNumeric = (root: Record<string, unknown>, path: string[]) =>
  fieldSchemas(root, path).some((node) => node.type === 'integer' || node.type === 'number');

/** A value as a visitor types it: an amount's digits (the widget groups them), a number without exponent or grouping. */
function typedText(widget: string, numeric: boolean, value: unknown): string {
  if (widget === 'AmountWidget') return String(value).replace(/,/g, '');
  if (numeric && typeof value === 'number' && Number.isFinite(value))
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  return String(value);
}

/**
 * The actions that put `data` into `form`. Fields that are hidden are not the visitor's to
 * fill; the dial code keeps its default (91); read-only fields are checked, not typed. Every
 * action sets its field to the value whatever the field held (a text field is cleared first,
 * a checkbox unticked when the value says so), so a case may be typed over another.
 */
export function fieldActions(form: LoadedStep, data: Fields): FieldAction[] {
  const root = form.schema as Record<string, unknown>;
  const actions: FieldAction[] = [];
  const prefix = formPrefix(form.id);
  const walk = (ui: UiSchema | undefined, values: Fields, path: string[]) => {
    for (const key of ordered(ui, values)) {
      const value = values[key];
      const fieldUi = ui?.[key] as UiSchema | undefined;
      const fieldPath = [...path, key];
      const id = `${prefix}_${fieldPath.join('_')}`;
      const widget = fieldUi?.['ui:widget'] as string | undefined;
      if (widget === 'hidden' || value === undefined || value === null) continue;
      if (fieldUi?.['ui:field'] === 'DocumentUploadField') {
        const document = isObject(value) ? value : {};
        if (typeof document.name !== 'string' || typeof document.type !== 'string')
          throw new Error(`${form.id}: ${fieldPath.join('.')} needs a document's name and type`);
        actions.push({ kind: 'upload', id, name: document.name, type: document.type });
        continue;
      }
      if (isObject(value) && !widget) {
        walk(fieldUi, value, fieldPath);
        continue;
      }
      // A list of objects without a widget of its own: its cards, then each card's fields.
      if (Array.isArray(value) && !widget && value.every(isObject)) {
        actions.push({ kind: 'list', id, count: value.length });
        const itemUi = fieldUi?.items as UiSchema | undefined;
        for (const [index, item] of value.entries()) walk(itemUi, item, [...fieldPath, String(index)]);
        continue;
      }
      if (fieldUi?.['ui:readonly'] === true) {
        actions.push({ kind: 'shows', id, text: String(value) });
        continue;
      }
      const used = widget ?? defaultWidget(root, fieldPath, value);
      if (used === 'DialCodeWidget') continue;
      if (TYPED.has(used)) {
        const text = typedText(used, isNumeric(root, fieldPath), value);
        actions.push({ kind: 'type', id, text, emails: used === 'EmailWidget' });
      } else if (MULTIPLE.has(used)) {
        if (!Array.isArray(value))
          throw new Error(`${form.id}: ${fieldPath.join('.')} (${used}) needs a list`);
        const titles = value.map((item) => optionTitle(root, fieldUi, fieldPath, item));
        actions.push({ kind: 'checks', id, titles });
      } else if (used === 'DateWithAgeWidget') {
        actions.push({ kind: 'date', id, digits: dateDigits(String(value)) });
      } else if (CHOICES.has(used)) {
        actions.push({ kind: 'radio', id, title: optionTitle(root, fieldUi, fieldPath, value) });
      } else if (used === 'SelectWidget') {
        actions.push({ kind: 'select', id, title: optionTitle(root, fieldUi, fieldPath, value) });
      } else if (used === 'DisclaimerWidget' || used === 'CheckboxWidget') {
        actions.push({ kind: 'check', id, checked: value === true });
      } else {
        throw new Error(`${form.id}: the driver does not know how to fill ${fieldPath.join('.')} (${used})`);
      }
    }
  };
  walk(form.uiSchema, data, []);
  return actions;
}
