import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedFiles, commitForReview } from '../../../src/studio/reviewBranch.ts';

/* 'Save for review' (issue 22): a commit on a branch of its own; the analyst's checkout untouched. */
const repo = mkdtempSync(join(tmpdir(), 'studio-review-'));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
git('init', '-q', '-b', 'main');
git('config', 'user.email', 'dev@example.invalid');
git('config', 'user.name', 'Dev');
mkdirSync(join(repo, 'schemas/plans/T54'), { recursive: true });
writeFileSync(join(repo, 'schemas/plans/T54/plan.json'), '{"min":50000}\n');
writeFileSync(join(repo, 'README.md'), 'readme\n');
git('add', '-A');
git('commit', '-q', '-m', 'start');
const head = git('rev-parse', 'HEAD');
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('save for review', () => {
  it('refuses when nothing under schemas/ changed', () => {
    writeFileSync(join(repo, 'README.md'), 'changed, but not plan data\n');
    expect(() => commitForReview(repo, 'review/none', 'x')).toThrow(/Nothing to save/);
  });

  it('commits the changed and new plan files on a new branch, leaving the checkout as it was', () => {
    writeFileSync(join(repo, 'schemas/plans/T54/plan.json'), '{"min":45000}\n');
    writeFileSync(join(repo, 'schemas/plans/T54/extra.json'), '{}\n');
    expect(changedFiles(repo)).toEqual(['schemas/plans/T54/extra.json', 'schemas/plans/T54/plan.json']);
    const saved = commitForReview(repo, 'review/t54-minimum', 'T54: Minimum yearly premium 50,000 → 45,000');
    expect(saved.files).toEqual(['schemas/plans/T54/extra.json', 'schemas/plans/T54/plan.json']);
    expect(git('rev-parse', 'review/t54-minimum')).toBe(saved.commit);
    expect(git('rev-parse', `${saved.commit}^`)).toBe(head);
    expect(git('log', '-1', '--format=%s', saved.commit)).toBe('T54: Minimum yearly premium 50,000 → 45,000');
    expect(git('show', `${saved.commit}:schemas/plans/T54/plan.json`)).toBe('{"min":45000}');
    // Only plan data: the README's edit is not in it.
    expect(git('diff', '--name-only', head, saved.commit).split('\n')).toEqual(saved.files);
    // The checkout: same branch, same HEAD, nothing staged, the edits still in the files.
    expect(git('rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('diff', '--cached', '--name-only')).toBe('');
    expect(changedFiles(repo)).toEqual(saved.files);
  });

  it('never writes over a review, and refuses a name git does not take', () => {
    expect(() => commitForReview(repo, 'review/t54-minimum', 'again')).toThrow(/exists already/);
    expect(() => commitForReview(repo, 'bad..name', 'x')).toThrow(/not a branch name/);
    expect(() => commitForReview(repo, '-x', 'x')).toThrow(/not a branch name/);
  });
});
