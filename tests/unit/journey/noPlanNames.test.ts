import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPlanCodes } from '../../../src/plans/nodePlanSource.ts';
import { REPO_ROOT } from '../../e2e/harness.ts';

/**
 * ARCHITECTURE.md: a plan code appears in schemas/plans/<CODE>/ and src/adapters/ only. The
 * runtime, the widgets, the standard journey, the app shell and the server's application,
 * quote and document routes serve every plan alike. (src/pricing still carries the first
 * calculator's T54-named files; its calculators are registered by kind.)
 */
const GENERIC = [
  'engine',
  'widgets',
  'src/journey',
  'src/app',
  'src/server/api/quotes',
  'src/server/api/documents',
  'src/server/api/applications',
];

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
