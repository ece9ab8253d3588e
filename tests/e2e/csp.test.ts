import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness.ts';

/*
 * The journey validates with precompiled validators, so the page's Content-Security-Policy
 * allows no eval: Chromium enforces the server's header, and a validator that compiled code
 * at run time would be refused (a 'securitypolicyviolation' event) and show no messages.
 * (With 'unsafe-eval' back in the header, the compiling validator would pass this test too:
 * the header check above it is what fails then.)
 */

const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ ...PHONE });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('Content-Security-Policy without unsafe-eval', () => {
  it('is what the page is served with, and the step validates under it without a violation', async () => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const response = await page.goto(server.baseUrl + JOURNEY);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    await page.getByRole('heading', { name: /Share your basic details/ }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    // The precompiled validator ran: the spec's messages are on screen.
    await page.getByText('Full Name cannot be empty.').first().waitFor();
    await page.getByLabel('Full Name').fill('Ramesh');
    await page.getByText('Please enter valid Full Name').first().waitFor();

    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });
});
