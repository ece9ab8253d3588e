import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brotliBytes,
  BUDGET_BYTES,
  chunkCycles,
  chunkDepths,
  firstLoadVerdict,
} from '../../../tools/checkFirstLoad.ts';
import { waterfallDepth, waterfallDepths } from '../../../tools/measure/waterfall.ts';

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
  it('passes within the budget and one level', () => {
    const verdict = firstLoadVerdict([
      { path: '/a.js', brotli: 100_000, depth: 1 },
      { path: '/b.js', brotli: BUDGET_BYTES - 100_000, depth: 1 },
    ]);
    expect(verdict).toEqual({ bytes: BUDGET_BYTES, depth: 1, problems: [] });
  });

  it('names each way a first load is over budget', () => {
    const verdict = firstLoadVerdict([
      { path: '/a.js', brotli: 150_000, depth: 1 },
      { path: '/b.js', brotli: 20_000, depth: 2 },
    ]);
    expect(verdict.bytes).toBe(170_000);
    expect(verdict.problems).toEqual([
      `170000 B of JS is over the budget of ${BUDGET_BYTES} B`,
      'the JS waterfall is 2 requests deep, more than 1',
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

describe('chunks importing each other', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const built = (files: Record<string, string>) => {
    const dist = mkdtempSync(join(tmpdir(), 'bimaflow-cycles-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), code);
    return dist;
  };

  it('finds a loop of static imports between chunks, and none where imports only go one way', () => {
    const loop = built({
      'entry.js': 'import{a}from"./journey.js";const p=()=>import("./page.js");',
      'journey.js': 'import{l}from"./page.js";export{x as a};',
      'page.js': 'import{a as b}from"./journey.js";export{y as l};',
    });
    expect(chunkCycles(loop)).toEqual(['journey.js -> page.js -> journey.js']);
    const oneWay = built({
      'entry.js': 'const p=()=>import("./page.js");',
      'journey.js': 'export{x as a};',
      'page.js': 'import{a}from"./journey.js";export*from"./journey.js";',
    });
    expect(chunkCycles(oneWay)).toEqual([]);
  });

  it("reads each chunk's level of the waterfall off the build", () => {
    const dist = built({
      'entry.js':
        'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/journey.js","assets/runtime.js","assets/plan.js"])))=>i.map(i=>d[i]);' +
        'import{r}from"./runtime.js";const j=()=>C(()=>import(`./journey.js`),__vite__mapDeps([0,1]));' +
        'const p=()=>C(()=>import(`./plan.js`).then(e=>e.n),__vite__mapDeps([2,1]));',
      'runtime.js': 'export{x as r};',
      'journey.js': 'import{r}from"./runtime.js";import{q}from"./late.js";const d=()=>import(`./dialog.js`);',
      'plan.js': 'export{y as n};',
      'late.js': 'export{z as q};',
      'dialog.js': 'export{w as v};',
    });
    writeFileSync(
      join(dist, 'index.html'),
      '<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/runtime.js">',
    );
    expect(Object.fromEntries(chunkDepths(dist))).toEqual({
      'entry.js': 1,
      'runtime.js': 1,
      'journey.js': 2,
      'plan.js': 2,
      // Imported by journey.js without a preload: asked for once journey.js has arrived.
      'late.js': 3,
      'dialog.js': 3,
    });
    // The page the server serves for a plan names the chunks its first screen needs: one level.
    const page =
      '<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/runtime.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/journey.js"><link rel="modulepreload" crossorigin href="/assets/late.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/plan.js">';
    expect(Object.fromEntries(chunkDepths(dist, page))).toEqual({
      'entry.js': 1,
      'runtime.js': 1,
      'journey.js': 1,
      'plan.js': 1,
      'late.js': 1,
      'dialog.js': 2,
    });
  });
});
