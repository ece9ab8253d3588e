import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMAS_ROOT, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { describePlanChanges } from '../../../src/studio/planDiff.ts';

/*
 * The studio's plain-language diff (issue 22): a plan composed before and after a change, in the
 * business's words.
 */
const root = mkdtempSync(join(tmpdir(), 'studio-diff-'));
cpSync(DEFAULT_SCHEMAS_ROOT, root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const edit = (path: string, change: (value: Record<string, unknown>) => void) => {
  const file = join(root, path);
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(file, JSON.stringify(value));
};

describe("a plan's changes in words", () => {
  it('says nothing of a plan that did not change', () => {
    expect(describePlanChanges(readPlanFiles('T54', root), readPlanFiles('T54', root))).toEqual([]);
  });

  it('names a fact by its business name, then what follows from it for visitors and fixtures', () => {
    const before = readPlanFiles('T54', root);
    edit('plans/T54/plan.json', (plan) => {
      (plan.paymentFrequencies as { minimumPremium: number }[])[0]!.minimumPremium = 45000;
    });
    const changes = describePlanChanges(before, readPlanFiles('T54', root));
    const texts = changes.map((change) => change.text);
    expect(texts[0]).toBe('Minimum yearly premium 50,000 → 45,000');
    expect(changes[0]).toMatchObject({
      kind: 'fact',
      file: 'plan.json',
      pointer: '/paymentFrequencies/0/minimumPremium',
    });
    // The composed message a visitor reads changes with it, and the fixtures that typed the minimum.
    expect(texts).toContain(
      'Step Customise your pension plan: Text "Minimum 50,000 a year (25,595 half-yearly, 12,950 quarterly, 4,350 monthly)." → "Minimum 45,000 a year (25,595 half-yearly, 12,950 quarterly, 4,350 monthly)."',
    );
    expect(texts).toContain('Fixture of plan-details "below the yearly minimum" changed');
    expect(changes.at(-1)!.kind).toBe('fixture');
  });

  it('quotes a message as the visitor reads it', () => {
    const before = readPlanFiles('T54', root);
    edit('plans/T54/steps/basic-details.schema.json', (schema) => {
      const text = JSON.stringify(schema).replace(
        /Age should be between (\{\{[^}]+\}\}) and/g,
        'Your age should be between $1 and',
      );
      Object.assign(schema, JSON.parse(text));
    });
    const texts = describePlanChanges(before, readPlanFiles('T54', root)).map((change) => change.text);
    expect(texts).toContain(
      'Message "Age should be between 45 and 80" → "Your age should be between 45 and 80"',
    );
  });

  it("names a step's field added or removed by its title", () => {
    const before = readPlanFiles('T54', root);
    edit('plans/T54/steps/additional-details.schema.json', (schema) => {
      schema.properties = {
        ...(schema.properties as object),
        employer: { type: 'string', title: 'Employer', maxLength: 60 },
      };
    });
    const changes = describePlanChanges(before, readPlanFiles('T54', root));
    const title = (readPlanFiles('T54', root)['steps/additional-details.schema.json'] as { title: string })
      .title;
    expect(changes).toContainEqual({
      kind: 'field',
      text: `Step ${title}: field Employer added`,
      file: 'steps/additional-details.schema.json',
      pointer: '/properties/employer',
    });
    // The field's own keywords are said by that one line.
    expect(changes.filter((change) => change.pointer.startsWith('/properties/employer/'))).toEqual([]);
    expect(describePlanChanges(readPlanFiles('T54', root), before).map((change) => change.text)).toContain(
      `Step ${title}: field Employer removed`,
    );
  });
});
