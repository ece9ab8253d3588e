import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAYMENT } from '../../../../../src/server/config.ts';

/*
 * ARCHITECTURE principle 5: the payment salt lives on the server only. Nothing the browser
 * bundle is built from names it or the server's configuration, and a built bundle (dist/app,
 * present after `npm run build`, which `npm test` runs first) does not contain it.
 */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BROWSER_SOURCES = ['src', 'engine', 'widgets', 'schemas'];
const NOT_BUNDLED = [join(ROOT, 'src', 'server')];

function filesUnder(path: string): string[] {
  if (NOT_BUNDLED.includes(path)) return [];
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [path];
  return readdirSync(path)
    .filter((entry) => !entry.startsWith('.') && entry !== 'node_modules')
    .flatMap((entry) => filesUnder(join(path, entry)));
}

describe('the payment salt never reaches the browser', () => {
  const sources = BROWSER_SOURCES.flatMap((dir) => filesUnder(join(ROOT, dir))).filter((file) =>
    /\.(ts|tsx|js|mjs|json|css|html)$/.test(file),
  );

  it('is named nowhere in what the browser bundle is built from', () => {
    expect(sources.length).toBeGreaterThan(50);
    const naming = sources.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return (
        text.includes(SANDBOX_PAYMENT.salt) ||
        text.includes('PAYU_SALT') ||
        /from '[^']*server\/config(\.ts)?'/.test(text)
      );
    });
    expect(naming.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('is not in the built bundle', () => {
    const built = filesUnder(join(ROOT, 'dist', 'app')).filter((file) => /\.(js|html|css|json)$/.test(file));
    const containing = built.filter((file) => readFileSync(file, 'utf8').includes(SANDBOX_PAYMENT.salt));
    expect(containing.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
