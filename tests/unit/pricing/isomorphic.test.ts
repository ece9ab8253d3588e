import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('src/pricing is isomorphic', () => {
  it('imports no Node built-in', () => {
    const dir = fileURLToPath(new URL('../../../src/pricing/', import.meta.url));
    for (const name of readdirSync(dir)) {
      const source = readFileSync(dir + name, 'utf8');
      expect(source, name).not.toMatch(/from\s+['"](node:|fs['"]|path['"]|crypto['"])/);
    }
  });
});
