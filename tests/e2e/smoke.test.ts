import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { BUILT_INDEX, launchBrowser, startServer, type RunningServer } from './harness.ts';

/** The product starts, serves its SPA shell and health check, and keeps API 404s as JSON. */

let server: RunningServer;
let browser: Browser;
let page: Page;
let cspViolations: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  page = await browser.newPage();
  cspViolations = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
});

afterEach(async () => {
  await page?.close();
});

const builtTitle = () => /<title>([^<]*)<\/title>/.exec(readFileSync(BUILT_INDEX, 'utf8'))?.[1];

describe('smoke', () => {
  it.each(['/', '/retirement-plans/guaranteed-pension-plan/plan-details'])(
    'serves the SPA shell at %s',
    async (path) => {
      const response = await page.goto(server.baseUrl + path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      expect(await response?.text()).toContain(`<title>${builtTitle()}</title>`);
      expect(await page.locator('#root').count()).toBe(1);
      expect(await page.title()).not.toBe('');
      await page.waitForLoadState('networkidle');
      expect(cspViolations).toEqual([]);
    },
  );

  it("says 'Page not found' at an address that is no page, and links to every plan", async () => {
    await page.goto(`${server.baseUrl}/no-such-plan/`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'See all plans' }).getAttribute('href')).toBe('/');
    await expectAccessible(page, 'page not found');
  });

  it("a plan page whose files do not load says so and offers 'Try again'", async () => {
    await page.route('**/assets/plan-T54-*', (route) => route.abort('connectionreset'));
    await page.goto(`${server.baseUrl}/retirement-plans/guaranteed-pension-plan/`);
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'We could not load the Guaranteed Pension Plan page',
    );
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await expectAccessible(page, 'a plan page that failed to load');
  });

  it('answers /healthz with JSON', async () => {
    const response = await page.goto(`${server.baseUrl}/healthz`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response?.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a JSON 404, even to a browser', async () => {
    const response = await page.goto(`${server.baseUrl}/buyonlineoauth/nope`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response?.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
