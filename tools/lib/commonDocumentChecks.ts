import type Ajv from 'ajv';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { Problem } from './problem.ts';
import { checkRefs, fileOfId, strictProblems } from './schemaRefChecks.ts';

/**
 * The shared documents under schemas/common/: every $ref resolves, and each compiles under
 * strict ajv (added to `strict`, where the plans' forms then find them). `brokenCommonRefs`:
 * a $ref does not resolve (reported at it), so plans that reach it cannot be bundled.
 */
export function checkCommonDocuments(
  common: JsonSchema[],
  strict: Ajv,
): { problems: Problem[]; brokenCommonRefs: boolean } {
  const problems: Problem[] = [];
  const commonById = new Map<string, unknown>(
    common.filter((doc) => typeof doc.$id === 'string').map((doc) => [doc.$id as string, doc]),
  );
  const commonProblem = (doc: JsonSchema, error: unknown): Problem[] => {
    const file = fileOfId(String(doc.$id));
    const message = (error as Error).message;
    return strictProblems(file, [{ file, schema: doc }], message, strict) ?? [{ file, where: '/', message }];
  };
  let brokenCommonRefs = false;
  for (const doc of common) {
    const refs = checkRefs(fileOfId(String(doc.$id)), doc, commonById);
    brokenCommonRefs ||= refs.length > 0;
    problems.push(...refs);
    try {
      strict.addSchema(doc);
    } catch (error) {
      problems.push(...commonProblem(doc, error));
    }
  }
  for (const doc of common) {
    try {
      strict.getSchema(String(doc.$id));
    } catch (error) {
      if (!problems.some((p) => p.file === fileOfId(String(doc.$id))))
        problems.push(...commonProblem(doc, error));
    }
  }
  return { problems, brokenCommonRefs };
}
