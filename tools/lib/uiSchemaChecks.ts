import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { didYouMean, listOf, pointerSegment, type Problem } from './problem.ts';
import { REGISTRY_FILES, type Registries } from './registries.ts';
import { propertySchemas, variantsOf } from './schemaWalk.ts';

/**
 * Every uiSchema key names a field of the schema (any branch), recursively; ui:order too. On a
 * list (an array field) RJSF's `items` holds the uiSchema of each item, checked against the
 * list's `items` schema.
 */
export function checkUiSchemaFields(
  file: string,
  ui: unknown,
  schemas: JsonSchema[],
  root: JsonSchema,
  path = '',
): Problem[] {
  if (!ui || typeof ui !== 'object') return [];
  const props = new Map<string, JsonSchema[]>();
  for (const schema of schemas) {
    propertySchemas(schema, root).forEach((list, name) =>
      props.set(name, [...(props.get(name) ?? []), ...list]),
    );
  }
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:order') {
      for (const name of value as string[]) {
        if (name !== '*' && !props.has(name)) {
          problems.push({
            file,
            where: `${path}/ui:order`,
            message: `names "${name}", which is not a field of the schema${didYouMean(name, props.keys())}`,
          });
        }
      }
    } else if (key === 'items' && !props.has(key)) {
      const where = `${path}/items`;
      const items = itemSchemas(schemas, root);
      if (items.length) problems.push(...checkUiSchemaFields(file, value, items, root, where));
      else
        problems.push({
          file,
          key: true,
          where,
          message: '"items" is the uiSchema of a list\'s items, and this field is not a list (an array)',
        });
    } else if (!key.startsWith('ui:')) {
      const sub = props.get(key);
      if (!sub)
        problems.push({
          file,
          key: true,
          where: `${path}/${pointerSegment(key)}`,
          message: `"${key}" is not a field of the schema${didYouMean(key, props.keys())}`,
        });
      else problems.push(...checkUiSchemaFields(file, value, sub, root, `${path}/${pointerSegment(key)}`));
    }
  }
  return problems;
}

/** The schemas of a list's items, whichever branch declares them (one `items` schema: RJSF's lists). */
function itemSchemas(schemas: JsonSchema[], root: JsonSchema): JsonSchema[] {
  const items: JsonSchema[] = [];
  for (const schema of schemas) {
    for (const variant of variantsOf(schema, root)) {
      const sub = variant.items;
      if (sub && typeof sub === 'object' && !Array.isArray(sub) && !items.includes(sub as JsonSchema))
        items.push(sub as JsonSchema);
    }
  }
  return items;
}

/** RJSF's markdown switches; the browser build renders their text plain (vite.config.ts). */
const MARKDOWN_OPTIONS = ['enableMarkdownInDescription', 'enableMarkdownInHelp'];

/**
 * Widget, field and lookup names a uiSchema uses, wherever they sit (in a field's options,
 * in a `when` rule's `set`), are registered: a misspelt widget renders nothing in the browser.
 */
export function checkUiSchemaNames(file: string, ui: unknown, registries: Registries): Problem[] {
  const problems: Problem[] = [];
  const unknown = (
    where: string,
    kind: 'widget' | 'field' | 'lookup',
    name: string,
    known: readonly string[],
  ) =>
    problems.push({
      file,
      where,
      message: `${kind} "${name}" is not a known ${kind}${didYouMean(name, known)}; known ${kind}s: ${listOf(known)} (${REGISTRY_FILES[`${kind}s`]})`,
    });
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${path}/${index}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${path}/${pointerSegment(key)}`;
      if (key === 'ui:widget' && typeof value === 'string' && !registries.widgets.includes(value)) {
        unknown(at, 'widget', value, registries.widgets);
      } else if (key === 'ui:field' && typeof value === 'string' && !registries.fields.includes(value)) {
        unknown(at, 'field', value, registries.fields);
      } else if (MARKDOWN_OPTIONS.includes(key.replace(/^ui:/, ''))) {
        problems.push({
          file,
          where: at,
          message:
            'markdown is not rendered: the journey shows descriptions and help as plain text (engine/form/plainMarkdown.tsx)',
        });
      } else if (key === 'lookup' && path.endsWith('ui:options')) {
        const name = typeof value === 'string' ? value : (value as { name?: unknown } | null)?.name;
        if (typeof name !== 'string') {
          problems.push({
            file,
            where: at,
            message: `a lookup needs a "name"; known lookups: ${listOf(registries.lookups)}`,
          });
        } else if (!registries.lookups.includes(name)) {
          unknown(typeof value === 'string' ? at : `${at}/name`, 'lookup', name, registries.lookups);
        }
      }
      visit(value, at);
    }
  };
  visit(ui, '');
  return problems;
}
