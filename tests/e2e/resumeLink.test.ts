import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ENVELOPE_PASSWORD } from '../../src/server/config.ts';
import { createNodeEnvelope } from '../../src/shared/envelope/nodeEnvelope.ts';
import { createBody } from '../integration/api/applicationsFixtures.ts';
import { startWebhook, type Webhook } from '../integration/api/leadTestKit.ts';
import { launchBrowser, PHONE, SCREENSHOTS, startServer, type RunningServer } from './harness.ts';

/*
 * Issue 19.11 in a real browser: strangers use up an application's resume count, the owner is
 * sent a link through the outbox (here a local webhook stands in for the insurer's messaging),
 * and the link, opened on a phone that never saw the application, resumes it with no lookup.
 */
const JOURNEY = '/retirement-plans/guaranteed-pension-plan/';
const LINK_SENT =
  'Too many attempts. If these details match an application, we have sent a link to continue it to the mobile number and e-mail given on it.';

let server: RunningServer;
let browser: Browser;
let webhook: Webhook;
const envelope = createNodeEnvelope(DEFAULT_ENVELOPE_PASSWORD);

beforeAll(async () => {
  webhook = await startWebhook();
  server = await startServer({
    OUTBOX_WEBHOOK_URL: webhook.url,
    OUTBOX_INTERVAL_MS: '200',
    RESUME_MINIMUM_ANSWER_MS: '1',
    // The link's address; the test opens its path and query on the server it started.
    PUBLIC_BASE_URL: 'https://buy.example.in',
  });
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await webhook?.close();
});

async function post(path: string, body: unknown, token: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

describe('resume link', () => {
  it('reaches the owner when strangers use up the count, and resumes on a new phone', async () => {
    const tokenAnswer = await fetch(`${server.baseUrl}/buyonlineoauth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=bimaflow-web',
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const created = await post('/buyonlineoauth/applications/create', createBody(), token);
    expect(created.status).toBe(200);
    const { applicationNo, proposalNumber } = envelope.open(
      ((await created.json()) as { response: string }).response,
    ) as { applicationNo: string; proposalNumber: string };

    // Strangers guess the e-mail of a known Quote ID until the application's count is used up.
    let last: Response | undefined;
    for (let i = 0; i < 12 && last?.status !== 429; i += 1) {
      last = await post(
        '/buyonlineoauth/retrieve-data',
        {
          applicationNumber: proposalNumber,
          quoteId: applicationNo,
          emailId: `guess${i}@example.com`,
          retrieve: 'appnumber',
          productId: 'T54',
        },
        token,
      );
    }
    expect(last?.status).toBe(429);
    expect(((await last!.json()) as { message: string }).message).toBe(LINK_SENT);

    // The insurer's messaging receives the link for the application's own mobile and e-mail.
    await expect
      .poll(
        () => webhook.received.filter((delivery) => delivery.headers['x-bimaflow-topic'] === 'resume-link'),
        {
          timeout: 15_000,
        },
      )
      .toHaveLength(1);
    const delivery = webhook.received.find((each) => each.headers['x-bimaflow-topic'] === 'resume-link')!;
    const { link, mobileNumber } = (delivery.json as { payload: { link: string; mobileNumber: string } })
      .payload;
    expect(mobileNumber).toBe('9876543210');

    // Opened on a phone that never saw the application: it resumes at once, no dialog.
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    const answer = page.waitForResponse((res) => res.url().endsWith('/buyonlineoauth/retrieve-data'));
    const sent = new URL(link);
    expect(sent.origin).toBe('https://buy.example.in');
    await page.goto(`${server.baseUrl}${sent.pathname}${sent.search}`);
    expect((await answer).status()).toBe(200);
    await page.locator('.bf-quote-id').filter({ hasText: applicationNo }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Welcome Back!' }).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname.startsWith(JOURNEY)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'resume-link-opened.png'), fullPage: true });
    await context.close();
  });
});
