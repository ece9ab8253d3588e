import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliBytes, BUDGET_BYTES, firstLoadVerdict } from '../../../tools/checkFirstLoad.ts';
import { waterfallDepth, waterfallDepths } from '../../../bench/lib/waterfall.ts';

describe('the JS waterfall', () => {
  it('puts the HTML script and its preloads on level 1, what their code asks for below', () => {
    const files = waterfallDepths([
      { name: 'plan', requestedAt: 300, finishedAt: 320 },
      { name: 'entry', requestedAt: 0, finishedAt: 100 },
      { name: 'runtime', requestedAt: 2, finishedAt: 50 },
      { name: 'journey', requestedAt: 150, finishedAt: 280 },
      { name: 'journey-dep', requestedAt: 151, finishedAt: 260 },
    ]);
    expect(Object.fromEntries(files.map((f) => [f.name, f.depth]))).toEqual({
      entry: 1,
      runtime: 1,
      journey: 2,
      'journey-dep': 2,
      plan: 3,
    });
    expect(waterfallDepth(files)).toBe(3);
  });

  it('keeps the plan on level 2 when it is asked for with the journey chunk', () => {
    const files = waterfallDepths([
      { requestedAt: 0, finishedAt: 100 },
      { requestedAt: 150, finishedAt: 280 },
      { requestedAt: 152, finishedAt: 200 },
    ]);
    expect(files.map((f) => f.depth)).toEqual([1, 2, 2]);
    expect(waterfallDepth([])).toBe(0);
  });
});

describe('the first-load verdict', () => {
  it('passes within the budget and two levels', () => {
    const verdict = firstLoadVerdict([
      { path: '/a.js', brotli: 100_000, depth: 1 },
      { path: '/b.js', brotli: BUDGET_BYTES - 100_000, depth: 2 },
    ]);
    expect(verdict).toEqual({ bytes: BUDGET_BYTES, depth: 2, problems: [] });
  });

  it('names each way a first load is over budget', () => {
    const verdict = firstLoadVerdict([
      { path: '/a.js', brotli: 150_000, depth: 1 },
      { path: '/b.js', brotli: 20_000, depth: 3 },
    ]);
    expect(verdict.bytes).toBe(170_000);
    expect(verdict.problems).toEqual([
      `170000 B of JS is over the budget of ${BUDGET_BYTES} B`,
      'the JS waterfall is 3 requests deep, more than 2',
    ]);
    expect(firstLoadVerdict([]).problems).toEqual(['no JS was loaded before the first field was usable']);
  });
});

describe('brotliBytes', () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('counts the .br copy the build wrote, else the file as sent', () => {
    dist = mkdtempSync(join(tmpdir(), 'first-load-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'big.js'), 'x'.repeat(5000));
    writeFileSync(join(dist, 'assets', 'big.js.br'), 'y'.repeat(40));
    writeFileSync(join(dist, 'assets', 'small.js'), 'z'.repeat(300));
    expect(brotliBytes(dist, '/assets/big.js')).toBe(40);
    expect(brotliBytes(dist, '/assets/small.js')).toBe(300);
    expect(() => brotliBytes(dist!, '/assets/missing.js')).toThrow(/is not in/);
  });
});
