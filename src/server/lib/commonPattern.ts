import { readCommonDocuments } from '../../plans/nodePlanSource.ts';

let defs: Record<string, { pattern?: string }> | undefined;

/**
 * The pattern of a shared field of schemas/common/defs.schema.json (`fullName`,
 * `indianMobileNumber`, `emailId`, `pincode`, …): the server checks what the browser checks.
 */
export function commonPattern(name: string): string {
  defs ??= (readCommonDocuments().find((doc) => String(doc.$id).endsWith('/common/defs.schema.json'))
    ?.$defs ?? {}) as Record<string, { pattern?: string }>;
  const pattern = defs[name]?.pattern;
  if (!pattern) throw new Error(`schemas/common/defs.schema.json has no pattern for "${name}"`);
  return pattern;
}
