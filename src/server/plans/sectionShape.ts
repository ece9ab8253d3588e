import type { LoadedStep } from '../../../engine/plan/types.ts';
import { getByPointer } from '../../../engine/schema/pointer.ts';
import { setAtPointer } from '../../../engine/state/applicationState.ts';

/*
 * What a saved section may hold (issue 19.3): the places the plan's forms bind, each in the
 * shape its form's schema gives — the properties it names in any branch (allOf, anyOf, oneOf,
 * if/then/else, dependencies, $ref), arrays by their items. Whatever else a save carries is
 * dropped before the section is checked and stored: a field no form asks for is never stored.
 * Where a schema describes a single value (a string, a number, a boolean), only such a value
 * is kept: an object or a list sent in its place is dropped. An object schema that allows
 * other properties (`additionalProperties`) is open, and kept as it comes.
 */
export type Shape =
  /** Kept as it comes: an open object (`additionalProperties`). */
  | { kind: 'any' }
  /** A container schema that names nothing (a form that only reads the place): kept as it comes, unless another form names more. */
  | { kind: 'unnamed' }
  /**
   * A single value. `extra`: named only by the application schema, not by a form (so no form
   * validates it): a string longer than `maxLength` is dropped too.
   */
  | { kind: 'scalar'; maxLength?: number; extra?: boolean }
  | { kind: 'array'; items: Shape }
  | { kind: 'object'; properties: Map<string, Shape> };

type Schema = Record<string, unknown>;

const ANY: Shape = { kind: 'any' };
const UNNAMED: Shape = { kind: 'unnamed' };

const COMPOSED = ['allOf', 'anyOf', 'oneOf'] as const;
const CONDITIONAL = ['if', 'then', 'else', 'not'] as const;
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function resolve(schema: unknown, root: Schema, seen: Set<unknown>): Schema[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as Schema;
  const found: Schema[] = [node];
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    found.push(...resolve(getByPointer(root, node.$ref.slice(1)), root, seen));
  }
  for (const key of COMPOSED) {
    if (Array.isArray(node[key])) for (const part of node[key]) found.push(...resolve(part, root, seen));
  }
  for (const key of CONDITIONAL) found.push(...resolve(node[key], root, seen));
  for (const key of ['dependencies', 'dependentSchemas']) {
    const map = node[key];
    if (map && typeof map === 'object') {
      for (const part of Object.values(map))
        if (!Array.isArray(part)) found.push(...resolve(part, root, seen));
    }
  }
  return found;
}

/** A schema part's own types ('type' as a word or a list). */
const typesOf = (part: Schema): string[] =>
  typeof part.type === 'string' ? [part.type] : Array.isArray(part.type) ? (part.type as string[]) : [];

/** The shape of a value the schema describes (every branch together). */
export function shapeOf(schema: unknown, root: Schema, depth = 0): Shape {
  if (depth > 12) return ANY;
  const parts = resolve(schema, root, new Set());
  const properties = new Map<string, unknown[]>();
  const items: unknown[] = [];
  const types = new Set<string>();
  let open = false;
  let named = false;
  let valueKeywords = false;
  const maxLengths: number[] = [];
  for (const part of parts) {
    for (const type of typesOf(part)) types.add(type);
    if (part.properties && typeof part.properties === 'object') {
      named = true;
      for (const [key, value] of Object.entries(part.properties as Schema)) {
        properties.set(key, [...(properties.get(key) ?? []), value]);
      }
    }
    if (part.additionalProperties !== undefined && part.additionalProperties !== false) open = true;
    if (part.patternProperties) open = true;
    if (part.items && typeof part.items === 'object' && !Array.isArray(part.items)) items.push(part.items);
    if ('enum' in part || 'const' in part || 'pattern' in part || 'format' in part) valueKeywords = true;
    if (typeof part.maxLength === 'number') maxLengths.push(part.maxLength);
  }
  if (items.length) return { kind: 'array', items: shapeOf({ anyOf: items }, root, depth + 1) };
  if (open) return ANY;
  if (named) {
    return {
      kind: 'object',
      properties: new Map(
        [...properties].map(([key, schemas]) => [key, shapeOf({ anyOf: schemas }, root, depth + 1)]),
      ),
    };
  }
  const scalar = types.size ? [...types].every((type) => SCALAR_TYPES.has(type)) : valueKeywords;
  if (!scalar) return UNNAMED;
  return maxLengths.length ? { kind: 'scalar', maxLength: Math.max(...maxLengths) } : { kind: 'scalar' };
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** The value with what its shape does not name left out (arrays item by item); undefined when none of it is kept. */
export function pruneTo(value: unknown, shape: Shape): unknown {
  switch (shape.kind) {
    case 'any':
    case 'unnamed':
      return value;
    case 'scalar':
      if (!isScalar(value)) return undefined;
      if (
        shape.extra &&
        typeof value === 'string' &&
        shape.maxLength !== undefined &&
        value.length > shape.maxLength
      )
        return undefined;
      return value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => pruneTo(item, shape.items)) : undefined;
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return isScalar(value) ? value : undefined;
      const kept: Record<string, unknown> = {};
      for (const [key, inner] of shape.properties) {
        if (!Object.hasOwn(value, key)) continue;
        const pruned = pruneTo((value as Record<string, unknown>)[key], inner);
        if (pruned !== undefined) kept[key] = pruned;
      }
      return kept;
    }
  }
}

/** A place of the application a form edits, with the shape of what it holds there. */
export interface BoundPlace {
  pointer: string;
  shape: Shape;
}

const placesOfStep = new WeakMap<LoadedStep, BoundPlace[]>();

/** Every place a form binds, each with the shape its schema gives the bound field. */
export function boundPlaces(step: LoadedStep): BoundPlace[] {
  let places = placesOfStep.get(step);
  if (!places) {
    const root = step.schema as Schema;
    const fields = shapeOf(root, root);
    places = Object.entries(step.definition.bind).map(([field, pointer]) => ({
      pointer,
      shape: fields.kind === 'object' ? (fields.properties.get(field) ?? ANY) : ANY,
    }));
    placesOfStep.set(step, places);
  }
  return places;
}

/** Two shapes of one place (a step and the popup that edits it): what either names. */
function union(a: Shape, b: Shape): Shape {
  if (a.kind === 'unnamed') return b;
  if (b.kind === 'unnamed') return a;
  if (a.kind === 'any' || b.kind === 'any') return ANY;
  if (a.kind === 'scalar' && b.kind === 'scalar') {
    const lengths = [a.maxLength, b.maxLength];
    return lengths.includes(undefined)
      ? { kind: 'scalar' }
      : { kind: 'scalar', maxLength: Math.max(...(lengths as number[])) };
  }
  if (a.kind === 'scalar') return b;
  if (b.kind === 'scalar') return a;
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', items: union(a.items, b.items) };
  if (a.kind === 'object' && b.kind === 'object') {
    const properties = new Map(a.properties);
    for (const [key, shape] of b.properties) {
      const other = properties.get(key);
      properties.set(key, other ? union(other, shape) : shape);
    }
    return { kind: 'object', properties };
  }
  return ANY;
}

/**
 * The patch with only what the given forms bind, each place in its shape: places under
 * `sections` (the top-level keys this save stores) are kept, others (read alongside, as
 * the annual premium) are not the save's to write.
 */
export function keepBound(patch: Record<string, unknown>, steps: LoadedStep[], sections: readonly string[]) {
  const places = new Map<string, Shape>();
  for (const step of steps) {
    for (const { pointer, shape } of boundPlaces(step)) {
      const section = pointer.split('/')[1] ?? '';
      if (!sections.includes(section)) continue;
      const known = places.get(pointer);
      places.set(pointer, known ? union(known, shape) : shape);
    }
  }
  let kept: Record<string, unknown> = {};
  for (const [pointer, shape] of places) {
    const value = getByPointer(patch, pointer);
    const pruned = value === undefined ? undefined : pruneTo(value, shape);
    if (pruned !== undefined) kept = setAtPointer(kept, pointer, pruned) as Record<string, unknown>;
  }
  return kept;
}

/** The top-level sections a form binds (its first segment of each place). */
export function sectionsBound(steps: LoadedStep[]): Set<string> {
  return new Set(
    steps.flatMap((step) => boundPlaces(step).map(({ pointer }) => pointer.split('/')[1] ?? '')),
  );
}

/** A shape with the given shape set at `segments` below it (objects made along the way). */
function placed(shape: Shape | undefined, segments: string[], inner: Shape): Shape {
  if (!segments.length) return shape ? union(shape, inner) : inner;
  if (shape?.kind === 'any') return shape;
  const properties = new Map(shape?.kind === 'object' ? shape.properties : []);
  const [head, ...rest] = segments;
  properties.set(head!, placed(properties.get(head!), rest, inner));
  return { kind: 'object', properties };
}

/**
 * The shape of a whole section as the forms bind it, with the properties the application's
 * own schema names besides (what the journey keeps that no form asks: the entry link's
 * references on the policy holder, say). An application-schema object that names nothing adds nothing.
 */
export function sectionShapeOf(steps: LoadedStep[], section: string, described?: Shape): Shape | undefined {
  let shape: Shape | undefined;
  for (const step of steps) {
    for (const { pointer, shape: inner } of boundPlaces(step)) {
      const [, first, ...rest] = pointer.split('/');
      if (first === section) shape = placed(shape, rest, inner);
    }
  }
  return shape && described ? withNamed(shape, described) : shape;
}

function withNamed(shape: Shape, described: Shape): Shape {
  if (shape.kind !== 'object' || described.kind !== 'object') return shape;
  const properties = new Map(shape.properties);
  for (const [key, inner] of described.properties) {
    const known = properties.get(key);
    properties.set(key, known ? withNamed(known, inner) : asExtra(inner));
  }
  return { kind: 'object', properties };
}

/** A shape named only by the application schema: its single values are not validated by any form. */
function asExtra(shape: Shape): Shape {
  if (shape.kind === 'scalar') return { ...shape, extra: true };
  if (shape.kind === 'array') return { kind: 'array', items: asExtra(shape.items) };
  if (shape.kind === 'object')
    return {
      kind: 'object',
      properties: new Map([...shape.properties].map(([key, inner]) => [key, asExtra(inner)])),
    };
  return shape;
}
