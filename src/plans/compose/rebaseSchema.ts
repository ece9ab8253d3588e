import { dirname, join, relative, resolve, sep } from 'node:path';
import { isPlainObject } from './mergePatch.ts';

/**
 * A shared file's relative `$schema` made relative to where the file now is: `path` in the
 * plan's folder `planDir` (a file found in another layer, written at `file` under `root`).
 */
export function rebaseSchema(
  value: unknown,
  {
    root,
    file,
    layer,
    planDir,
    path,
  }: { root: string; file: string; layer: number; planDir: string; path: string },
): unknown {
  if (!isPlainObject(value) || typeof value.$schema !== 'string' || /^[a-z]+:/.test(value.$schema))
    return value;
  if (layer === 0) return value;
  const from = dirname(join(root, file));
  const to = dirname(join(planDir, path));
  return { ...value, $schema: relative(to, resolve(from, value.$schema)).split(sep).join('/') };
}
