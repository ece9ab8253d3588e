import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ComposeError } from '../../../src/plans/compose/composeError.ts';
import { composePlanFiles } from '../../../src/plans/compose/composePlan.ts';
import { FactError, factAt, fillTemplate } from '../../../src/plans/compose/factTemplates.ts';
import { mergePatch } from '../../../src/plans/compose/mergePatch.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A schemas/ root holding the given files (path → JSON). */
function schemas(files: Record<string, unknown>): string {
  root = mkdtempSync(join(tmpdir(), 'bimaflow-compose-'));
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(value));
  }
  return root;
}

const plan = (code: string, extra: Record<string, unknown> = {}) => ({
  productId: code,
  productName: `Plan ${code}`,
  planCode: code,
  ageLimits: { proposer: { min: 18, max: 65 } },
  paymentFrequencies: [
    { value: 'Yearly', minimumPremium: 50000 },
    { value: 'Half Yearly', minimumPremium: 25595 },
  ],
  offers: [{ id: 'online', discountPercent: 10 }],
  steps: {
    'basic-details': { schema: 'steps/basic-details.schema.json', uiSchema: 'steps/basic-details.ui.json' },
  },
  machine: 'machine.json',
  ...extra,
});

const SHARED_STEP = {
  title: 'Basic details',
  properties: {
    dateOfBirth: {
      ageRange: '{{ageLimits.proposer}}',
      errorMessage: {
        ageRange: 'Age should be between {{ageLimits.proposer.min}} and {{ageLimits.proposer.max}}',
      },
    },
  },
};

describe('mergePatch (RFC 7396)', () => {
  it('merges objects, removes on null and replaces arrays', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] }, { b: { d: null, f: 4 }, e: [3] })).toEqual({
      a: 1,
      b: { c: 2, f: 4 },
      e: [3],
    });
  });
});

describe('fact templates', () => {
  const facts = plan('T98');
  const lookup = (path: string) =>
    path.split('.').reduce<unknown>((node, key) => (node as never)[key], facts);
  it('keeps the type of a whole-string template and writes facts into text', () => {
    expect(fillTemplate('{{ageLimits.proposer.max}}', lookup)).toBe(65);
    expect(fillTemplate('Between {{ageLimits.proposer.min}} and {{ageLimits.proposer.max}}', lookup)).toBe(
      'Between 18 and 65',
    );
  });
  it('leaves fixture dates for the day they run, with facts filled in', () => {
    expect(fillTemplate('{{today-(ageLimits.proposer.min)y+1d}}', lookup)).toBe('{{today-18y+1d}}');
    expect(fillTemplate('{{today-35y}}', lookup)).toBe('{{today-35y}}');
    // A bound's neighbour: the day before turning one more than the maximum.
    expect(fillTemplate('{{today-(ageLimits.proposer.max|plus:1)y+1d}}', lookup)).toBe('{{today-66y+1d}}');
  });
  it('reads only the facts the plan has: nothing an object inherits', () => {
    const read = (path: string) => factAt(facts, path);
    expect(() => fillTemplate('{{constructor}}', read)).toThrow(
      new FactError(
        "the plan has no 'constructor' (it has productId, productName, planCode, ageLimits, paymentFrequencies, offers, steps, machine)",
      ),
    );
    expect(() => fillTemplate('{{ageLimits.proposer.toString}}', read)).toThrow(
      new FactError("'ageLimits.proposer' has no 'toString' (it has min, max)"),
    );
  });
  it('refuses arithmetic without a number and letter case on what is not text, instead of NaN or "65"', () => {
    const read = (path: string) => factAt(facts, path);
    expect(() => fillTemplate('{{ageLimits.proposer.max|plus}}', read)).toThrow(
      new FactError("'plus' needs a number after its colon, as in 'plus:1', not nothing"),
    );
    expect(() => fillTemplate('{{ageLimits.proposer.max|minus:}}', read)).toThrow(
      new FactError("'minus' needs a number after its colon, as in 'minus:1', not ''"),
    );
    expect(() => fillTemplate('Up to {{ageLimits.proposer.max|times:ten}}', read)).toThrow(
      new FactError("'times' needs a number after its colon, as in 'times:1', not 'ten'"),
    );
    expect(() => fillTemplate('{{ageLimits.proposer.max|lower}}', read)).toThrow(
      new FactError("'lower' needs text, not 65"),
    );
    expect(() => fillTemplate('{{ageLimits.proposer|upper}}', read)).toThrow(
      new FactError('\'upper\' needs text, not {"min":18,"max":65}'),
    );
    expect(fillTemplate('{{ageLimits.proposer.max|minus:1.5}} {{planCode|lower}}', read)).toBe('63.5 t98');
  });
});

describe('composePlanFiles', () => {
  it('reads a step the plan lacks from schemas/common and fills in its facts', () => {
    const dir = schemas({
      'plans/T98/plan.json': plan('T98'),
      'common/steps/basic-details.schema.json': SHARED_STEP,
      'common/steps/basic-details.ui.json': {},
      'common/machine.json': {
        on: { NAVIGATE: [{ $generated: 'step routes' }, { $generated: 'first step' }] },
      },
    });
    const files = composePlanFiles('T98', dir);
    expect(files['steps/basic-details.schema.json']).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://schemas.bimaflow.in/plans/T98/steps/basic-details.schema.json',
      title: 'Basic details',
      properties: {
        dateOfBirth: {
          ageRange: { min: 18, max: 65 },
          errorMessage: { ageRange: 'Age should be between 18 and 65' },
        },
      },
    });
    expect(files['machine.json']).toMatchObject({
      id: 'T98',
      initial: 'basicDetails',
      on: { NAVIGATE: [{ target: '.basicDetails' }, { target: '.basicDetails' }] },
      states: {
        basicDetails: { meta: { route: 'basic-details', step: 'basic-details', stepper: 'basic-details' } },
      },
    });
  });

  it('lets a variant extend a plan: its plan.json merged over the base, the base files composed with its facts', () => {
    const dir = schemas({
      'plans/T98/plan.json': plan('T98', { brochure: { title: '{{productName}}' } }),
      'plans/T98/steps/basic-details.schema.json': {
        $use: 'common/steps/basic-details.schema.json',
        title: 'Mine',
      },
      'plans/T97/plan.json': {
        $extends: 'T98',
        productId: 'T97',
        planCode: 'T97',
        productName: 'Variant',
        ageLimits: { proposer: { min: 21 } },
      },
      'common/steps/basic-details.schema.json': SHARED_STEP,
      'common/steps/basic-details.ui.json': { 'ui:order': ['*'], note: '{{planCode}}' },
      'common/machine.json': {},
    });
    const files = composePlanFiles('T97', dir);
    expect(files['plan.json']).toMatchObject({ planCode: 'T97', brochure: { title: 'Variant' } });
    expect(files['plan.json']).not.toHaveProperty('$extends');
    expect(files['steps/basic-details.schema.json']).toMatchObject({
      $id: 'https://schemas.bimaflow.in/plans/T97/steps/basic-details.schema.json',
      title: 'Mine',
      properties: { dateOfBirth: { errorMessage: { ageRange: 'Age should be between 21 and 65' } } },
    });
    expect(files['steps/basic-details.ui.json']).toEqual({ 'ui:order': ['*'], note: 'T97' });
  });

  it('names the file, the pointer and a near name when a fact does not exist', () => {
    const dir = schemas({
      'plans/T98/plan.json': plan('T98'),
      'common/steps/basic-details.schema.json': { title: 'From {{ageLimits.propser.min}}' },
      'common/steps/basic-details.ui.json': {},
      'common/machine.json': {},
    });
    expect(() => composePlanFiles('T98', dir)).toThrow(ComposeError);
    try {
      composePlanFiles('T98', dir);
    } catch (error) {
      expect(error).toMatchObject({
        file: 'common/steps/basic-details.schema.json',
        pointer: '/title',
        reason: expect.stringContaining("'ageLimits' has no 'propser' (did you mean 'proposer'?)"),
      });
    }
  });

  it('takes a $use of text or a list as it is, and refuses changes to it', () => {
    const files = (content: unknown) =>
      schemas({
        'plans/T98/plan.json': plan('T98', { content: 'content.json' }),
        'plans/T98/content.json': content,
        'common/parts.json': { lockIn: 'Locked in for {{ageLimits.proposer.min}} years.', facts: ['a', 'b'] },
        'common/steps/basic-details.schema.json': {},
        'common/steps/basic-details.ui.json': {},
        'common/machine.json': {},
      });
    const dir = files({
      facts: [
        { $use: 'common/parts.json#/lockIn' },
        'own',
        { $use: 'common/parts.json#/lockIn', $comment: 'a note' },
      ],
      card: { body: { $use: 'common/parts.json#/lockIn' } },
      list: { $use: 'common/parts.json#/facts' },
    });
    expect(composePlanFiles('T98', dir)['content.json']).toEqual({
      facts: ['Locked in for 18 years.', 'own', 'Locked in for 18 years.'],
      card: { body: 'Locked in for 18 years.' },
      list: ['a', 'b'],
    });
    rmSync(dir, { recursive: true, force: true });
    const changed = files({ facts: [{ $use: 'common/parts.json#/lockIn', body: 'x' }] });
    expect(() => composePlanFiles('T98', changed)).toThrow(
      /is not an object, so it takes no changes \(body\)/,
    );
  });

  it("reads what the pricing basis owns as {{basis.…}}, from the basis composed with the plan's facts", () => {
    const dir = schemas({
      'plans/T98/plan.json': plan('T98'),
      'plans/T98/pricing-basis.json': { planCode: '{{planCode}}', ages: { maxMaturityAge: 75 } },
      'common/steps/basic-details.schema.json': {
        title: 'At most {{basis.ages.maxMaturityAge}} ({{basis.planCode}})',
        maximum: '{{basis.ages.maxMaturityAge}}',
      },
      'common/steps/basic-details.ui.json': {},
      'common/machine.json': {},
    });
    expect(composePlanFiles('T98', dir)['steps/basic-details.schema.json']).toMatchObject({
      title: 'At most 75 (T98)',
      maximum: 75,
    });
  });

  it('lets the basis read its own facts as composed, and refuses a fact that refers to itself', () => {
    const files = (basis: unknown) =>
      schemas({
        'plans/T98/plan.json': plan('T98'),
        'plans/T98/pricing-basis.json': basis,
        'common/pricing/shared.json': {
          deathBenefit: { percent: 105, text: 'at least {{basis.deathBenefit.percent}}%' },
        },
        'common/steps/basic-details.schema.json': { title: 'On death: {{basis.deathBenefit.text}}' },
        'common/steps/basic-details.ui.json': {},
        'common/machine.json': {},
      });
    const composed = composePlanFiles(
      'T98',
      files({
        deathBenefit: { $use: 'common/pricing/shared.json#/deathBenefit', percent: 110 },
        option: { description: 'Fund value; on death {{basis.deathBenefit.text}} ({{planCode}})' },
      }),
    );
    expect(composed['pricing-basis.json']).toEqual({
      deathBenefit: { percent: 110, text: 'at least 110%' },
      option: { description: 'Fund value; on death at least 110% (T98)' },
    });
    expect(composed['steps/basic-details.schema.json']).toMatchObject({ title: 'On death: at least 110%' });
    rmSync(root!, { recursive: true, force: true });
    expect(() =>
      composePlanFiles('T98', files({ ages: { min: '{{basis.ages.max}}', max: '{{basis.ages.min}}' } })),
    ).toThrow(/the fact 'basis\.ages\.(min|max)' refers to itself/);
  });

  it('refuses {{basis.…}} in a plan without a basis', () => {
    const dir = schemas({
      'plans/T98/plan.json': plan('T98'),
      'common/steps/basic-details.schema.json': { title: '{{basis.ages.maxMaturityAge}}' },
      'common/steps/basic-details.ui.json': {},
      'common/machine.json': {},
    });
    expect(() => composePlanFiles('T98', dir)).toThrow(/the plan has no pricing-basis\.json/);
  });

  it('refuses a plan whose planCode is not its folder', () => {
    const dir = schemas({ 'plans/T98/plan.json': plan('T64'), 'common/machine.json': {} });
    expect(() => composePlanFiles('T98', dir)).toThrow(/planCode is "T64" but the folder is T98/);
  });

  it("builds a shared file on what a plan's override sets (#/… and $let), a fixture's cases keyed by name", () => {
    const fixtures = 'fixtures/basic-details.fixtures.json';
    const step = {
      schema: 'steps/basic-details.schema.json',
      uiSchema: 'steps/basic-details.ui.json',
      fixtures,
    };
    const holder = { $use: '#/$let/holder' };
    const dir = schemas({
      'plans/T98/plan.json': plan('T98', { steps: { 'basic-details': step } }),
      [`plans/T98/${fixtures}`]: {
        $use: fixtures,
        $let: { holder: { name: 'Priya', isSmoker: null, smoking: 'N' } },
        cases: {
          'too young': null,
          'too old': { errors: { dob: 'Above {{ageLimits.proposer.max}}' } },
          mine: { data: { holder }, errors: {} },
        },
      },
      [`common/${fixtures}`]: {
        step: 'basic-details',
        $let: { holder: { name: 'Anil', isSmoker: 'N' } },
        cases: {
          journey: { data: { holder }, errors: {} },
          'too young': {
            data: { holder: { ...holder, dob: '{{today-(ageLimits.proposer.min)y+1d}}' } },
            errors: {},
          },
          'too old': {
            data: { holder: { ...holder, dob: '{{today-(ageLimits.proposer.max)y}}' } },
            errors: {},
          },
        },
      },
      'common/steps/basic-details.schema.json': SHARED_STEP,
      'common/steps/basic-details.ui.json': {},
      'common/machine.json': {},
    });
    const priya = { name: 'Priya', smoking: 'N' };
    expect(composePlanFiles('T98', dir)[fixtures]).toEqual({
      step: 'basic-details',
      cases: [
        { name: 'journey', data: { holder: priya }, errors: {} },
        {
          name: 'too old',
          data: { holder: { ...priya, dob: '{{today-65y}}' } },
          errors: { dob: 'Above 65' },
        },
        { name: 'mine', data: { holder: priya }, errors: {} },
      ],
    });
  });

  it('drops $comment, the notes for builders', () => {
    const dir = schemas({
      'plans/T98/plan.json': { ...plan('T98'), $comment: 'for analysts' },
      'common/steps/basic-details.schema.json': { $comment: 'spec 01 §3', title: 'x' },
      'common/steps/basic-details.ui.json': {},
      'common/machine.json': {},
    });
    const files = composePlanFiles('T98', dir);
    expect(JSON.stringify(files)).not.toContain('$comment');
  });
});
