/**
 * How deep a page's JS request waterfall is, from when each file was asked for and when it
 * had arrived (ms, one clock). A file asked for before any other JS had arrived is on
 * level 1 (the HTML's script and modulepreloads); any other file is one level below the
 * deepest JS file that had arrived before it was asked for: it could not be asked for
 * sooner, because code that had to arrive (and run) first asked for it. Files asked for
 * together (a dynamic import and its preloaded imports) share a level.
 */
export interface Timed {
  requestedAt: number;
  finishedAt: number;
}

export function waterfallDepths<T extends Timed>(files: T[]): Array<T & { depth: number }> {
  const ordered = [...files].sort((a, b) => a.requestedAt - b.requestedAt);
  const done: Array<T & { depth: number }> = [];
  for (const file of ordered) {
    const before = done.filter((other) => other.finishedAt <= file.requestedAt);
    done.push({ ...file, depth: 1 + Math.max(0, ...before.map((other) => other.depth)) });
  }
  return done;
}

/** The deepest level of a waterfall, 0 when there is no JS at all. */
export const waterfallDepth = (files: Array<{ depth: number }>) => Math.max(0, ...files.map((f) => f.depth));
