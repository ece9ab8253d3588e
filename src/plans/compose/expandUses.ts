import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ComposeError } from './composeError.ts';
import { FactError } from './factTemplates.ts';
import { atPointer, escapePointer } from './jsonPointer.ts';
import { isPlainObject, mergePatch } from './mergePatch.ts';
import { DIRECTIVE_EXTENDS, type Located, type PlanLayers } from './planLayers.ts';
import { readJson } from './readJson.ts';

/*
 * `{ "$use": "<file>#<pointer>", ...changes }` stands for that part of another file with the
 * changes merged over it (JSON Merge Patch); `common/…` names schemas/common, any other file the
 * plan's own (layered) file, and a file naming its own path builds on the layer below it
 * (docs/design/composed-plans.md, "Building on another file"). `#/…` (the same file as composed)
 * is left for localUses.ts.
 */

export const DIRECTIVE_USE = '$use';

/** Where a value being expanded is written: its file, pointer and layer, and its plan-relative path. */
export interface UseSite {
  file: string;
  pointer: string;
  layer: number;
  path?: string;
}

/** What a `$use` names, as written, and where: the file, pointer, layer and plan-relative path. */
export interface UseTarget {
  value: unknown;
  file: string;
  pointer: string;
  layer: number;
  path: string;
}

export class UseExpander {
  constructor(private readonly layers: PlanLayers) {}

  /** The part of a file a `$use` names, as written (not yet expanded), and where it is. */
  useTarget(ref: string, from: UseSite): UseTarget {
    const { root } = this.layers;
    const [document = '', pointer = ''] = ref.split('#');
    let located: Located | undefined;
    let path = document;
    if (document.startsWith('common/')) {
      const full = join(root, document);
      if (existsSync(full)) {
        located = { value: readJson(full, root), layer: this.layers.common, file: document };
      }
      path = document.slice('common/'.length);
    } else if (document === '') {
      throw new ComposeError(`"$use" needs a file before the '#': ${ref}`, from.file, from.pointer);
    } else {
      // A file naming its own path builds on the layer below it (an override of a shared step).
      located = this.layers.locate(document, document === from.path ? from.layer + 1 : 0);
    }
    if (!located) {
      const near = this.layers.nearest(document);
      throw new ComposeError(
        `"$use" names ${document}, which does not exist${near ? ` (did you mean "${near}"?)` : ''}`,
        from.file,
        from.pointer,
      );
    }
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
  expand(value: unknown, at: UseSite): unknown {
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

  /** What a `$use` names, expanded. */
  private use(ref: string, from: UseSite): unknown {
    const { value, ...at } = this.useTarget(ref, from);
    return this.expand(value, at);
  }
}
