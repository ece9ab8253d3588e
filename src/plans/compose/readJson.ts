import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ComposeError } from './composeError.ts';

/** A JSON file of plan data, parsed; a file that cannot be read is a ComposeError naming it (relative to `root`). */
export function readJson(path: string, root: string): unknown {
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
