import type { UiSchema } from '@rjsf/utils';

/*
 * What a bundled step schema says about one field, wherever the field is declared: in
 * `properties`, or inside `allOf`/`anyOf`/`oneOf`, an `if`'s `then`/`else`, `dependencies`,
 * or a local `$ref` (the insured person's rules in `$defs`, reached from each relation's
 * branch). The browser driver asks it for option titles, the age tables for age rules.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function resolveLocal(root: Node, ref: string): Node | undefined {
  let current: unknown = root;
  for (const part of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    current = isNode(current) ? current[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isNode(current) ? current : undefined;
}

/** A node and every subschema that applies alongside it (compositions, branches, local refs). */
function applicable(root: Node, node: Node, seen = new Set<Node>()): Node[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const found = [node];
  const more: unknown[] = [];
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) more.push(resolveLocal(root, node.$ref));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) more.push(...(node[key] as unknown[]));
  }
  more.push(node.then, node.else);
  if (isNode(node.dependencies)) more.push(...Object.values(node.dependencies));
  for (const next of more) if (isNode(next)) found.push(...applicable(root, next, seen));
  return found;
}

/**
 * Every subschema that declares the field at `path` (object keys from the form's root; an
 * index, '0', steps into a list's `items`: the nominees' 'nominees', '0', 'fullName').
 */
export function fieldSchemas(root: Node, path: string[]): Node[] {
  let nodes = [root];
  for (const key of path) {
    nodes = nodes.flatMap((node) =>
      applicable(root, node).flatMap((n) => {
        if (/^\d+$/.test(key) && isNode(n.items)) return [n.items];
        return isNode(n.properties) && isNode(n.properties[key]) ? [n.properties[key]] : [];
      }),
    );
  }
  return nodes.flatMap((node) => applicable(root, node));
}

/** The first value a field's schemas give `keyword`, e.g. its `title` or `ageRange`. */
export function fieldKeyword(root: Node, path: string[], keyword: string): unknown {
  return fieldSchemas(root, path).find((node) => node[keyword] !== undefined)?.[keyword];
}

/** The message a field's schemas give one keyword's failure (`errorMessage.<keyword>`). */
export function fieldMessage(root: Node, path: string[], keyword: string): string | undefined {
  for (const node of fieldSchemas(root, path)) {
    const message = node.errorMessage;
    if (typeof message === 'string') return message;
    if (isNode(message) && typeof message[keyword] === 'string') return message[keyword] as string;
  }
  return undefined;
}

const same = (a: unknown, b: unknown) => String(a) === String(b);

/** The schemas of a field's choices: the field's own, or its items' for a multiple choice (an array). */
function choiceSchemas(root: Node, path: string[]): Node[] {
  const schemas = fieldSchemas(root, path);
  const items = schemas.flatMap((node) => (isNode(node.items) ? applicable(root, node.items) : []));
  return [...schemas, ...items];
}

/**
 * The words a visitor reads for one value of a choice field (or of a multiple choice's
 * items): `ui:enumNames` when the uiSchema gives them, else the schema's `x-enumNames`
 * beside its `enum`, else its `oneOf` title, else the value itself.
 */
export function optionTitle(root: Node, ui: UiSchema | undefined, path: string[], value: unknown): string {
  const schemas = choiceSchemas(root, path);
  const itemsUi = ui?.items as UiSchema | undefined;
  const names = (ui?.['ui:enumNames'] ?? itemsUi?.['ui:enumNames']) as string[] | undefined;
  const values = schemas.find((node) => Array.isArray(node.enum))?.enum as unknown[] | undefined;
  if (names && values) {
    const index = values.findIndex((candidate) => same(candidate, value));
    if (index >= 0 && names[index]) return names[index]!;
  }
  for (const node of schemas) {
    const [enumValues, enumNames] = [node.enum, node['x-enumNames']];
    if (!Array.isArray(enumValues) || !Array.isArray(enumNames)) continue;
    const name: unknown = enumNames[enumValues.findIndex((candidate) => same(candidate, value))];
    if (typeof name === 'string') return name;
  }
  for (const node of schemas) {
    const option = (Array.isArray(node.oneOf) ? (node.oneOf as unknown[]) : [])
      .filter(isNode)
      .find((candidate) => 'const' in candidate && same(candidate.const, value));
    if (option && typeof option.title === 'string') return option.title;
  }
  return String(value);
}
