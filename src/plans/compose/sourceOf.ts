import { generatedEntries, stateName } from './generateMachine.ts';
import { factAt, fillTemplate, hasTemplate } from './factTemplates.ts';
import { itemIndex, itemKeys } from './itemKeys.ts';
import { isPlainObject } from './mergePatch.ts';
import type { PlanComposer } from './composePlan.ts';

/**
 * Where a value of a composed plan file is written: the file (relative to schemas/) and the
 * JSON Pointer in it. A composed file is made of layers, `$use` and `{{fact}}` templates
 * (docs/design/composed-plans.md), so a place in what the runtime sees may be written in the
 * plan's own file, in the plan it extends, in schemas/common, or — a whole-string template —
 * in the plan.json that holds the fact. Tools use it to send an analyst to the line to edit.
 *
 * `exact` is false when only a part of the pointer is written anywhere (a value the
 * composition made, e.g. a generated machine state): the place is then the nearest written
 * ancestor (for a generated state, the step of plan.json it is made from).
 */
export interface SourcePlace {
  file: string;
  pointer: string;
  exact: boolean;
}

interface At {
  file: string;
  pointer: string;
  layer: number;
  path: string;
}

interface Reached {
  file: string;
  pointer: string;
  /** Segments of the asked pointer this place accounts for. */
  depth: number;
}

const WHOLE_FACT = /^\{\{\s*([^{}|]+?)\s*\}\}$/;

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export function pointerSegments(pointer: string): string[] {
  return pointer === '' || pointer === '/' ? [] : pointer.replace(/^\//, '').split('/').map(unescape);
}

const toPointer = (segments: readonly string[]) => segments.map((s) => `/${escape(s)}`).join('');

/** A fixture file's cases are also named by their `name` (keyedCases.ts makes a keyed case's key its name). */
const caseKeys = (item: unknown) => [...itemKeys(item), isPlainObject(item) ? item.name : undefined];

/** A pointer whose array segments may name an item (by id, value or code) with indices instead. */
function indexed(value: unknown, segments: readonly string[]): string[] | undefined {
  const out: string[] = [];
  let current = value;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      const index = itemIndex(current, segment);
      if (index < 0 || index >= current.length) return undefined;
      out.push(String(index));
      current = current[index];
    } else if (isPlainObject(current) && Object.hasOwn(current, segment)) {
      out.push(segment);
      current = current[segment];
    } else return undefined;
  }
  return out;
}

const deeper = (a: Reached, b: Reached) => (b.depth > a.depth ? b : a);

/** A `{ "$generated": … }` marker in a list the machine generator fills (generateMachine.ts). */
const isMarker = (item: unknown) => isPlainObject(item) && '$generated' in item;

export class SourceTracer {
  private facts = true;
  /** `$use`s followed for one place (a guard against a file that uses itself). */
  private hops = 0;

  constructor(private readonly composer: PlanComposer) {}

  /**
   * Where the value at `pointer` of the composed file `path` ('plan.json', 'steps/x.schema.json')
   * is written. With `{ facts: false }`, where the name at `pointer` is written: a value that is
   * a {{fact}} is not followed to plan.json.
   */
  sourceOf(path: string, pointer: string, { facts = true }: { facts?: boolean } = {}): SourcePlace {
    this.facts = facts;
    this.hops = 0;
    const segments = pointerSegments(pointer);
    // A fixture file may key its cases by name; composed, they are a list (each with its name).
    if (path.startsWith('fixtures/') && segments[0] === 'cases' && /^\d+$/.test(segments[1] ?? '')) {
      const cases = (this.composer.file(path) as { cases?: Array<{ name?: unknown }> } | undefined)?.cases;
      const name = cases?.[Number(segments[1])]?.name;
      if (typeof name === 'string') segments[1] = name;
    }
    let reached = path === 'plan.json' ? this.inPlan(segments) : this.inFile(path, segments);
    const plan = this.composer.plan();
    // A state the machine generator made is the plan's step it is made from.
    if (path === plan.machine && segments[0] === 'states' && segments[1] !== undefined && reached.depth < 2) {
      const step = Object.keys(plan.steps ?? {}).find((id) => stateName(id) === segments[1]);
      if (step) reached = { ...this.inPlan(['steps', step]), depth: 2 };
    }
    return { file: reached.file, pointer: reached.pointer, exact: reached.depth === segments.length };
  }

  /** plan.json: the plan's own over the plans it extends; the nearest that writes the place. */
  private inPlan(segments: string[]): Reached {
    let best: Reached | undefined;
    for (let from = 0; ;) {
      const located = this.composer.locate('plan.json', from);
      if (!located) break;
      const reached = this.trace(
        located.value,
        { file: located.file, pointer: '', layer: located.layer, path: 'plan.json' },
        segments,
        0,
      );
      best = best ? deeper(best, reached) : reached;
      if (best.depth === segments.length) break;
      from = located.layer + 1;
    }
    return best ?? { file: `plans/${this.composer.code}/plan.json`, pointer: '', depth: 0 };
  }

  private inFile(path: string, segments: string[]): Reached {
    const located = this.composer.locate(path);
    if (!located) return { file: `plans/${this.composer.code}/${path}`, pointer: '', depth: 0 };
    return this.trace(
      located.value,
      { file: located.file, pointer: '', layer: located.layer, path },
      segments,
      0,
    );
  }

  /** The fact a whole-string template names, as a place in plan.json. */
  private fact(path: string, rest: string[], depth: number): Reached | undefined {
    if (/^today\b/.test(path)) return undefined;
    const segments = indexed(
      this.composer.plan(),
      path.split('.').map((part) => part.trim()),
    );
    if (!segments) return undefined;
    const reached = this.inPlan([...segments, ...rest]);
    if (reached.depth < segments.length) return undefined;
    // The fact holds the whole value: the place accounts for the pointer as far as plan.json does.
    return { ...reached, depth: depth + reached.depth - segments.length };
  }

  private trace(value: unknown, at: At, segments: string[], depth: number): Reached {
    const here: Reached = { file: at.file, pointer: at.pointer, depth };
    if (typeof value === 'string' && (this.facts || segments.length > 0)) {
      const whole = WHOLE_FACT.exec(value);
      const fact = whole ? this.fact(whole[1]!, segments, depth) : undefined;
      return fact ?? here;
    }
    const [segment, ...rest] = segments;
    if (segment === undefined) return here;
    if (Array.isArray(value)) {
      const cases = at.path.startsWith('fixtures/') && at.pointer === '/cases';
      const index = itemIndex(value, segment, cases ? caseKeys : itemKeys);
      if (index < 0) return here;
      // After a { "$generated": … } marker a list has other indices once composed.
      const written = value.some(isMarker) ? this.written(value, index) : index;
      if (written === undefined || written >= value.length) return here;
      return this.trace(value[written], { ...at, pointer: `${at.pointer}/${written}` }, rest, depth + 1);
    }
    if (!isPlainObject(value)) return here;
    const { $use: use, ...own } = value;
    // The `$use` itself (a problem with what it names): where it is written here.
    if (segment === '$use' && rest.length === 0 && use !== undefined)
      return { file: at.file, pointer: `${at.pointer}/$use`, depth: depth + 1 };
    let best = here;
    const key = Object.hasOwn(own, segment)
      ? segment
      : Object.keys(own).find((name) => hasTemplate(name) && this.filled(name) === segment);
    if (key !== undefined) {
      best = deeper(
        best,
        this.trace(own[key], { ...at, pointer: `${at.pointer}/${escape(key)}` }, rest, depth + 1),
      );
    }
    // What the own value does not write comes from what it builds on.
    if (typeof use === 'string' && best.depth < depth + segments.length && this.hops++ < 50) {
      if (use.startsWith('#')) {
        // A part of the same file as composed (its layers merged): from the top of the file.
        const target = pointerSegments(use.slice(1));
        const reached = this.inFile(at.path, [...target, ...segments]);
        if (reached.depth >= target.length)
          best = deeper(best, { ...reached, depth: depth + reached.depth - target.length });
        return best;
      }
      try {
        const target = this.composer.useTarget(use, { ...at, pointer: `${at.pointer}/$use` });
        const [, targetPointer = ''] = use.split('#');
        const written = this.composer.locate(target.path, target.layer)?.value;
        const real = indexed(written ?? target.value, pointerSegments(targetPointer));
        const pointer = written !== undefined && real ? toPointer(real) : target.pointer;
        best = deeper(
          best,
          this.trace(
            target.value,
            { file: target.file, pointer, layer: target.layer, path: target.path },
            segments,
            depth,
          ),
        );
      } catch {
        // A `$use` that does not resolve is reported by the composition itself.
      }
    }
    return best;
  }

  /**
   * The index, as written, of the item at `index` of a composed list with `{ "$generated": … }`
   * markers (each stands for the transitions generateMachine.ts makes of it): undefined for an
   * entry a marker made.
   */
  private written(list: unknown[], index: number): number | undefined {
    const plan = this.composer.plan();
    let composed = 0;
    for (let at = 0; at < list.length; at++) {
      const item = list[at];
      if (isMarker(item)) {
        let made: number;
        try {
          made = generatedEntries(String((item as Record<string, unknown>).$generated), plan, '').length;
        } catch {
          return undefined;
        }
        if (index < composed + made) return undefined;
        composed += made;
      } else if (composed++ === index) return at;
    }
    return undefined;
  }

  /** A key written as a template ("{{planCode}}LS"), as composed. */
  private filled(key: string): unknown {
    try {
      const plan = this.composer.plan();
      return fillTemplate(key, (path) => factAt(plan, path));
    } catch {
      return undefined;
    }
  }
}

/** Where a value of a composed plan file is written (see SourceTracer). */
export function sourceOf(
  composer: PlanComposer,
  path: string,
  pointer: string,
  options?: { facts?: boolean },
): SourcePlace {
  return new SourceTracer(composer).sourceOf(path, pointer, options);
}
