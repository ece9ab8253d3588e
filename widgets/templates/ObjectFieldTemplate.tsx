import type { CSSProperties } from 'react';
import { getUiOptions, type ObjectFieldTemplateProps, type UiSchema } from '@rjsf/utils';
import { widgetTraits } from '../widgetTraits.ts';
import { totalOfValues } from '../../engine/validation/rules.ts';
import { numberOption, stringOption } from '../uiOptions.ts';

/**
 * An object's properties in order, except that `ui:options.rows` may put some side by side:
 * `"rows": [["countryCode", "mobileNumber"]]` renders those two in one grid row where the
 * first of them would stand. Columns share the width, except a compact widget (the dial
 * code) which takes only its own width; a property's `ui:options.columnWidth` (any CSS
 * grid track, e.g. "7rem") overrides. Hidden properties render nothing; their data stays.
 * The object's title and description show unless `ui:label` is false.
 * `ui:options.total` ({ label, unit, of }) shows what the object's values add up to as they
 * are typed, e.g. 'Total: 90% of 100%' under a split of the premium across funds (announced
 * politely; the rule itself is the schema's `valuesTotal`).
 */
export default function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, registry, schema, description, fieldPathId, formData } = props;
  const options = getUiOptions(uiSchema);
  const title = stringOption(options, 'title') ?? schema.title;
  // As for fields, `ui:label: false` hides the heading: title and description both.
  const showHeading = options.label !== false;
  const rows = parseRows(options.rows);
  const rowOf = new Map<string, string[]>();
  for (const row of rows) for (const name of row) if (!rowOf.has(name)) rowOf.set(name, row);

  const visible = new Map(properties.filter((p) => !p.hidden).map((p) => [p.name, p]));
  const rendered = new Set<string[]>();
  const blocks = [];
  for (const property of properties) {
    if (property.hidden) continue;
    const row = rowOf.get(property.name);
    if (!row) {
      blocks.push(property.content);
      continue;
    }
    if (rendered.has(row)) continue;
    rendered.add(row);
    const members = row.filter((name) => visible.has(name));
    const tracks = members.map((name) => columnTrack(uiSchema?.[name], registry));
    const style: CSSProperties = { gridTemplateColumns: tracks.join(' ') };
    // Rows of full-width fields stack on a phone; a row with a compact field (dial code + number) stays.
    const stacks = tracks.every((track) => track === 'minmax(0, 1fr)');
    blocks.push(
      <div
        className={stacks ? 'bf-row bf-row--stacks' : 'bf-row'}
        key={`row:${members.join(',')}`}
        style={style}
      >
        {members.map((name) => visible.get(name)!.content)}
      </div>,
    );
  }

  return (
    <fieldset className="bf-object" id={fieldPathId.$id}>
      {showHeading && title && <legend className="bf-object__title">{title}</legend>}
      {showHeading && description && <div className="bf-object__description">{description}</div>}
      {blocks}
      <RunningTotal option={options.total} values={formData} id={`${fieldPathId.$id}__total`} />
    </fieldset>
  );
}

function parseRows(rows: unknown): string[][] {
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(Array.isArray)
    .map((row: unknown[]) => row.filter((name): name is string => typeof name === 'string'))
    .filter((row) => row.length > 0);
}

function columnTrack(propertyUiSchema: UiSchema | undefined, registry: ObjectFieldTemplateProps['registry']) {
  const width = stringOption(getUiOptions(propertyUiSchema), 'columnWidth');
  if (width) return width;
  return widgetTraits(propertyUiSchema, registry).compact ? 'auto' : 'minmax(0, 1fr)';
}

/** The running total of `ui:options.total`, or nothing when the option is absent or malformed. */
function RunningTotal({ option, values, id }: { option: unknown; values: unknown; id: string }) {
  if (!option || typeof option !== 'object' || Array.isArray(option)) return null;
  const settings = option as Record<string, unknown>;
  const label = stringOption(settings, 'label');
  if (!label) return null;
  const unit = stringOption(settings, 'unit') ?? '';
  const of = numberOption(settings, 'of');
  const total = totalOfValues(values);
  return (
    <p
      className={total === of ? 'bf-object__total is-complete' : 'bf-object__total'}
      id={id}
      aria-live="polite"
    >
      {label}: <strong>{`${total}${unit}`}</strong>
      {of !== undefined && ` of ${of}${unit}`}
    </p>
  );
}
