import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import { closest } from '../../src/plans/compose/factTemplates.ts';
import { pointerSegment } from './problem.ts';
import { propertySchemas, variantsOf } from './schemaWalk.ts';

/*
 * The places of some data a JSON Pointer may name — the fields a form's schema declares, or the
 * places of an application (its schema's and the fields each step binds) — as a tree, so a
 * condition's `scope` can be checked and a misspelt one given the place it was meant to be.
 */

/** How deep a schema's fields are followed (a schema that refers to itself stops here). */
const MAX_DEPTH = 12;

export class DataPlaces {
  private readonly children = new Map<string, DataPlaces>();
  /** An array's items: any index. */
  private items: DataPlaces | undefined;
  /** Any name (additionalProperties or patternProperties with a schema): nothing below is checked. */
  private open = false;

  /** The place at `segments`, made where missing. */
  at(segments: readonly string[]): DataPlaces {
    const [segment, ...rest] = segments;
    if (segment === undefined) return this;
    let child = this.children.get(segment);
    if (!child) this.children.set(segment, (child = new DataPlaces()));
    return child.at(rest);
  }

  /** Adds the fields the schemas of the value here declare (any branch), to any depth. */
  addSchemas(schemas: readonly JsonSchema[], root: JsonSchema, depth = 0): this {
    if (depth >= MAX_DEPTH) {
      this.open = true;
      return this;
    }
    const fields = new Map<string, JsonSchema[]>();
    const items: JsonSchema[] = [];
    for (const schema of schemas) {
      propertySchemas(schema, root).forEach((subs, name) =>
        fields.set(name, [...(fields.get(name) ?? []), ...subs]),
      );
      for (const variant of variantsOf(schema, root)) {
        if (variant.items && typeof variant.items === 'object' && !Array.isArray(variant.items))
          items.push(variant.items as JsonSchema);
        const additional = variant.additionalProperties;
        if ((additional && typeof additional === 'object') || variant.patternProperties) this.open = true;
      }
    }
    for (const [name, subs] of fields) this.at([name]).addSchemas(subs, root, depth + 1);
    if (items.length) (this.items ??= new DataPlaces()).addSchemas(items, root, depth + 1);
    return this;
  }

  /** The child a segment names: a field, or an index of an array's items. */
  private child(segment: string): DataPlaces | undefined {
    return this.children.get(segment) ?? (/^\d+$/.test(segment) ? this.items : undefined);
  }

  /**
   * Undefined when `segments` name a place; else the first segment that names none, the place
   * above it ('' the top), the names there are and the nearest pointer to the one asked.
   */
  missing(
    segments: readonly string[],
    walked: readonly string[] = [],
  ): { segment: string; above: string; names: string[]; nearest?: string } | undefined {
    const [segment, ...rest] = segments;
    if (segment === undefined || this.open) return undefined;
    const next = this.child(segment);
    if (next) return next.missing(rest, [...walked, segment]);
    const names = [...this.children.keys()];
    const near = closest(segment, names);
    let nearest: string | undefined;
    if (near !== undefined) {
      // The rest as asked where it names a place below the nearest name, else only that name.
      const restNames = this.children.get(near)!.missing(rest) === undefined;
      nearest = toPointer([...walked, near, ...(restNames ? rest : [])]);
    }
    return { segment, above: toPointer(walked), names, ...(nearest !== undefined ? { nearest } : {}) };
  }
}

function toPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${pointerSegment(segment)}`).join('');
}
