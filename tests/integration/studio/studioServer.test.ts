import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMAS_ROOT } from '../../../src/plans/nodePlanSource.ts';
import { buildStudio } from '../../../src/studio/studioServer.ts';
import { loadSources } from '../../../tools/lib/loadSources.ts';
import { checkPlans } from '../../../tools/lib/planChecks.ts';

/*
 * The plan studio's API (issue 22) on a repository of its own holding a copy of schemas/: an
 * analyst changes T54's minimum yearly premium and a message, a fixture fails naming the change,
 * is fixed, the change reads in business words, and 'Save for review' makes a commit on a branch
 * whose plans pass plans:validate; a change that breaks the plan's routing is refused.
 */
const repo = mkdtempSync(join(tmpdir(), 'studio-repo-'));
const root = join(repo, 'schemas');
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
let app: FastifyInstance;

beforeAll(async () => {
  cpSync(DEFAULT_SCHEMAS_ROOT, root, { recursive: true });
  cpSync(join(DEFAULT_SCHEMAS_ROOT, '..', '.prettierrc.json'), join(repo, '.prettierrc.json'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'dev@example.invalid');
  git('config', 'user.name', 'Dev');
  git('add', '-A');
  git('commit', '-q', '-m', 'plans as they are');
  app = buildStudio({ root });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(repo, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
  const res = await app.inject({ method, url: `/studio/api${url}`, payload: payload as Json });
  return { status: res.statusCode, body: res.json<Json>() };
};
const own = async (path: string) => {
  const { body } = await call('GET', '/plans/T54');
  return (body.own as Record<string, unknown>)[path];
};
const put = (path: string, value: unknown) => call('PUT', '/files', { path: `plans/T54/${path}`, value });
const replaced = (value: unknown, from: string, to: string) =>
  JSON.parse(JSON.stringify(value).split(from).join(to)) as unknown;

describe('the plan studio', () => {
  it('lists the plans and refuses to write outside schemas/', async () => {
    const { body } = await call('GET', '/plans');
    expect(body.plans).toContainEqual(
      expect.objectContaining({ code: 'T54', productName: 'Guaranteed Pension Plan' }),
    );
    expect(await call('PUT', '/files', { path: '../package.json', value: {} })).toEqual({
      status: 400,
      body: { message: "'../package.json' is outside schemas/: the studio writes only there." },
    });
    expect((await call('GET', '/plans/X99')).status).toBe(404);
  });

  it('re-runs the fixtures on an edit, refuses to save while one fails, and saves a fixed change for review', async () => {
    // The minimum yearly premium and one message.
    const plan = (await own('plan.json')) as {
      paymentFrequencies: { value: string; minimumPremium: number }[];
    };
    plan.paymentFrequencies.find((frequency) => frequency.value === 'Yearly')!.minimumPremium = 45000;
    expect((await put('plan.json', plan)).status).toBe(200);
    const schema = await own('steps/basic-details.schema.json');
    await put(
      'steps/basic-details.schema.json',
      replaced(schema, 'Age should be between', 'Your age should be between'),
    );

    // A fixture that expected the old message fails, and says what it got instead.
    const failing = await call('GET', '/plans/T54/checks');
    const fixtures = failing.body.fixtures as { name: string; passed: boolean; problems: string[] }[];
    const failed = fixtures.filter((fixture) => !fixture.passed);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.problems.join('\n')).toContain('got "Your age should be between 45 and 80"');
    expect(fixtures.filter((fixture) => fixture.passed).length).toBeGreaterThan(0);
    const refused = await call('POST', '/plans/T54/review', { branch: 'review/too-soon' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Not saved: the plan does not validate/);
    expect(git('branch', '--list', 'review/too-soon')).toBe('');

    // The fixture fixed in the studio: every case passes again.
    const cases = await own('fixtures/basic-details.fixtures.json');
    await put(
      'fixtures/basic-details.fixtures.json',
      replaced(cases, 'Age should be between', 'Your age should be between'),
    );
    const passing = await call('GET', '/plans/T54/checks');
    expect(passing.body.problems).toEqual([]);
    expect((passing.body.fixtures as { passed: boolean }[]).every((fixture) => fixture.passed)).toBe(true);

    // The change in business words.
    const { body: changes } = await call('GET', '/plans/T54/changes');
    const texts = (changes.changes as { text: string }[]).map((change) => change.text);
    expect(texts[0]).toBe('Minimum yearly premium 50,000 → 45,000');
    expect(texts).toContain(
      'Message "Age should be between 45 and 80" → "Your age should be between 45 and 80"',
    );

    // Saved for review: a commit on its own branch; the analyst's checkout is as it was.
    const saved = await call('POST', '/plans/T54/review', { branch: 'review/t54-minimum' });
    expect(saved.status).toBe(200);
    expect(git('rev-parse', 'review/t54-minimum')).toBe(saved.body.commit);
    expect(git('log', '-1', '--format=%s', 'review/t54-minimum')).toBe(
      `T54: Minimum yearly premium 50,000 → 45,000 (and ${texts.length - 1} more)`,
    );
    expect(git('log', '-1', '--format=%b', 'review/t54-minimum')).toContain(
      '- Message "Age should be between 45 and 80" → "Your age should be between 45 and 80"',
    );
    expect(git('rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    // The branch's plans pass every check plans:validate makes, its generated validators included.
    const checkout = mkdtempSync(join(tmpdir(), 'studio-review-'));
    try {
      git('worktree', 'add', '-q', checkout, 'review/t54-minimum');
      const problems = checkPlans(loadSources(join(checkout, 'schemas')));
      expect(problems).toEqual([]);
      expect(git('show', 'review/t54-minimum:schemas/plans/T54/plan.json')).toContain(
        '"minimumPremium": 45000',
      );
    } finally {
      git('worktree', 'remove', '--force', checkout);
    }
  }, 120_000);

  it("refuses to save a change that breaks a step's routing, saying why", async () => {
    const machine = (await own('machine.json')) as { states: { makePayment: { on: { PAY_LATER: string } } } };
    machine.states.makePayment.on.PAY_LATER = 'nowhere';
    await put('machine.json', machine);
    const refused = await call('POST', '/plans/T54/review', { branch: 'review/broken-route' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Not saved: the plan does not validate/);
    expect(refused.body.message).toContain('schemas/plans/T54/machine.json');
    expect(refused.body.message).toContain('nowhere');
    expect(git('branch', '--list', 'review/broken-route')).toBe('');
  }, 60_000);
});
