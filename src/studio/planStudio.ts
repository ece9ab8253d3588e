import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { PlanFiles } from '../../engine/plan/types.ts';
import { loadSources } from '../../tools/lib/loadSources.ts';
import { checkPlans, type Problem } from '../../tools/lib/planChecks.ts';
import { pointerSegment } from '../../tools/lib/problem.ts';
import { listPlanCodes, readPlanFiles } from '../plans/nodePlanSource.ts';
import { describePlanChanges, type PlanChange } from './planDiff.ts';
import { changedFiles } from './reviewBranch.ts';
import { SchemaFiles, StudioRefusal } from './schemaFiles.ts';

/*
 * What the studio does with the working tree's schemas/ (issue 22), apart from its web page:
 * the plans there, a plan's own files and as composed, the checks `plans:validate` makes of it
 * with each fixture case's result, and its changes since the last commit in words.
 */

export interface FixtureResult {
  /** The fixture file in the plan, e.g. 'fixtures/plan-details.fixtures.json'. */
  file: string;
  /** The step or popup the file's cases fill. */
  step: string;
  index: number;
  name: string;
  passed: boolean;
  /** What differs from what the case expects, as plans:validate says it. */
  problems: string[];
}

export interface PlanCheck {
  /** Every problem plans:validate finds in this plan, at the file that writes the value. */
  problems: Problem[];
  fixtures: FixtureResult[];
}

export interface PlanListing {
  code: string;
  productName: string;
  kind?: string;
  /** The plan it is a variant of ("$extends"), if any. */
  extends?: string;
}

export class PlanStudio {
  readonly files: SchemaFiles;

  constructor(
    /** The schemas/ folder the studio edits. */
    readonly root: string,
    /** The git repository it lies in (the last commit is what changes are told against). */
    readonly repo = dirname(root),
  ) {
    this.files = new SchemaFiles(root);
  }

  /** A plan code the studio knows, or a refusal (404). */
  private known(code: string): string {
    if (!/^[A-Z][0-9A-Z]{2}$/.test(code) || !listPlanCodes(this.root).includes(code))
      throw new StudioRefusal(`There is no plan '${code}' under schemas/plans.`, 404);
    return code;
  }

  plans(): PlanListing[] {
    return listPlanCodes(this.root).map((code) => {
      const plan = this.files.read(`plans/${code}/plan.json`) as {
        productName?: string;
        kind?: string;
        $extends?: string;
      };
      return {
        code,
        productName: plan.productName ?? code,
        ...(plan.kind ? { kind: plan.kind } : {}),
        ...(plan.$extends ? { extends: plan.$extends } : {}),
      };
    });
  }

  /** The plan folder's own files (as written, relative to the folder). */
  ownFiles(code: string): Record<string, unknown> {
    const folder = join(this.root, 'plans', this.known(code));
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return name.endsWith('.json') ? [path] : [];
      });
    return Object.fromEntries(
      walk(folder)
        .sort()
        .map((path) => [relative(folder, path), this.files.read(relative(this.root, path))]),
    );
  }

  /** The plan as composed (every reference and fact filled in), or the reason it cannot be. */
  composed(code: string): PlanFiles {
    try {
      return readPlanFiles(this.known(code), this.root);
    } catch (error) {
      if (error instanceof StudioRefusal) throw error;
      throw new StudioRefusal(`Plan ${code} cannot be composed: ${(error as Error).message}`, 422);
    }
  }

  /**
   * plans:validate's checks of one plan (the shared documents' too), and each fixture case's
   * result. The generated validators are not checked here: 'Save for review' writes them.
   */
  check(code: string): PlanCheck {
    this.known(code);
    const sources = loadSources(this.root);
    const unreadable = (sources.unreadable ?? []).filter(
      (problem) => problem.file.startsWith(`plans/${code}/`) || !problem.file.startsWith('plans/'),
    );
    const plans = sources.plans[code] ? { [code]: sources.plans[code] } : {};
    const problems = checkPlans({ ...sources, plans, unreadable, generatedValidators: undefined });
    return { problems, fixtures: this.fixtureResults(code, sources.plans[code], problems) };
  }

  private fixtureResults(code: string, files: PlanFiles | undefined, problems: Problem[]): FixtureResult[] {
    if (!files) return [];
    const results: FixtureResult[] = [];
    for (const [path, value] of Object.entries(files)) {
      if (!path.startsWith('fixtures/')) continue;
      const { step, cases } = value as { step?: string; cases?: { name?: string }[] };
      const file = `plans/${code}/${path}`;
      (cases ?? []).forEach((item, index) => {
        const at = `/cases/${index}`;
        // A file that keys its cases by name is located by the name.
        const named = item.name === undefined ? undefined : `/cases/${pointerSegment(item.name)}`;
        // A problem is the case's when plans:validate places it in the case, in the plan's file
        // or (a case composed from a shared file) in the composed file it names.
        const own = problems.filter(
          (problem) =>
            (problem.file === file &&
              [at, named].some(
                (place) =>
                  place !== undefined && (problem.where === place || problem.where.startsWith(`${place}/`)),
              )) ||
            problem.composed?.startsWith(`${file} ${at}/`) === true ||
            problem.composed === `${file} ${at}`,
        );
        results.push({
          file: path,
          step: step ?? '',
          index,
          name: item.name ?? `case ${index + 1}`,
          passed: own.length === 0,
          problems: own.map((problem) => problem.message),
        });
      });
    }
    return results;
  }

  /**
   * The plan's changes since the last commit, in words: the last commit's schemas/ composed in
   * a folder of its own beside the working tree's.
   */
  changes(code: string): PlanChange[] {
    const after = this.composed(code);
    const before = this.atLastCommit((root) =>
      existsSync(join(root, 'plans', code, 'plan.json')) ? readPlanFiles(code, root) : {},
    );
    return describePlanChanges(before, after);
  }

  /** The files under schemas/ that differ from the last commit, relative to schemas/. */
  changedFiles(): string[] {
    const prefix = relative(this.repo, this.root);
    return changedFiles(this.repo, prefix).map((path) => relative(prefix, path));
  }

  private atLastCommit<T>(read: (root: string) => T): T {
    const scratch = mkdtempSync(join(tmpdir(), 'studio-head-'));
    try {
      const prefix = relative(this.repo, this.root);
      const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', prefix], {
        cwd: this.repo,
        maxBuffer: 512 * 1024 * 1024,
      });
      execFileSync('tar', ['-x', '-C', scratch], { input: archive });
      return read(join(scratch, prefix));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}
