import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ComposeError } from './composeError.ts';
import { closest } from './factTemplates.ts';
import { readJson } from './readJson.ts';

/*
 * Where a file a plan names comes from (docs/design/composed-plans.md, "layers"): the plan's
 * folder, else the plan it `$extends` (plan.json), and so on up, else schemas/common.
 */

/** The key of plan.json naming the plan this one is a variant of. */
export const DIRECTIVE_EXTENDS = '$extends';

export interface Layer {
  /** A plan folder's code, or 'common' for schemas/common. */
  name: string;
  dir: string;
}

export interface Located {
  value: unknown;
  /** Index of the layer it was found in. */
  layer: number;
  /** Path relative to the schemas root, for messages. */
  file: string;
}

/** The JSON files under a folder, as paths relative to `base` with '/' separators. */
export function jsonFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path, base);
    return name.endsWith('.json') ? [relative(base, path).split(sep).join('/')] : [];
  });
}

function listPlans(root: string): string {
  const dir = join(root, 'plans');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => existsSync(join(dir, name, 'plan.json')))
        .join(', ')
    : '(none)';
}

/** The plan and the plans it extends, nearest first. */
function planChain(code: string, root: string): string[] {
  const chain: string[] = [];
  let current: string | undefined = code;
  while (current) {
    if (chain.includes(current)) {
      throw new ComposeError(
        `"$extends" goes round in a circle: ${[...chain, current].join(' → ')}`,
        `plans/${chain.at(-1)}/plan.json`,
        `/${DIRECTIVE_EXTENDS}`,
      );
    }
    const dir = join(root, 'plans', current);
    if (!existsSync(join(dir, 'plan.json'))) {
      if (chain.length === 0) throw new ComposeError('no plan.json', `plans/${current}`, '');
      throw new ComposeError(
        `"$extends" names ${current}, which is not a plan folder under schemas/plans (plans: ${listPlans(root)})`,
        `plans/${chain.at(-1)}/plan.json`,
        `/${DIRECTIVE_EXTENDS}`,
      );
    }
    chain.push(current);
    const plan = readJson(join(dir, 'plan.json'), root) as Record<string, unknown>;
    const next = plan[DIRECTIVE_EXTENDS];
    current = typeof next === 'string' ? next : undefined;
  }
  return chain;
}

/** A plan's layers: its folder, the plans it extends (nearest first), then schemas/common (last). */
export class PlanLayers {
  readonly list: Layer[];

  constructor(
    readonly code: string,
    readonly root: string,
  ) {
    this.list = planChain(code, root).map((name) => ({ name, dir: join(root, 'plans', name) }));
    this.list.push({ name: 'common', dir: join(root, 'common') });
  }

  /** The index of schemas/common, the last layer. */
  get common(): number {
    return this.list.length - 1;
  }

  /** A plan-relative file from the first layer at or below `from` that has it. */
  locate(path: string, from = 0): Located | undefined {
    for (let index = from; index < this.list.length; index++) {
      const layer = this.list[index]!;
      // plan.json of a base plan is merged, not found; schemas/common has none.
      if (path === 'plan.json' && layer.name === 'common') continue;
      const full = join(layer.dir, path);
      if (existsSync(full))
        return { value: readJson(full, this.root), layer: index, file: relative(this.root, full) };
    }
    return undefined;
  }

  /** The plan-relative paths of the JSON files of the plan folders (not schemas/common), sorted by layer. */
  planFiles(): string[] {
    return this.list.slice(0, -1).flatMap((layer) => jsonFiles(layer.dir));
  }

  /** Every plan-relative path a file can be found at, in any layer (schemas/common's too). */
  paths(): string[] {
    return [...new Set(this.list.flatMap((layer) => jsonFiles(layer.dir)))];
  }

  /**
   * The existing file nearest to a `path` that is in no layer — plan-relative, or 'common/…' for a
   * shared file — for "did you mean": one of the same kind ('.schema.json', '.ui.json', …) first.
   */
  nearest(path: string): string | undefined {
    const candidates = (
      path.startsWith('common/')
        ? jsonFiles(this.list[this.common]!.dir).map((file) => `common/${file}`)
        : this.paths()
    ).filter((file) => file !== path);
    const kind = (file: string) =>
      file
        .split('/')
        .pop()!
        .replace(/^[^.]*/, '');
    return (
      closest(
        path,
        candidates.filter((file) => kind(file) === kind(path)),
      ) ?? closest(path, candidates)
    );
  }

  /** The layers' folders as messages name them: 'plans/<CODE>/, plans/<BASE>/ or common/'. */
  describe(): string {
    const names = this.list.map((layer) => (layer.name === 'common' ? 'common/' : `plans/${layer.name}/`));
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
  }
}
