import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../e2e/harness.ts';

/**
 * The server loads no React: it validates with the React-free form validator
 * (engine/validation/ajvFormValidator.ts) and the modules of @rjsf/utils that need no React,
 * not with @rjsf/validator-ajv8 or the @rjsf/utils index, which load React.
 * Checked in a fresh Node process that builds the server and lists every file it loaded.
 */
function serverModules(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'bimaflow-modules-'));
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'tests/integration/server/serverModules.mjs', join(dir, 'resolved.log')],
      { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } },
    );
    return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the server', () => {
  it('builds without loading React', () => {
    const modules = serverModules();
    // The listing is real: it holds the server and its libraries.
    expect(modules.some((path) => path.endsWith('/src/server/app.ts'))).toBe(true);
    expect(modules.some((path) => path.includes('/node_modules/fastify/'))).toBe(true);
    expect(modules.some((path) => path.includes('/engine/validation/localizeErrors.ts'))).toBe(true);

    const react = modules.filter((path) =>
      /\/node_modules\/(react|react-dom|react-is|@rjsf\/core|@rjsf\/validator-ajv8)\//.test(path),
    );
    expect(react).toEqual([]);
    // Of @rjsf/utils, only its own modules, never its index (which loads React).
    expect(
      modules.filter((path) => /\/node_modules\/@rjsf\/utils\/(lib\/index\.js|dist\/)/.test(path)),
    ).toEqual([]);
  }, 120_000);
});
