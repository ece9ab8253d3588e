import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCHEMAS_ROOT } from '../../../src/plans/nodePlanSource.ts';
import { loadSources } from '../../../tools/lib/loadSources.ts';
import { checkPlans, type Problem } from '../../../tools/lib/planChecks.ts';
import { problemLine } from '../../../tools/lib/problem.ts';

// Plan files are edited as parsed JSON; their shapes are what the code under test checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface PlanFolder {
  root: string;
  read(path: string): Json;
  write(path: string, data: unknown): void;
  /** Reads a JSON file of the plan, lets `edit` change it, writes it back. */
  edit(path: string, edit: (data: Json) => void): void;
  /** The line (1-based) of the first line of a file of the plan, as written now, that contains `text`. */
  lineOf(path: string, text: string): number;
}

/**
 * Copies the schemas (meta-schemas, common/ and one plan folder — not the others, which may
 * be mid-edit) to a temporary root, lets the test break something, and answers what
 * plans:validate says about that root, as an analyst's copy-a-folder-and-edit would be checked.
 * The generated validators are checked only when asked for.
 */
export function checkCopiedPlan(
  edit: (plan: PlanFolder) => void,
  code = 'T54',
  {
    generatedValidators = false,
    as = code,
  }: {
    generatedValidators?: boolean;
    /** The folder the copy is made under (an analyst's new plan: copy T64 as T99); the test edits its plan.json. */
    as?: string;
  } = {},
): Problem[] {
  const root = mkdtempSync(join(tmpdir(), 'bimaflow-plan-'));
  try {
    for (const name of readdirSync(DEFAULT_SCHEMAS_ROOT).filter((n) => n.endsWith('.json'))) {
      cpSync(join(DEFAULT_SCHEMAS_ROOT, name), join(root, name));
    }
    cpSync(join(DEFAULT_SCHEMAS_ROOT, 'common'), join(root, 'common'), { recursive: true });
    mkdirSync(join(root, 'plans'));
    cpSync(join(DEFAULT_SCHEMAS_ROOT, 'plans', code), join(root, 'plans', as), { recursive: true });
    const file = (path: string) => join(root, 'plans', as, path);
    const folder: PlanFolder = {
      root,
      read: (path) => JSON.parse(readFileSync(file(path), 'utf8')),
      // Written as an analyst's editor writes JSON, a value a line, so lines can be named.
      write: (path, data) =>
        writeFileSync(file(path), typeof data === 'string' ? data : `${JSON.stringify(data, null, 2)}\n`),
      edit(path, change) {
        const data = folder.read(path);
        change(data);
        folder.write(path, data);
      },
      lineOf(path, text) {
        const index = readFileSync(file(path), 'utf8')
          .split('\n')
          .findIndex((line) => line.includes(text));
        if (index < 0) throw new Error(`${path} has no line with ${text}`);
        return index + 1;
      },
    };
    edit(folder);
    const sources = loadSources(root);
    // A schema edited here leaves the copied validators.generated.js stale; that check has
    // its own tests (generatedValidators.test.ts), the others look at one rule each.
    return checkPlans(generatedValidators ? sources : { ...sources, generatedValidators: undefined });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** 'file where: message' lines, without the line numbers. */
export const lines = (problems: Problem[]) => problems.map((p) => `${p.file} ${p.where}: ${p.message}`);

/** 'file:line where: message (in the composed …)' lines, as the CLI prints them (without its schemas/ prefix). */
export const located = (problems: Problem[]) => problems.map((p) => problemLine(p));

/** The first object in a JSON tree for which `test` holds (to edit it in place). */
export function findIn(node: Json, test: (value: Json) => boolean): Json {
  if (node && typeof node === 'object') {
    if (!Array.isArray(node) && test(node)) return node;
    for (const value of Object.values(node)) {
      const found = findIn(value, test);
      if (found) return found;
    }
  }
  return undefined;
}
