import type { PlanConfig, PlanFiles } from '../../../engine/plan/types.ts';
import { ComposeError } from './composeError.ts';
import { UseExpander, type UseSite, type UseTarget } from './expandUses.ts';
import { FactError } from './factTemplates.ts';
import { BASIS_FACTS, BASIS_FILE, fileFacts } from './fileFacts.ts';
import { fillFacts } from './fillFacts.ts';
import { generateMachine } from './generateMachine.ts';
import { identifySchema } from './identifySchema.ts';
import { keyedCases } from './keyedCases.ts';
import { namedFiles, whereNamed } from './namedFiles.ts';
import { resolveLocalUses } from './localUses.ts';
import { isPlainObject } from './mergePatch.ts';
import { planFacts } from './planFacts.ts';
import { PlanLayers, type Located } from './planLayers.ts';
import { rebaseSchema } from './rebaseSchema.ts';

/**
 * Composes one plan's files from what it is made of, so that each fact has one home
 * (docs/design/composed-plans.md):
 *  - layers (planLayers.ts): a path the plan names (a step's schema, its machine, a popup) is
 *    read from the plan's folder, else from the plan it `$extends` (plan.json), else from
 *    schemas/common;
 *  - `{ "$use": "<file>#<pointer>", ...changes }` (expandUses.ts) stands for that part of another
 *    file with the changes merged over it (JSON Merge Patch); `#/…` (localUses.ts) a part of the
 *    same file as composed;
 *  - `{{fact.path|filter}}` templates (fillFacts.ts) are filled from the plan's facts (its
 *    plan.json, planFacts.ts) and its pricing basis (fileFacts.ts);
 *  - a step schema's `$id` is its place in the plan (identifySchema.ts), a shared `$schema` is
 *    rebased (rebaseSchema.ts), keyed fixture cases become a list (keyedCases.ts) and the machine
 *    is generated from the plan's steps (generateMachine.ts).
 * The result is what the browser bundle, the validators and the server see: plain values.
 */
export class PlanComposer {
  private readonly layers: PlanLayers;
  private readonly expander: UseExpander;
  private readonly files = new Map<string, unknown>();
  private facts: PlanConfig | undefined;

  constructor(
    readonly code: string,
    readonly root: string,
  ) {
    this.layers = new PlanLayers(code, root);
    this.expander = new UseExpander(this.layers);
  }

  /** A plan-relative file from the first layer at or below `from` that has it. */
  locate(path: string, from = 0): Located | undefined {
    return this.layers.locate(path, from);
  }

  /** The part of a file a `$use` names, as written (not yet expanded), and where it is. */
  useTarget(ref: string, from: UseSite): UseTarget {
    return this.expander.useTarget(ref, from);
  }

  /** plan.json: the plan's own over the plans it extends, `$use` expanded, facts filled in. */
  plan(): PlanConfig {
    this.facts ??= planFacts(this.layers, this.expander);
    return this.facts;
  }

  /** One file of the plan, composed. */
  file(path: string): unknown {
    if (path === 'plan.json') return this.plan();
    if (this.files.has(path)) return this.files.get(path);
    const plan = this.plan();
    const located = this.locate(path);
    if (!located) {
      const near = this.layers.nearest(path);
      throw new ComposeError(
        `names ${path}, which is in none of ${this.layers.describe()}${near ? ` (did you mean "${near}"?)` : ''}`,
        `plans/${this.code}/plan.json`,
        whereNamed(plan, path),
      );
    }
    const expanded = resolveLocalUses(
      this.expander.expand(located.value, { file: located.file, pointer: '', layer: located.layer, path }),
      located.file,
    );
    const facts = fileFacts({ plan, path, file: located.file, expanded, basis: () => this.basis() });
    let value = rebaseSchema(fillFacts(expanded, facts, located.file, ''), {
      root: this.root,
      file: located.file,
      layer: located.layer,
      planDir: this.layers.list[0]!.dir,
      path,
    });
    if (path === plan.machine) value = generateMachine(value, plan, located.file);
    if (path.endsWith('.schema.json') && isPlainObject(value)) value = identifySchema(value, this.code, path);
    if (path.startsWith('fixtures/')) value = keyedCases(value);
    this.files.set(path, value);
    return value;
  }

  /** The plan's pricing basis, composed, which `{{basis.…}}` in its other files reads. */
  private basis(): unknown {
    if (!this.locate(BASIS_FILE))
      throw new FactError(`the plan has no ${BASIS_FILE} for '${BASIS_FACTS}' to read`);
    return this.file(BASIS_FILE);
  }

  /** Every file of the plan: those of its folder and the plans it extends, and the shared ones it names. */
  all(): PlanFiles {
    const plan = this.plan();
    const paths = new Set<string>(this.layers.planFiles());
    for (const path of namedFiles(plan)) paths.add(path);
    const files: PlanFiles = {};
    for (const path of [...paths].sort()) files[path] = this.file(path);
    return files;
  }
}

/** Every file of one plan, composed (see PlanComposer). */
export function composePlanFiles(code: string, root: string): PlanFiles {
  return new PlanComposer(code, root).all();
}
