import { ComposeError } from './composeError.ts';
import { DIRECTIVE_USE } from './expandUses.ts';
import { FactError } from './factTemplates.ts';
import { atPointer, escapePointer } from './jsonPointer.ts';
import { isPlainObject, mergePatch } from './mergePatch.ts';

/**
 * A file's `{ "$use": "#/<pointer>", …changes }` resolved against the file itself as composed (its
 * layers merged), so a shared file can build on what a plan's override of it sets (a fixture's
 * persona); the top-level `$let` that holds such parts is dropped.
 */
export function resolveLocalUses(value: unknown, file: string): unknown {
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
