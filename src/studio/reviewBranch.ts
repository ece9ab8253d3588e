import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StudioRefusal } from './schemaFiles.ts';

/*
 * 'Save for review' (issue 22): the working tree's changes under schemas/ as one commit on a
 * branch of its own, made from the commit checked out, for a second person to approve. The
 * analyst's checkout stays as it is (branch, index and files): the commit is built in an index
 * of its own (GIT_INDEX_FILE) with git's plumbing, and the branch points at it.
 */

export interface ReviewCommit {
  branch: string;
  commit: string;
  /** The files the commit changes, relative to the repository. */
  files: string[];
}

function git(repo: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', args, {
    cwd: repo,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** The files under `folder` (relative to the repository) that differ from HEAD, new ones too. */
export function changedFiles(repo: string, folder = 'schemas'): string[] {
  const tracked = git(repo, ['diff', '--name-only', 'HEAD', '--', folder]);
  const untracked = git(repo, ['ls-files', '--others', '--exclude-standard', '--', folder]);
  return [...new Set([...tracked.split('\n'), ...untracked.split('\n')].filter(Boolean))].sort();
}

const BRANCH = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/;

/**
 * Commits what differs under `folder` from HEAD to a new branch `branch` whose parent is HEAD,
 * with `message`. Refused when nothing differs, when the name is not a branch name, or when a
 * branch of that name exists (a review is never written over).
 */
export function commitForReview(
  repo: string,
  branch: string,
  message: string,
  folder = 'schemas',
  author = { name: 'Plan studio', email: 'studio@bimaflow.invalid' },
): ReviewCommit {
  if (!BRANCH.test(branch) || branch.includes('..') || branch.endsWith('/') || branch.endsWith('.lock'))
    throw new StudioRefusal(`'${branch}' is not a branch name git accepts.`);
  const files = changedFiles(repo, folder);
  if (files.length === 0)
    throw new StudioRefusal('Nothing to save: the plans are as the last commit has them.', 409);
  const exists = (() => {
    try {
      git(repo, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]);
      return true;
    } catch {
      return false;
    }
  })();
  if (exists)
    throw new StudioRefusal(`A branch '${branch}' exists already: a review is never written over.`, 409);
  const scratch = mkdtempSync(join(tmpdir(), 'studio-index-'));
  try {
    const env = {
      GIT_INDEX_FILE: join(scratch, 'index'),
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    git(repo, ['read-tree', 'HEAD'], env);
    git(repo, ['add', '--all', '--', folder], env);
    const tree = git(repo, ['write-tree'], env);
    const commit = git(repo, ['commit-tree', tree, '-p', 'HEAD', '-m', message], env);
    git(repo, ['update-ref', `refs/heads/${branch}`, commit, ''.padStart(40, '0')]);
    return { branch, commit, files };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
