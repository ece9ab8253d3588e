import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { PlanConfig, PlanFiles } from '../../../engine/plan/types.ts';
import { FactError, factAt, fillTemplate, hasTemplate, walk } from './factTemplates.ts';
import { isPlainObject, mergePatch } from './mergePatch.ts';
import { generateMachine } from './generateMachine.ts';

/**
 * Composes one plan's files from what it is made of, so that each fact has one home
 * (docs/design/composed-plans.md):
 *  - layers: a path the plan names (a step's schema, its machine, a popup) is read from the
 *    plan's folder, else from the plan it `$extends` (plan.json), else from schemas/common;
 *  - `{ "$use": "<file>#<pointer>", ...changes }` stands for that part of another file with the
 *    changes merged over it (JSON Merge Patch); `common/…` names schemas/common, any other
 *    file the plan's own (layered) file;
 *  - `{{fact.path|filter}}` templates are filled from the plan's facts (its plan.json);
 *  - a step schema's `$id` is its place in the plan; the machine is generated from the
 *    plan's steps (generateMachine.ts).
 * The result is what the browser bundle, the validators and the server see: plain values.
 */

export const SCHEMA_ID_BASE = 'https://schemas.bimaflow.in/plans/';

/** A mistake in plan data, with the file (relative to schemas/) and JSON Pointer it is at. */
export class ComposeError extends Error {
  constructor(
    readonly reason: string,
    readonly file: string,
    readonly pointer: string,
  ) {
    super(`${file}${pointer ? ` at ${pointer}` : ''}: ${reason}`);
  }
}

interface Layer {
  /** 'plan' for a plan folder (its code), 'common' for schemas/common. */
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

const DIRECTIVE_USE = '$use';
/**
 * `{{basis.…}}` is a fact the plan's pricing basis owns (a premium maximum, the maximum maturity
 * age, a rider's limits, a strategy's name), read from its composed pricing-basis.json; in the
 * basis itself, one of its own facts (its wording of the death benefit quotes its percentage).
 */
const BASIS_FACTS = 'basis.';
const BASIS_FILE = 'pricing-basis.json';
const DIRECTIVE_EXTENDS = '$extends';

function readJson(path: string, root: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ComposeError((error as Error).message, relative(root, path), '');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ComposeError(`cannot be read: ${(error as Error).message}`, relative(root, path), '');
  }
}

function jsonFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path, base);
    return name.endsWith('.json') ? [relative(base, path).split(sep).join('/')] : [];
  });
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a JSON Pointer; in an array a segment may also name an item by its id, value or code. */
function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value;
  return walk(
    value,
    pointer
      .replace(/^\//, '')
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')),
  );
}

function listPlans(root: string): string {
  const dir = join(root, 'plans');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => existsSync(join(dir, name, 'plan.json')))
        .join(', ')
    : '(none)';
}

export class PlanComposer {
  private readonly layers: Layer[];
  private readonly files = new Map<string, unknown>();
  private facts: PlanConfig | undefined;

  constructor(
    readonly code: string,
    readonly root: string,
  ) {
    this.layers = this.planChain(code).map((name) => ({ name, dir: join(root, 'plans', name) }));
    this.layers.push({ name: 'common', dir: join(root, 'common') });
  }

  /** The plan and the plans it extends, nearest first. */
  private planChain(code: string): string[] {
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
      const dir = join(this.root, 'plans', current);
      if (!existsSync(join(dir, 'plan.json'))) {
        if (chain.length === 0) throw new ComposeError('no plan.json', `plans/${current}`, '');
        throw new ComposeError(
          `"$extends" names ${current}, which is not a plan folder under schemas/plans (plans: ${listPlans(this.root)})`,
          `plans/${chain.at(-1)}/plan.json`,
          `/${DIRECTIVE_EXTENDS}`,
        );
      }
      chain.push(current);
      const plan = readJson(join(dir, 'plan.json'), this.root) as Record<string, unknown>;
      const next = plan[DIRECTIVE_EXTENDS];
      current = typeof next === 'string' ? next : undefined;
    }
    return chain;
  }

  /** A plan-relative file from the first layer at or below `from` that has it. */
  locate(path: string, from = 0): Located | undefined {
    for (let index = from; index < this.layers.length; index++) {
      const layer = this.layers[index]!;
      // plan.json of a base plan is merged, not found; schemas/common has none.
      if (path === 'plan.json' && layer.name === 'common') continue;
      const full = join(layer.dir, path);
      if (existsSync(full))
        return { value: readJson(full, this.root), layer: index, file: relative(this.root, full) };
    }
    return undefined;
  }

  /** What a `$use` names, expanded. */
  private use(ref: string, from: { file: string; pointer: string; layer: number; path?: string }): unknown {
    const { value, ...at } = this.useTarget(ref, from);
    return this.expand(value, at);
  }

  /** The part of a file a `$use` names, as written (not yet expanded), and where it is. */
  useTarget(
    ref: string,
    from: { file: string; pointer: string; layer: number; path?: string },
  ): { value: unknown; file: string; pointer: string; layer: number; path: string } {
    const [document = '', pointer = ''] = ref.split('#');
    let located: Located | undefined;
    let path = document;
    if (document.startsWith('common/')) {
      const full = join(this.root, document);
      if (existsSync(full)) {
        located = { value: readJson(full, this.root), layer: this.layers.length - 1, file: document };
      }
      path = document.slice('common/'.length);
    } else if (document === '') {
      throw new ComposeError(`"$use" needs a file before the '#': ${ref}`, from.file, from.pointer);
    } else {
      // A file naming its own path builds on the layer below it (an override of a shared step).
      located = this.locate(document, document === from.path ? from.layer + 1 : 0);
    }
    if (!located)
      throw new ComposeError(`"$use" names ${document}, which does not exist`, from.file, from.pointer);
    let value: unknown;
    try {
      value = atPointer(located.value, pointer);
    } catch (error) {
      if (!(error instanceof FactError)) throw error;
      throw new ComposeError(`"$use": ${ref}: ${error.message}`, from.file, from.pointer);
    }
    return { value, file: located.file, pointer, layer: located.layer, path };
  }

  /** A value with every `$use` in it replaced by what it names, changes merged over it. */
  private expand(
    value: unknown,
    at: { file: string; pointer: string; layer: number; path?: string },
  ): unknown {
    if (Array.isArray(value)) {
      return value.map((item, index) => this.expand(item, { ...at, pointer: `${at.pointer}/${index}` }));
    }
    if (!isPlainObject(value)) return value;
    const { [DIRECTIVE_USE]: ref, ...rest } = value;
    const own: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(rest)) {
      if (key === DIRECTIVE_EXTENDS && at.pointer === '' && at.path === 'plan.json') continue;
      own[key] = this.expand(item, { ...at, pointer: `${at.pointer}/${escapePointer(key)}` });
    }
    if (ref === undefined) return own;
    if (typeof ref !== 'string') {
      throw new ComposeError('"$use" must be a string: "<file>#<pointer>"', at.file, `${at.pointer}/$use`);
    }
    // `#/…` names a part of this same file as composed: resolved once its layers are merged (local).
    if (ref.startsWith('#')) return { [DIRECTIVE_USE]: ref, ...own };
    const used = this.use(ref, { ...at, pointer: `${at.pointer}/$use` });
    // Text or a list (a shared sentence, a list item) is taken as it is: changes merge into an object only.
    if (!isPlainObject(used)) {
      const changes = Object.keys(own).filter((key) => key !== '$comment');
      if (changes.length === 0) return used;
      throw new ComposeError(
        `"$use": ${ref} is ${Array.isArray(used) ? 'a list' : 'not an object'}, so it takes no changes (${changes.join(', ')})`,
        at.file,
        at.pointer,
      );
    }
    return mergePatch(used, own);
  }

  /** plan.json: the plan's own over the plans it extends, `$use` expanded, facts filled in. */
  plan(): PlanConfig {
    if (this.facts) return this.facts;
    let merged: unknown = {};
    for (let index = this.layers.length - 2; index >= 0; index--) {
      const file = `plans/${this.layers[index]!.name}/plan.json`;
      const own = readJson(join(this.root, file), this.root);
      merged = mergePatch(merged, this.expand(own, { file, pointer: '', layer: index, path: 'plan.json' }));
    }
    const file = `plans/${this.code}/plan.json`;
    const raw = merged as Record<string, unknown>;
    const resolving = new Set<string>();
    const lookup = (path: string): unknown => {
      if (resolving.has(path)) throw new FactError(`the fact '${path}' refers to itself`);
      resolving.add(path);
      try {
        return this.fill(factAt(raw, path), lookup, file, '');
      } finally {
        resolving.delete(path);
      }
    };
    this.facts = this.fill(raw, lookup, file, '') as PlanConfig;
    if (this.facts.planCode !== undefined && this.facts.planCode !== this.code) {
      throw new ComposeError(
        `planCode is ${JSON.stringify(this.facts.planCode)} but the folder is ${this.code}`,
        file,
        '/planCode',
      );
    }
    return this.facts;
  }

  /** Every template in a value filled in. */
  private fill(value: unknown, lookup: (path: string) => unknown, file: string, pointer: string): unknown {
    if (typeof value === 'string') {
      if (!hasTemplate(value)) return value;
      try {
        return fillTemplate(value, lookup);
      } catch (error) {
        if (!(error instanceof FactError)) throw error;
        throw new ComposeError(`${value}: ${error.message}`, file, pointer);
      }
    }
    if (Array.isArray(value))
      return value.map((item, index) => this.fill(item, lookup, file, `${pointer}/${index}`));
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, item]) => {
        // Notes for builders stay in the source; what is composed is what runs.
        if (key === '$comment') return [];
        const at = `${pointer}/${escapePointer(key)}`;
        // A key may name a fact too (an option's code, "{{planCode}}LS").
        const name = hasTemplate(key) ? this.fill(key, lookup, file, at) : key;
        return [[String(name), this.fill(item, lookup, file, at)]];
      }),
    );
  }

  /** The files a plan names in plan.json: forms, fixtures, machine, content. */
  private namedFiles(plan: PlanConfig): string[] {
    const forms = [...Object.values(plan.steps ?? {}), ...Object.values(plan.popups ?? {})];
    return [
      ...forms.flatMap((form) => [form.schema, form.uiSchema, form.fixtures]),
      plan.machine,
      plan.content,
    ].filter((path): path is string => typeof path === 'string');
  }

  /** One file of the plan, composed. */
  file(path: string): unknown {
    if (path === 'plan.json') return this.plan();
    if (this.files.has(path)) return this.files.get(path);
    const plan = this.plan();
    const located = this.locate(path);
    if (!located)
      throw new ComposeError(
        `names ${path}, which is in neither the plan's folder nor schemas/common`,
        `plans/${this.code}/plan.json`,
        '',
      );
    const expanded = this.local(
      this.expand(located.value, { file: located.file, pointer: '', layer: located.layer, path }),
      located.file,
    );
    // The basis reads its own facts as composed (`{{basis.deathBenefit.percentOfPremiumsPaid}}` in
    // its own wording), each filled in turn; a fact that comes back to itself is refused.
    const resolving = new Set<string>();
    const facts = (factPath: string): unknown => {
      if (!factPath.startsWith(BASIS_FACTS)) return factAt(plan, factPath);
      const basisPath = factPath.slice(BASIS_FACTS.length);
      if (path !== BASIS_FILE) return factAt(this.basis(), basisPath);
      if (resolving.has(basisPath)) throw new FactError(`the fact '${factPath}' refers to itself`);
      resolving.add(basisPath);
      try {
        return this.fill(factAt(expanded, basisPath), facts, located.file, '');
      } finally {
        resolving.delete(basisPath);
      }
    };
    let value = this.rebased(this.fill(expanded, facts, located.file, ''), located, path);
    if (path === plan.machine) value = generateMachine(value, plan, located.file);
    if (path.endsWith('.schema.json') && isPlainObject(value)) value = this.identified(value, path);
    if (path.startsWith('fixtures/')) value = keyedCases(value);
    this.files.set(path, value);
    return value;
  }

  /**
   * A file's `{ "$use": "#/<pointer>", …changes }` resolved against the file itself as composed (its
   * layers merged), so a shared file can build on what a plan's override of it sets (a fixture's
   * persona); the top-level `$let` that holds such parts is dropped.
   */
  private local(value: unknown, file: string): unknown {
    const resolve = (node: unknown, pointer: string, using: string[]): unknown => {
      if (Array.isArray(node)) return node.map((item, index) => resolve(item, `${pointer}/${index}`, using));
      if (!isPlainObject(node)) return node;
      const { [DIRECTIVE_USE]: ref, ...rest } = node;
      const own = Object.fromEntries(
        Object.entries(rest).map(([key, item]) => [
          key,
          resolve(item, `${pointer}/${escapePointer(key)}`, using),
        ]),
      );
      if (typeof ref !== 'string') return own;
      const target = ref.slice(1);
      if (using.includes(target)) throw new ComposeError(`"$use": ${ref} uses itself`, file, pointer);
      let used: unknown;
      try {
        used = resolve(atPointer(value, target), target, [...using, target]);
      } catch (error) {
        if (!(error instanceof FactError)) throw error;
        throw new ComposeError(`"$use": ${ref}: ${error.message}`, file, pointer);
      }
      const changes = Object.keys(own).filter((key) => key !== '$comment');
      if (changes.length === 0) return used;
      if (!isPlainObject(used))
        throw new ComposeError(`"$use": ${ref} is not an object, so it takes no changes`, file, pointer);
      return mergePatch(used, own);
    };
    const resolved = resolve(value, '', []);
    if (!isPlainObject(resolved)) return resolved;
    const { $let: _parts, ...rest } = resolved;
    return rest;
  }

  /** The plan's pricing basis, composed, which `{{basis.…}}` in its other files reads. */
  private basis(): unknown {
    if (!this.locate(BASIS_FILE))
      throw new FactError(`the plan has no ${BASIS_FILE} for '${BASIS_FACTS}' to read`);
    return this.file(BASIS_FILE);
  }

  /** A shared file's relative `$schema` made relative to the plan's folder, where the file now is. */
  private rebased(value: unknown, located: Located, path: string): unknown {
    if (!isPlainObject(value) || typeof value.$schema !== 'string' || /^[a-z]+:/.test(value.$schema))
      return value;
    if (located.layer === 0) return value;
    const from = dirname(join(this.root, located.file));
    const to = dirname(join(this.layers[0]!.dir, path));
    return { ...value, $schema: relative(to, resolve(from, value.$schema)).split(sep).join('/') };
  }

  /** A schema with its draft and its `$id`, the place it has in this plan, first. */
  private identified(schema: Record<string, unknown>, path: string): Record<string, unknown> {
    const { $schema = 'http://json-schema.org/draft-07/schema#', $id: _shared, ...rest } = schema;
    return { $schema, $id: `${SCHEMA_ID_BASE}${this.code}/${path}`, ...rest };
  }

  /** Every file of the plan: those of its folder and the plans it extends, and the shared ones it names. */
  all(): PlanFiles {
    const plan = this.plan();
    const paths = new Set<string>();
    for (const layer of this.layers.slice(0, -1)) for (const path of jsonFiles(layer.dir)) paths.add(path);
    for (const path of this.namedFiles(plan)) paths.add(path);
    const files: PlanFiles = {};
    for (const path of [...paths].sort()) files[path] = this.file(path);
    return files;
  }
}

/**
 * A fixture file's cases may be written as an object keyed by case name, so that a plan's override
 * adds a case, changes one (merge patch) or drops one (null); the runner reads them as a list.
 */
function keyedCases(value: unknown): unknown {
  if (!isPlainObject(value) || !isPlainObject(value.cases)) return value;
  const cases = Object.entries(value.cases).map(([name, item]) => ({ name, ...(item as object) }));
  return { ...value, cases };
}

/** Every file of one plan, composed (see PlanComposer). */
export function composePlanFiles(code: string, root: string): PlanFiles {
  return new PlanComposer(code, root).all();
}
