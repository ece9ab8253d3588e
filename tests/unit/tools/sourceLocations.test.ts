import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanComposer } from '../../../src/plans/compose/composePlan.ts';
import { factAt } from '../../../src/plans/compose/factTemplates.ts';
import { sourceOf } from '../../../src/plans/compose/sourceOf.ts';
import { locateProblems } from '../../../tools/lib/locateProblems.ts';
import { problemLine } from '../../../tools/lib/problem.ts';
import { SourceLines } from '../../../tools/lib/sourceLines.ts';

/*
 * Where a composed value is written (src/plans/compose/sourceOf.ts) and the line a problem is
 * printed at (tools/lib/locateProblems.ts), on a small schemas root of its own: a plan BASE,
 * a variant VAR that $extends it, a shared step it builds on with $use, and facts in
 * templates — each value found in the file that writes it.
 */

const FILES: Record<string, unknown> = {
  'common/steps/pay.schema.json': {
    title: 'Pay',
    type: 'object',
    properties: {
      amount: { type: 'number', maximum: 100 },
      holder: { $ref: '../../../common/defs.schema.json#/$defs/name' },
    },
  },
  'common/defs.schema.json': {
    $id: 'https://schemas.bimaflow.in/common/defs.schema.json',
    $defs: { name: { type: 'string', minLength: 2 } },
  },
  'common/machine.json': {
    on: { RESUME: [{ target: '.pay' }, { $generated: 'step stages' }, { target: '.planDetails' }] },
  },
  'plans/BASE/plan.json': {
    planCode: 'BASE',
    ageLimits: { proposer: { min: 18, max: 65 } },
    offers: [{ id: 'online', name: 'Online discount', percent: 10 }],
    copy: { offerLine: 'Get {{offers.online.percent}}% off' },
    steps: {
      pay: { schema: 'steps/pay.schema.json', submit: { type: 'saveStage', stage: 'basic-details' } },
      'plan-details': {
        schema: 'steps/pay.schema.json',
        submit: { type: 'saveStage', stage: 'plan-details' },
      },
    },
    machine: 'machine.json',
  },
  'plans/BASE/steps/pay.schema.json': {
    $use: 'common/steps/pay.schema.json',
    properties: { age: { type: 'integer', maximum: '{{ageLimits.proposer.max}}' } },
  },
  'plans/VAR/plan.json': { $extends: 'BASE', planCode: 'VAR', uin: '143N000V01' },
  'plans/VAR/content.json': {
    offer: '{{copy.offerLine}}',
    options: { '{{planCode}}LS': { name: 'Level' } },
  },
};

let root: string;
let composer: PlanComposer;
const text = (file: string) => readFileSync(join(root, file), 'utf8');
/** The line of a file that holds `needle` (the files are written a value a line). */
const lineOf = (file: string, needle: string) =>
  text(file)
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bimaflow-sources-'));
  for (const [file, value] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  }
  composer = new PlanComposer('VAR', root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sourceOf: where a composed value is written', () => {
  it('finds a plan.json value in the plan that writes it: the variant, or the plan it extends', () => {
    expect(sourceOf(composer, 'plan.json', '/uin')).toEqual({
      file: 'plans/VAR/plan.json',
      pointer: '/uin',
      exact: true,
    });
    expect(sourceOf(composer, 'plan.json', '/ageLimits/proposer/max')).toEqual({
      file: 'plans/BASE/plan.json',
      pointer: '/ageLimits/proposer/max',
      exact: true,
    });
  });

  it('follows $use into the shared file, and keeps what the plan writes over it', () => {
    expect(sourceOf(composer, 'steps/pay.schema.json', '/properties/amount/maximum')).toEqual({
      file: 'common/steps/pay.schema.json',
      pointer: '/properties/amount/maximum',
      exact: true,
    });
    expect(sourceOf(composer, 'steps/pay.schema.json', '/properties/age/type')).toEqual({
      file: 'plans/BASE/steps/pay.schema.json',
      pointer: '/properties/age/type',
      exact: true,
    });
  });

  it('sends a whole-string template to the fact in plan.json, an array item named by id to its index', () => {
    expect(sourceOf(composer, 'steps/pay.schema.json', '/properties/age/maximum')).toEqual({
      file: 'plans/BASE/plan.json',
      pointer: '/ageLimits/proposer/max',
      exact: true,
    });
    expect(sourceOf(composer, 'content.json', '/offer')).toEqual({
      file: 'plans/BASE/plan.json',
      pointer: '/copy/offerLine',
      exact: true,
    });
  });

  it('names a list item as the composition does: by id, value or code, not by its name', () => {
    expect(sourceOf(composer, 'plan.json', '/offers/online/percent')).toEqual({
      file: 'plans/BASE/plan.json',
      pointer: '/offers/0/percent',
      exact: true,
    });
    // {{offers.Online discount.percent}} (and a $use of #/offers/Online discount) does not compose.
    expect(() => factAt(composer.plan(), 'offers.Online discount.percent')).toThrow(
      "'offers' has no 'Online discount' (it has online)",
    );
    expect(sourceOf(composer, 'plan.json', '/offers/Online discount/percent')).toEqual({
      file: 'plans/BASE/plan.json',
      pointer: '/offers',
      exact: false,
    });
  });

  it('finds a key written as a template', () => {
    expect(sourceOf(composer, 'content.json', '/options/VARLS/name')).toEqual({
      file: 'plans/VAR/content.json',
      pointer: '/options/{{planCode}}LS/name',
      exact: true,
    });
  });

  it('sends a generated machine state to its step in plan.json, a generated list to the list', () => {
    expect(sourceOf(composer, 'machine.json', '/states/planDetails/meta/step')).toEqual({
      file: 'plans/BASE/plan.json',
      pointer: '/steps/plan-details',
      exact: false,
    });
    // Before the marker, an entry is where it is written; after it, the list is the place.
    expect(sourceOf(composer, 'machine.json', '/on/RESUME/0/target')).toEqual({
      file: 'common/machine.json',
      pointer: '/on/RESUME/0/target',
      exact: true,
    });
    const resume = (composer.file('machine.json') as { on: { RESUME: unknown[] } }).on.RESUME;
    expect(resume.length).toBeGreaterThan(3);
    expect(sourceOf(composer, 'machine.json', '/on/RESUME/2/target')).toEqual({
      file: 'common/machine.json',
      pointer: '/on/RESUME',
      exact: false,
    });
    // Past the marker, an entry is where it is written again.
    expect(sourceOf(composer, 'machine.json', `/on/RESUME/${resume.length - 1}/target`)).toEqual({
      file: 'common/machine.json',
      pointer: '/on/RESUME/2/target',
      exact: true,
    });
  });
});

describe('locateProblems: file, pointer and line', () => {
  it('moves a problem found in the composed plan to the file and line that write it', () => {
    const plans = { VAR: composer.all() };
    const [age, amount, name, offer] = locateProblems(
      [
        { file: 'plans/VAR/steps/pay.schema.json', where: '/properties/age/maximum', message: 'age' },
        { file: 'plans/VAR/steps/pay.schema.json', where: '/properties/amount/maximum', message: 'amount' },
        // Through the $ref a check walks: the definition in the shared document.
        {
          file: 'plans/VAR/steps/pay.schema.json',
          where: '/properties/holder/$ref/minLength',
          message: 'name',
        },
        { file: 'plans/VAR/content.json', where: '/offer', message: 'offer' },
      ],
      root,
      plans,
    );
    expect(problemLine(age!)).toBe(
      `plans/BASE/plan.json:${lineOf('plans/BASE/plan.json', '"max": 65')} /ageLimits/proposer/max: age (in the composed plans/VAR/steps/pay.schema.json /properties/age/maximum)`,
    );
    expect(problemLine(amount!)).toBe(
      `common/steps/pay.schema.json:${lineOf('common/steps/pay.schema.json', '"maximum": 100')} /properties/amount/maximum: amount (in the composed plans/VAR/steps/pay.schema.json /properties/amount/maximum)`,
    );
    expect(problemLine(name!)).toBe(
      `common/defs.schema.json:${lineOf('common/defs.schema.json', '"minLength": 2')} /$defs/name/minLength: name (in the composed plans/VAR/steps/pay.schema.json /properties/holder/$ref/minLength)`,
    );
    expect(problemLine(offer!)).toBe(
      `plans/BASE/plan.json:${lineOf('plans/BASE/plan.json', '"offerLine"')} /copy/offerLine: offer (in the composed plans/VAR/content.json /offer)`,
    );
  });

  it("names the line of a property's name, of the deepest value a pointer reaches, and of a syntax error", () => {
    const lines = new SourceLines(root);
    expect(lines.lineOf('plans/BASE/plan.json', '/ageLimits/proposer/min')).toBe(
      lineOf('plans/BASE/plan.json', '"min": 18'),
    );
    expect(lines.lineOf('plans/BASE/plan.json', '/ageLimits/proposer/nothing/here')).toBe(
      lineOf('plans/BASE/plan.json', '"proposer"'),
    );
    writeFileSync(join(root, 'plans/VAR/broken.json'), '{\n  "a": 1,\n  "b" 2\n}\n');
    expect(lines.syntaxError('plans/VAR/broken.json')).toEqual({ line: 3, message: 'ColonExpected' });
  });
});
