import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanFiles } from '../../engine/plan/types.ts';
import { PlanComposer } from '../../src/plans/compose/composePlan.ts';
import { pointerSegments, SourceTracer } from '../../src/plans/compose/sourceOf.ts';
import type { Problem } from './problem.ts';
import { SourceLines } from './sourceLines.ts';

/*
 * Sends each problem to the line an analyst edits. Checks find problems in what the plan is
 * composed to (plans/<CODE>/<path> and a JSON Pointer into it, a step schema's pointers
 * possibly through its `$ref`s); this finds the file that writes the value — the plan's own,
 * the plan it extends, schemas/common, or the plan.json holding a {{fact}} — the pointer in
 * it and its line, and keeps where it was found in the composed plan when that is elsewhere.
 */

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const toPointer = (segments: readonly string[]) => segments.map((s) => `/${escape(s)}`).join('');
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a problem's `where` is a JSON Pointer ('/' is the whole file). */
export function isPointer(where: string): boolean {
  return where === '' || where.startsWith('/');
}

/** The shared schema documents of a root by $id: the file each is. */
function commonFiles(root: string): Map<string, { file: string; value: unknown }> {
  const out = new Map<string, { file: string; value: unknown }>();
  const dir = join(root, 'common');
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.schema.json'))) {
    try {
      const value = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { $id?: unknown };
      if (typeof value.$id === 'string') out.set(value.$id, { file: `common/${name}`, value });
    } catch {
      // An unreadable shared document is reported by the checks.
    }
  }
  return out;
}

type Place = { file: string; segments: string[]; composed: boolean };

/**
 * A schema pointer as written: the checks walk a step schema through its `$ref`s
 * (`…/fullName/$ref/minLength`) and the bundled document's `$defs` (`/$defs/defs.fullName`);
 * the value is written where the reference points.
 */
function throughRefs(
  file: string,
  value: unknown,
  segments: string[],
  common: Map<string, { file: string; value: unknown }>,
): Place {
  let document = value;
  let current = value;
  let place: Place = { file, segments: [], composed: true };
  const baseId = () => (isObject(document) && typeof document.$id === 'string' ? document.$id : undefined);
  let jumps = 0;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    // Into what a $ref names (not the $ref itself, when the problem is about it).
    const into = i < segments.length - 1;
    if (into && isObject(current) && segment === '$ref' && typeof current.$ref === 'string' && jumps++ < 20) {
      const ref = current.$ref;
      let target: { file: string; value: unknown; composed: boolean } | undefined;
      let pointer = '';
      if (ref.startsWith('#')) {
        target = { file: place.file, value: document, composed: place.composed };
        pointer = ref.slice(1);
      } else if (baseId()) {
        try {
          const url = new URL(ref, baseId());
          pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
          url.hash = '';
          const doc = common.get(url.href);
          if (doc) target = { file: doc.file, value: doc.value, composed: false };
        } catch {
          target = undefined;
        }
      }
      if (!target) return place;
      document = target.value;
      const refSegments = pointerSegments(pointer);
      current = refSegments.reduce<unknown>(
        (node, s) => (node as Record<string, unknown> | undefined)?.[s],
        document,
      );
      place = { file: target.file, segments: refSegments, composed: target.composed };
      if (current === undefined) return place;
      continue;
    }
    // A definition the bundler copied in from a shared document ('/$defs/defs.fullName').
    const bundled = i === 0 && segment === '$defs' ? segments[1] : undefined;
    const ownDefs = isObject(current) ? current.$defs : undefined;
    if (bundled !== undefined && !(isObject(ownDefs) && bundled in ownDefs)) {
      const [doc, ...name] = bundled.split('.');
      const shared = [...common.values()].find((c) => c.file === `common/${doc}.schema.json`);
      if (!shared || name.length === 0) return { ...place, segments };
      document = shared.value;
      place = { file: shared.file, segments: ['$defs', name.join('.')], composed: false };
      current = (isObject(shared.value) ? (shared.value.$defs as Record<string, unknown>) : undefined)?.[
        name.join('.')
      ];
      if (current === undefined) return { ...place, segments: [...place.segments, ...segments.slice(2)] };
      i++;
      continue;
    }
    const next = Array.isArray(current)
      ? current[Number(segment)]
      : isObject(current)
        ? current[segment]
        : undefined;
    if (next === undefined) {
      // Past what is composed (a missing property): keep the rest of the pointer as asked.
      return { ...place, segments: [...place.segments, ...segments.slice(i)] };
    }
    current = next;
    place = { ...place, segments: [...place.segments, segment] };
  }
  return place;
}

export class ProblemLocator {
  private readonly lines: SourceLines;
  private readonly tracers = new Map<string, SourceTracer | undefined>();
  private readonly common: Map<string, { file: string; value: unknown }>;

  constructor(
    private readonly root: string,
    private readonly plans: Record<string, PlanFiles>,
  ) {
    this.lines = new SourceLines(root);
    this.common = commonFiles(root);
  }

  private tracer(code: string): SourceTracer | undefined {
    if (!this.tracers.has(code)) {
      let tracer: SourceTracer | undefined;
      try {
        const composer = new PlanComposer(code, this.root);
        composer.plan();
        tracer = new SourceTracer(composer);
      } catch {
        tracer = undefined;
      }
      this.tracers.set(code, tracer);
    }
    return this.tracers.get(code);
  }

  locate(problem: Problem): Problem {
    if (problem.line !== undefined) return problem;
    if (!isPointer(problem.where)) {
      const line = this.lines.lineOf(problem.file, '');
      return line === undefined ? problem : { ...problem, line };
    }
    if (problem.where === '/' && /^cannot be read\b/.test(problem.message)) {
      const syntax = this.lines.syntaxError(problem.file);
      if (syntax) return { ...problem, line: syntax.line };
    }
    const pointer = problem.where === '/' ? '' : problem.where;
    const match = /^plans\/([^/]+)\/(.+)$/.exec(problem.file);
    const composed = match ? this.plans[match[1]!]?.[match[2]!] : undefined;
    const tracer = match ? this.tracer(match[1]!) : undefined;
    if (!match || !tracer) {
      const line = this.lines.lineOf(problem.file, pointer);
      return line === undefined ? problem : { ...problem, line };
    }
    const [, code, path] = match as unknown as [string, string, string];
    let place: Place = { file: problem.file, segments: pointerSegments(pointer), composed: true };
    if (composed !== undefined && path.endsWith('.schema.json')) {
      place = throughRefs(problem.file, composed, place.segments, this.common);
    }
    let file = place.file;
    let where = toPointer(place.segments);
    let lineAt = where;
    if (place.composed) {
      try {
        const source = tracer.sourceOf(path, where, { facts: !problem.key });
        // Where the file is the one the checks named, its pointer says more than the nearest
        // place written (a property that is missing); the line is that place's either way.
        if (source.exact || source.file !== place.file) where = source.pointer;
        file = source.file;
        lineAt = source.pointer;
      } catch {
        // The plan's own file as composed is the best there is.
      }
    } else lineAt = where;
    void code;
    const line = this.lines.lineOf(file, lineAt);
    const moved = file !== problem.file || where !== pointer;
    return {
      ...problem,
      file,
      where: where || '/',
      ...(line !== undefined ? { line } : {}),
      ...(moved ? { composed: `${problem.file} ${problem.where}` } : {}),
    };
  }
}

/** Every problem with the file, pointer and line that write what it is about (see ProblemLocator). */
export function locateProblems(
  problems: Problem[],
  root: string,
  plans: Record<string, PlanFiles>,
): Problem[] {
  const locator = new ProblemLocator(root, plans);
  return problems.map((problem) => locator.locate(problem));
}
