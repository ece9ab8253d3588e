import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { pointerSegments } from '../../src/plans/compose/sourceOf.ts';

/*
 * Line numbers of JSON Pointers in the files under a schemas root, read with jsonc-parser
 * (a parser that keeps each value's offset), so a problem says `file:line /pointer`.
 */

interface ParsedFile {
  tree: Node | undefined;
  lineStarts: number[];
  errors: ParseError[];
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOfOffset(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** The node at a pointer, or the deepest node on its way there (with how far it got). */
function nodeAt(tree: Node, segments: string[]): Node {
  let node = tree;
  for (const segment of segments) {
    let next: Node | undefined;
    if (node.type === 'object') {
      const property = node.children?.find((child) => child.children?.[0]?.value === segment);
      next = property?.children?.[1];
    } else if (node.type === 'array' && /^\d+$/.test(segment)) {
      next = node.children?.[Number(segment)];
    }
    if (!next) break;
    node = next;
  }
  return node;
}

export class SourceLines {
  private readonly files = new Map<string, ParsedFile | undefined>();

  constructor(private readonly root: string) {}

  private read(file: string): ParsedFile | undefined {
    if (this.files.has(file)) return this.files.get(file);
    const path = join(this.root, file);
    let parsed: ParsedFile | undefined;
    if (existsSync(path) && path.endsWith('.json')) {
      try {
        const text = readFileSync(path, 'utf8');
        const errors: ParseError[] = [];
        parsed = { tree: parseTree(text, errors), lineStarts: lineStarts(text), errors };
      } catch {
        parsed = undefined;
      }
    }
    this.files.set(file, parsed);
    return parsed;
  }

  /**
   * The line (1-based) of the value at `pointer` in `file` (relative to the root): a property's
   * line is its name's. Where the pointer goes past what the file writes, the line of the
   * deepest value it reaches. Undefined for a file that is not there.
   */
  lineOf(file: string, pointer: string): number | undefined {
    const parsed = this.read(file);
    if (!parsed?.tree) return parsed ? 1 : undefined;
    const node = nodeAt(parsed.tree, pointerSegments(pointer));
    const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return lineOfOffset(parsed.lineStarts, at);
  }

  /** The first syntax error of a file that is not valid JSON: its line and the parser's words. */
  syntaxError(file: string): { line: number; message: string } | undefined {
    const parsed = this.read(file);
    const error = parsed?.errors[0];
    if (!parsed || !error) return undefined;
    return { line: lineOfOffset(parsed.lineStarts, error.offset), message: printParseErrorCode(error.error) };
  }
}
