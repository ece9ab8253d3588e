import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeDocuments } from '../../../src/server/plugins/routePreloads.ts';
import { routeShells } from '../../../tools/routeShells.tsx';

/*
 * Issue 21, the first screen in one level of JS: the page served for a plan's journey or
 * proposal page names, as modulepreloads, the page's chunk and the plan's chunk with all they
 * import (not what index.html names already); any other path gets index.html as built.
 */
const dist = mkdtempSync(join(tmpdir(), 'bimaflow-route-preloads-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const INDEX =
  '<html><head><script type="module" src="/assets/index-AAAAAAAA.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-BBBBBBBB.js"></head><body><div id="root"></div></body></html>';
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
const chunks: Record<string, string> = {
  'index-AAAAAAAA.js': 'import{r}from"./runtime-BBBBBBBB.js";',
  'runtime-BBBBBBBB.js': 'export{x as r};',
  'JourneyPage-CCCCCCCC.js': 'import{r}from"./runtime-BBBBBBBB.js";import{j}from"./journey-DDDDDDDD.js";',
  'journey-DDDDDDDD.js': 'import{u}from"./uriResolver-EEEEEEEE.js";export{j};',
  'uriResolver-EEEEEEEE.js': 'export{u};',
  'plan-T54-FFFFFFFF.js': 'import{j}from"./journey-DDDDDDDD.js";export{p};',
  'plan-T64-GGGGGGGG.js': 'export{p};',
  'forms-T54-HHHHHHHH.js': 'export{f};',
  'ProposalPage-IIIIIIII.js': 'import{j}from"./journey-DDDDDDDD.js";',
  'proposal-T54-JJJJJJJJ.js': 'export{q};',
  'proposal-forms-T54-KKKKKKKK.js': 'export{k};',
  'machine-MMMMMMMM.js': 'export{m};',
};
for (const [name, code] of Object.entries(chunks)) writeFileSync(join(dist, 'assets', name), code);
writeFileSync(join(dist, 'route-shells.json'), JSON.stringify(routeShells()));

const preloads = (html: string | undefined) =>
  [...(html ?? '').matchAll(/rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)]
    .map((m) => m[1])
    .sort();

describe('the page a plan route is served', () => {
  const documentFor = routeDocuments(dist);

  it("names its journey's chunks, the plan's and what they import, once each", () => {
    expect(preloads(documentFor('/retirement-plans/guaranteed-pension-plan/'))).toEqual([
      'JourneyPage-CCCCCCCC.js',
      'journey-DDDDDDDD.js',
      'plan-T54-FFFFFFFF.js',
      'runtime-BBBBBBBB.js',
      'uriResolver-EEEEEEEE.js',
    ]);
    // A later step's address is the same journey, whose screen only the machine knows: its
    // chunk too (at the journey's own path a new visitor's first step needs none).
    expect(preloads(documentFor('/retirement-plans/guaranteed-pension-plan/plan-details'))).toEqual(
      [...preloads(documentFor('/retirement-plans/guaranteed-pension-plan/')), 'machine-MMMMMMMM.js'].sort(),
    );
    expect(preloads(documentFor('/term-plans/elite-term-plan/'))).toContain('plan-T64-GGGGGGGG.js');
  });

  it("names the proposal page's chunks on a proposal page", () => {
    expect(preloads(documentFor('/retirement-plans/guaranteed-pension-plan/proposal'))).toEqual([
      'ProposalPage-IIIIIIII.js',
      'journey-DDDDDDDD.js',
      'proposal-T54-JJJJJJJJ.js',
      'runtime-BBBBBBBB.js',
      'uriResolver-EEEEEEEE.js',
    ]);
  });

  it("draws the journey's first paint inside #root: the step's heading where the server knows the step", () => {
    const root = (html: string | undefined) =>
      /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html ?? '')?.[1] ?? '';
    const heading = (html: string) => /<h1 class="bf-step-title">([^<]*)<\/h1>/.exec(html)?.[1];
    // The landing path of a path-routed plan opens on its first step: its heading, its stepper.
    const landing = root(documentFor('/retirement-plans/guaranteed-pension-plan/'));
    expect(heading(landing)).toBe('Share your basic details to calculate regular pension income');
    expect(landing).toContain('aria-current="step"');
    expect(landing).toContain('class="bf-side-panel"');
    expect(landing).toMatch(/role="status"[^>]*>.*Loading Guaranteed Pension Plan/);
    // Another path may be any step the machine allows: no heading, no stepper, the wait said.
    const later = root(documentFor('/retirement-plans/guaranteed-pension-plan/plan-details'));
    expect(heading(later)).toBeUndefined();
    expect(later).not.toContain('bf-stepper');
    expect(later).toContain('class="bf-side-panel"');
    expect(later).toContain('Loading Guaranteed Pension Plan');
    // A hash-routed plan's step is in a hash the server never sees.
    expect(heading(root(documentFor('/term-plans/elite-term-plan/')))).toBeUndefined();
    // The proposal page draws its own.
    expect(root(documentFor('/retirement-plans/guaranteed-pension-plan/proposal'))).toBe('');
  });

  it('leaves any other path to index.html as built', () => {
    expect(documentFor('/')).toBeUndefined();
    expect(documentFor('/no-such-plan/')).toBeUndefined();
  });
});
