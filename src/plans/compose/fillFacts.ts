import { ComposeError } from './composeError.ts';
import { FactError, fillTemplate, hasTemplate } from './factTemplates.ts';
import { escapePointer } from './jsonPointer.ts';
import { isPlainObject } from './mergePatch.ts';

/** Reads a fact by its dotted path (factTemplates.ts), or throws a FactError. */
export type FactLookup = (path: string) => unknown;

/** A lookup that refuses a fact which, to be filled in, needs itself. */
export function withoutCycles(read: FactLookup): FactLookup {
  const resolving = new Set<string>();
  return (path) => {
    if (resolving.has(path)) throw new FactError(`the fact '${path}' refers to itself`);
    resolving.add(path);
    try {
      return read(path);
    } finally {
      resolving.delete(path);
    }
  };
}

/**
 * Every `{{…}}` template in a value filled in from `lookup`, keys too; `$comment` (a note for
 * builders) dropped. A template that does not resolve is a ComposeError at `file` and its pointer.
 */
export function fillFacts(value: unknown, lookup: FactLookup, file: string, pointer: string): unknown {
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
    return value.map((item, index) => fillFacts(item, lookup, file, `${pointer}/${index}`));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => {
      // Notes for builders stay in the source; what is composed is what runs.
      if (key === '$comment') return [];
      const at = `${pointer}/${escapePointer(key)}`;
      // A key may name a fact too (an option's code, "{{planCode}}LS").
      const name = hasTemplate(key) ? fillFacts(key, lookup, file, at) : key;
      return [[String(name), fillFacts(item, lookup, file, at)]];
    }),
  );
}
