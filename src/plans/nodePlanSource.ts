import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from '../../engine/schema/bundleSchema.ts';
import type { PlanFiles } from '../../engine/plan/types.ts';
import { composePlanFiles, PlanComposer } from './compose/composePlan.ts';
import { COMMENTS, withoutNotes } from './withoutNotes.ts';

/** Plan data on disk, for Node (server and tools). The browser imports the same files through Vite. */

export const DEFAULT_SCHEMAS_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../schemas');

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/**
 * The shared schema documents: the JSON files directly in schemas/common, as the browser's
 * glob reads them, without their `$comment`s (notes for their authors, as a plan's own files
 * lose theirs when composed): the browser, the generated validators and the server read the
 * same documents. Subfolders hold plain data (e.g. mortality/ tables), not schemas.
 */
export function readCommonDocuments(root = DEFAULT_SCHEMAS_ROOT): JsonSchema[] {
  const dir = join(root, 'common');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json') && statSync(join(dir, name)).isFile())
    .map((name) => withoutNotes(readJson(join(dir, name)), COMMENTS) as JsonSchema);
}

/** Codes of the plan folders under schemas/plans. */
export function listPlanCodes(root = DEFAULT_SCHEMAS_ROOT): string[] {
  return readdirSync(join(root, 'plans'))
    .filter((name) => statSync(join(root, 'plans', name)).isDirectory())
    .sort();
}

/**
 * Every file of one plan, composed from its folder, the plan it extends and schemas/common,
 * keyed by its path in the plan ('plan.json', 'steps/x.schema.json'): plain values, every
 * reference resolved (src/plans/compose/composePlan.ts).
 */
export function readPlanFiles(code: string, root = DEFAULT_SCHEMAS_ROOT): PlanFiles {
  return composePlanFiles(code, root);
}

/** One file of a plan, composed (see readPlanFiles). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- plan data is checked by its meta-schema, not by TypeScript
export function readPlanFile<T = any>(code: string, path: string, root = DEFAULT_SCHEMAS_ROOT): T {
  return new PlanComposer(code, root).file(path) as T;
}

/** The JSON files of one plan folder as written, keyed by their path relative to the folder. */
export function readPlanSourceFiles(code: string, root = DEFAULT_SCHEMAS_ROOT): PlanFiles {
  const dir = join(root, 'plans', code);
  const files: PlanFiles = {};
  for (const path of jsonFiles(dir)) files[relative(dir, path).split(sep).join('/')] = readJson(path);
  return files;
}
