export const SCHEMA_ID_BASE = 'https://schemas.bimaflow.in/plans/';

/** A step or popup schema with its draft and its `$id`, the place it has in the plan (`code`), first. */
export function identifySchema(
  schema: Record<string, unknown>,
  code: string,
  path: string,
): Record<string, unknown> {
  const { $schema = 'http://json-schema.org/draft-07/schema#', $id: _shared, ...rest } = schema;
  return { $schema, $id: `${SCHEMA_ID_BASE}${code}/${path}`, ...rest };
}
