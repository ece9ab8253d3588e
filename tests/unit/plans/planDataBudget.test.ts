import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMAS_ROOT, listPlanCodes } from '../../../src/plans/nodePlanSource.ts';

/*
 * Plan data composed, not copied (issue 17): a plan folder holds only what is its own.
 * Measured on the folders as written (generated validators aside): no file of one plan is a
 * copy of another plan's once the plan code is replaced; the plans' JSON, fixtures aside, stays
 * within 12,000 lines in all (30,354 when every plan carried its own copies); and a plan that
 * is a variant of another ($extends) owns at most 300 lines.
 */

const plansDir = join(DEFAULT_SCHEMAS_ROOT, 'plans');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** Lines as wc -l counts them. */
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').length - 1;
const owned = listPlanCodes().map((code) => ({ code, files: jsonFiles(join(plansDir, code)) }));
const notFixture = (path: string) => !relative(plansDir, path).split('/').includes('fixtures');

describe('plan folders', () => {
  it('hold no file that is another plan’s copy once its code is replaced', () => {
    const seen = new Map<string, string>();
    const copies: string[] = [];
    for (const { code, files } of owned) {
      for (const path of files) {
        const text = readFileSync(path, 'utf8').split(code).join('<CODE>');
        const where = relative(plansDir, path);
        const first = seen.get(text);
        if (first) copies.push(`${where} is a copy of ${first}`);
        else seen.set(text, where);
      }
    }
    expect(copies).toEqual([]);
  });

  it('own at most 12,000 lines of JSON, fixtures aside', () => {
    const total = owned
      .flatMap(({ files }) => files.filter(notFixture))
      .reduce((sum, path) => sum + lines(path), 0);
    expect(total).toBeLessThanOrEqual(12_000);
  });

  it('let a variant own at most 300 lines', () => {
    const variants = owned.filter(({ code }) =>
      Boolean(JSON.parse(readFileSync(join(plansDir, code, 'plan.json'), 'utf8')).$extends),
    );
    expect(variants.map(({ code }) => code)).toContain('T76');
    for (const { code, files } of variants) {
      expect(
        files.filter(notFixture).reduce((sum, path) => sum + lines(path), 0),
        code,
      ).toBeLessThanOrEqual(300);
    }
  });
});
