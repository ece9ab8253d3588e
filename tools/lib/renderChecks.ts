import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { Problem } from './problem.ts';
import { walkSchema } from './schemaWalk.ts';

/*
 * What the form cannot draw. A field offered as a list of options (a `oneOf` of `const`s
 * with titles) needs a `type` beside it, or the browser shows 'Unsupported field schema'
 * instead of the field; validation alone would not notice.
 */

function isOptionList(schema: JsonSchema): boolean {
  const options = schema.oneOf;
  return (
    Array.isArray(options) &&
    options.length > 0 &&
    options.every((option) => option && typeof option === 'object' && 'const' in option)
  );
}

export function checkRenderable(file: string, schema: JsonSchema): Problem[] {
  const problems: Problem[] = [];
  walkSchema(schema, ({ schema: node, schemaPath, branches, dataPath }) => {
    // A branch narrows a field the base schema already types; only the base needs the type.
    if (branches.length > 0 || dataPath.length === 0) return;
    if (isOptionList(node) && node.type === undefined && node.$ref === undefined) {
      const kinds = [...new Set((node.oneOf as Array<{ const: unknown }>).map((o) => typeof o.const))];
      problems.push({
        file,
        where: schemaPath,
        message: `offers options but has no "type", so the form cannot show it; add "type": ${JSON.stringify(
          kinds.length === 1
            ? kinds[0] === 'number'
              ? 'integer'
              : kinds[0]
            : kinds.map((k) => (k === 'number' ? 'integer' : k)),
        )}`,
      });
    }
  });
  return problems;
}
