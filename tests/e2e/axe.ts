import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import { expect } from 'vitest';

/*
 * Accessibility in real Chromium: axe-core, injected into the page as it is on screen,
 * checks WCAG 2.0, 2.1 and 2.2 A and AA and axe's best practices (every piece of content
 * inside a landmark, one main, headings in order, ...). A browser test calls
 * `expectAccessible(page, 'T54 plan-details')` on each screen and popup it reaches; a
 * failure names the screen, each rule, what it asks for, and every offending node.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules run on every screen. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  resultTypes: ['violations'],
};

/**
 * Puts axe into the page unless it is there already. Playwright evaluates over the
 * DevTools protocol, which the page's Content-Security-Policy does not govern, so no
 * policy is relaxed for the test.
 */
async function inject(page: Page) {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
}

/** axe's violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<Result[]> {
  await inject(page);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(c: Document, o: unknown): Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    RUN_OPTIONS,
  );
  return results.violations;
}

/** Violations as a reader wants them in a failed assertion: rule, impact, help, then each node. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((node) => {
          const why = [...node.any, ...node.all, ...node.none]
            .map((check) => check.message)
            .filter(Boolean)
            .join('; ');
          return `    ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${why}`;
        })
        .join('\n');
      return `  ${v.id} (${v.impact ?? 'n/a'}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Asserts that axe finds nothing on the page as it is now. Soft: a test goes on after
 * a failing screen, so one run lists every screen that fails.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  const count = violations.reduce((n, v) => n + v.nodes.length, 0);
  expect
    .soft(
      violations.length === 0 ? '' : `${count} violating node(s):\n${formatViolations(violations)}`,
      `axe on ${screen}`,
    )
    .toBe('');
}
