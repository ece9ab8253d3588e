import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../../tests/e2e/harness.ts';

/** `npm run build`, quietly; its output is shown when it fails. */
export function buildApp(): void {
  console.log('Building the app (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** `--name value` from the command line, or the default. */
export function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

export const flag = (name: string) => process.argv.includes(`--${name}`);
