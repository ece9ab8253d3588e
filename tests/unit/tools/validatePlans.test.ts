import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMAS_ROOT } from '../../../src/plans/nodePlanSource.ts';
import { loadSources } from '../../../tools/lib/loadSources.ts';
import { checkPlans, type PlanSources } from '../../../tools/lib/planChecks.ts';

function sources(): PlanSources {
  return loadSources(DEFAULT_SCHEMAS_ROOT);
}

// Fixture surgery on parsed JSON: the shapes are the plan files', checked by the code under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * T54's composed files edited in memory and checked: the problems are where the checks find
 * them in the composed plan (no root: the files on disk are not what is checked, so they are
 * neither located in them nor is the journey priced).
 */
function broken(edit: (files: Record<string, Json>) => void) {
  const s = sources();
  const files = structuredClone(s.plans.T54!) as Record<string, Json>;
  edit(files);
  return checkPlans({ ...s, plans: { T54: files }, generatedValidators: undefined, root: undefined });
}

describe('plans:validate', () => {
  // Every plan's every fixture, compiled strictly: seconds on a busy 2-core machine.
  it('finds every configured plan valid, fixtures included', () => {
    expect(checkPlans(sources())).toEqual([]);
  }, 60_000);

  it('catches a fixture whose expected message is not what the schema says', () => {
    const problems = broken((f) => {
      f['fixtures/basic-details.fixtures.json'].cases[2].errors['policyHolder.fullName'] = 'Name is required';
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'plans/T54/fixtures/basic-details.fixtures.json',
        where: '/cases/2/errors/policyHolder.fullName',
        message: expect.stringMatching(
          /^the ".*" case: expected policyHolder\.fullName: "Name is required", got "Full Name cannot be empty\."$/,
        ),
      }),
    );
  });

  it('catches a plan.json that breaks the meta-schema', () => {
    const problems = broken((f) => {
      delete f['plan.json'].uin;
    });
    expect(problems[0]).toMatchObject({
      file: 'plans/T54/plan.json',
      message: "must have required property 'uin'",
    });
  });

  it('catches uiSchema keys, machine targets, guards and steps that do not exist', () => {
    const problems = broken((f) => {
      f['steps/basic-details.ui.json'].policyHolder.fulName = { 'ui:widget': 'TextWidget' };
      f['machine.json'].states.planDetails.on.NEXT = 'nowhere';
      f['machine.json'].states.basicDetails.on.NEXT.guard = 'isWednesday';
      f['machine.json'].states.reviewDetails.meta.step = 'review';
    });
    const messages = problems.map((p) => `${p.file} ${p.where}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'plans/T54/steps/basic-details.ui.json /policyHolder/fulName: "fulName" is not a field of the schema (did you mean "fullName"?)',
        'plans/T54/machine.json /states/planDetails/on/NEXT: transition target "nowhere" does not exist',
        expect.stringMatching(
          /^plans\/T54\/machine\.json \/states\/basicDetails\/on\/NEXT\/guard: guard "isWednesday" is not a known guard; known guards: /,
        ),
        expect.stringMatching(
          /^plans\/T54\/machine\.json \/states\/reviewDetails\/meta\/step: meta\.step "review" is not a step of plan\.json; the steps are /,
        ),
      ]),
    );
  });

  it('catches an entry link naming a step or a place the plan does not have', () => {
    const problems = broken((f) => {
      f['plan.json'].entry.step = 'landing';
    });
    expect(problems).toContainEqual(
      expect.objectContaining({ where: '/entry/step', message: '"landing" is not a step of plan.json' }),
    );
    const elsewhere = broken((f) => {
      f['plan.json'].entry.details = '/personalDetails/primary';
    });
    expect(elsewhere).toContainEqual(
      expect.objectContaining({
        where: '/entry/details',
        message: '"/personalDetails/primary" is not a place the step "basic-details" is bound to',
      }),
    );
  });

  it('catches a step schema ajv strict mode rejects', () => {
    const problems = broken((f) => {
      f['steps/basic-details.schema.json'].properties.policyHolder.properties.fullName.minLenght = 2;
    });
    expect(problems[0]).toEqual({
      file: 'plans/T54/steps/basic-details.schema.json',
      where: '/properties/policyHolder/properties/fullName/minLenght',
      message:
        'unknown keyword "minLenght" (did you mean "minLength"?): ajv\'s strict mode rejects a keyword it does not know (a note for builders goes in "$comment")',
    });
  });

  it('checks the content file against content.schema.json and against plan.json and the basis', () => {
    const problems = broken((f) => {
      delete f['content.json'].landing.claims;
      f['content.json'].planOptions[1].name = 'Life Annuity with return';
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'plans/T54/content.json',
        where: '/landing',
        message: "must have required property 'claims'",
      }),
    );
    const options = broken((f) => {
      f['content.json'].planOptions[1].name = 'Life Annuity with return';
      f['content.json'].planOptions[3].jointLife = true;
      f['content.json'].planOptions.pop();
      f['content.json'].productIdentification.uin = '143N066V05';
    });
    expect(options.map((p) => `${p.where}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        '/productIdentification/uin: is "143N066V05" but plan.json says "143N066V04"',
        '/planOptions: has no option T54D of pricing-basis.json',
        '/planOptions/1/name: is "Life Annuity with return" but the basis names T54C "Life Annuity with return of purchase price on death"',
        '/planOptions/3/jointLife: is true but the basis says false',
      ]),
    );
  });

  it('catches two plans sharing a UIN or an address', () => {
    const s = sources();
    const t54 = s.plans.T54! as Record<string, Json>;
    const u30 = structuredClone(s.plans.U30!) as Record<string, Json>;
    const both = () =>
      checkPlans({ ...s, plans: { T54: t54, U30: u30 }, generatedValidators: undefined }).map(
        (p) => `${p.file} ${p.where}: ${p.message}`,
      );
    expect(both()).toEqual([]);
    // The content file quotes the plan's UIN: it moves with it, so only the sharing is at fault.
    u30['plan.json'].uin = t54['plan.json'].uin;
    u30['content.json'].productIdentification.uin = t54['plan.json'].uin;
    expect(both()).toEqual([
      `plans/U30/plan.json /uin: "143N066V04" is already T54's: each plan needs its own (quotes find their plan by UIN, visitors by address)`,
    ]);
    u30['plan.json'].uin = '143L080V01';
    u30['content.json'].productIdentification.uin = '143L080V01';
    u30['plan.json'].routes.pathBase = t54['plan.json'].routes.pathBase;
    u30['plan.json'].routes.slug = t54['plan.json'].routes.slug;
    expect(both()).toContain(
      `plans/U30/plan.json /routes/slug: "/retirement-plans/guaranteed-pension-plan" is already T54's: each plan needs its own (quotes find their plan by UIN, visitors by address)`,
    );
  }, 60_000);

  it('catches a journey fixture case marked onScreen', () => {
    const problems = broken((f) => {
      const cases = f['fixtures/basic-details.fixtures.json'].cases as Json[];
      cases.find((c) => c.name === 'journey').onScreen = true;
    });
    const index = (sources().plans.T54!['fixtures/basic-details.fixtures.json'] as Json).cases.findIndex(
      (c: Json) => c.name === 'journey',
    );
    expect(problems).toEqual([
      {
        file: 'plans/T54/fixtures/basic-details.fixtures.json',
        where: `/cases/${index}/onScreen`,
        message: 'the "journey" case is typed after the onScreen cases; it is not one',
      },
    ]);
  });

  it('exits non-zero with a located message from the command line', () => {
    const root = mkdtempSync(join(tmpdir(), 'bimaflow-plans-'));
    try {
      cpSync(DEFAULT_SCHEMAS_ROOT, root, { recursive: true });
      const fixture = join(root, 'plans/T54/fixtures/basic-details.fixtures.json');
      const data = JSON.parse(readFileSync(fixture, 'utf8'));
      data.cases[0].errors = { 'policyHolder.gender': 'Gender cannot be empty.' };
      writeFileSync(fixture, JSON.stringify(data, null, 2));
      const line =
        readFileSync(fixture, 'utf8')
          .split('\n')
          .findIndex((text) => text.includes('"policyHolder.gender": "Gender cannot be empty."')) + 1;
      let status = 0;
      let stderr = '';
      try {
        execFileSync(process.execPath, ['--import', 'tsx', 'tools/validatePlans.ts', root], {
          stdio: 'pipe',
        });
      } catch (error) {
        status = (error as { status: number }).status;
        stderr = String((error as { stderr: Buffer }).stderr);
      }
      expect(status).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^schemas/plans/T54/fixtures/basic-details\\.fixtures\\.json:${line} /cases/0/errors/policyHolder\\.gender: the ".*" case: expected policyHolder\\.gender: "Gender cannot be empty\\.", got no error$`,
          'm',
        ),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
