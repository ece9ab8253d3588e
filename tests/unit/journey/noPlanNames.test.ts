import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPlanCodes } from '../../../src/plans/nodePlanSource.ts';
import { REPO_ROOT } from '../../e2e/harness.ts';

/**
 * A plan code appears in plan data (schemas/plans/<CODE>/) only: no TypeScript under src/,
 * engine/ or widgets/ names a plan, not even in a comment. The runtime, the widgets, the
 * standard journey, the app shell, the server and the calculators (registered and named by
 * kind) serve every plan alike.
 */
const GENERIC = ['engine', 'widgets', 'src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('generic code names no plan', () => {
  it.each(GENERIC)('%s', (dir) => {
    const codes = listPlanCodes();
    expect(codes.length).toBeGreaterThan(1);
    const named = sourceFiles(join(REPO_ROOT, dir)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return codes
        .filter((code) => new RegExp(`\\b${code}[A-Z]?\\b`).test(text))
        .map((code) => `${relative(REPO_ROOT, file)} names ${code}`);
    });
    expect(named).toEqual([]);
  });
});
