import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_KEY_HEADER, CHAT_MESSAGES_PATH } from '../../src/shared/chatApi.ts';
import { indiaToday } from '../../src/server/api/applications/policyDates.ts';
import { DEFAULT_ENVELOPE_PASSWORD } from '../../src/server/config.ts';
import { journeyOf } from '../../src/server/desk/deskFunnel.ts';
import { planFor } from '../../src/server/plans/serverPlans.ts';
import { CAPABILITY_HEADER } from '../../src/server/plugins/authenticate.ts';
import { createNodeEnvelope } from '../../src/shared/envelope/nodeEnvelope.ts';
import { createBody, HOLDER_DOB } from '../integration/api/applicationsFixtures.ts';
import { quoteBody, QUOTES } from '../integration/api/quotesFixtures.ts';
import { expectAccessible } from './axe.ts';
import { launchBrowser, PHONE, REPO_ROOT, SCREENSHOTS, startServer, type RunningServer } from './harness.ts';

/*
 * Issue 20, the operations desk in real Chromium on a phone: its door (a visitor's token, a
 * wrong password, an eleventh quick try), a call-back booked through the visitor's API shown in
 * its slot with its context and marked done, a visitor's chat answered, the funnel of visits
 * posted to the analytics route as a chart and a table, leads and the outbox; axe on each.
 */
const STAFF = { email: 'asha.rao@insurer.example', name: 'Asha Rao', password: 'a long desk password' };
const WRONG = 'The e-mail or password is not right.';
const TOO_MANY = 'Too many sign-in attempts. Please try again after some time.';
const SIGN_IN_AGAIN = 'Please sign in to the desk.';

let server: RunningServer;
let browser: Browser;
let dataDir: string;
const envelope = createNodeEnvelope(DEFAULT_ENVELOPE_PASSWORD);
const tomorrow = () =>
  new Date(Date.parse(`${indiaToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // The staff account is made as an administrator would, with the npm script, in the database
  // the server then opens.
  dataDir = mkdtempSync(join(tmpdir(), 'bimaflow-e2e-desk-'));
  const made = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tools/deskStaff.ts', '--email', STAFF.email, '--name', STAFF.name],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DESK_PASSWORD: STAFF.password },
      encoding: 'utf8',
    },
  );
  expect(made.status, made.stderr).toBe(0);
  // One proxy hop trusted, so the test of the eleventh try speaks from an address of its own.
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function visitorToken(): Promise<string> {
  const answer = await fetch(`${server.baseUrl}/buyonlineoauth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=bimaflow-web',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function visitorCall(
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function opened<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  return envelope.open(((await response.json()) as { response: string }).response) as T;
}

/** Fills and sends the sign-in form; resolves with the status the server answered. */
async function signIn(page: Page, email: string, password: string): Promise<number> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/desk/api/sign-in')),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  return answer.status();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('the operations desk', () => {
  it('refuses a visitor’s token', async () => {
    const answer = await visitorCall('/desk/api/me', await visitorToken());
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { message: string }).message).toBe(SIGN_IN_AGAIN);
  });

  it('is a bundle of its own: its pages, its assets cached for good, none of it in the visitor’s page', async () => {
    const page = await fetch(`${server.baseUrl}/desk/funnel`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /src="(\/desk\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const visitorPage = await (
      await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })
    ).text();
    expect(visitorPage).not.toContain('/desk/');
    const unknownApi = await fetch(`${server.baseUrl}/desk/api/nothing`, {
      headers: { accept: 'text/html' },
    });
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.headers.get('content-type')).toContain('application/json');
  });

  it('signs staff in, lists call-backs by slot, answers a chat, shows the funnel and the leads', async () => {
    // A visitor with an application and a quote books a call now and one for tomorrow's 1-3 PM.
    const token = await visitorToken();
    const created = await opened<{ applicationNo: string; capability: string }>(
      await visitorCall('/buyonlineoauth/applications/create', token, createBody()),
    );
    const capability = { [CAPABILITY_HEADER]: created.capability };
    const quote = await visitorCall(
      QUOTES,
      token,
      quoteBody(
        { InstallmentPremiumAmount: 150000, AnnualPremiumAmount: 150000, AnnuityFor: 'Single' },
        { DOB: HOLDER_DOB },
        { ApplicationNumber: created.applicationNo },
      ),
      capability,
    );
    expect(quote.status).toBe(200);
    const { quoteNumber } = ((await quote.json()) as { data: { quoteNumber: string } }).data;
    const booking = {
      fullName: 'Ravi Kumar',
      mobileNumber: '9876543210',
      gender: 'Male',
      applicationNumber: created.applicationNo,
    };
    await opened(
      await visitorCall(
        '/buyonlineoauth/callbacks',
        token,
        { ...booking, mode: 'now', step: 'plan-details' },
        capability,
      ),
    );
    await opened(
      await visitorCall(
        '/buyonlineoauth/callbacks',
        token,
        { ...booking, mode: 'slot', date: tomorrow(), slotId: 3, step: 'additional-details' },
        capability,
      ),
    );

    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/desk/`);
    await page.getByRole('heading', { name: 'Operations desk' }).waitFor();
    await expectAccessible(page, 'desk sign-in');
    await shot(page, 'desk-sign-in');

    // A wrong password: the server's message, announced.
    expect(await signIn(page, STAFF.email, 'not the password')).toBe(401);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: WRONG }).count()).toBe(1);
    await expectAccessible(page, 'desk sign-in, wrong password');
    await shot(page, 'desk-sign-in-wrong');

    await signIn(page, STAFF.email, STAFF.password);
    await page.getByRole('heading', { name: 'Call-backs', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(`Signed in as ${STAFF.name}`);

    // Today: the call asked for now, under 'Book a Call Now', with its plan, step, application, quote.
    const nowGroup = page.getByRole('region', { name: /^Book a Call Now/ });
    const nowCard = nowGroup.getByRole('listitem').filter({ hasText: 'Ravi Kumar' });
    await nowCard.waitFor();
    const nowText = await nowCard.textContent();
    for (const fact of ['Guaranteed Pension Plan', 'plan-details', created.applicationNo, quoteNumber, '₹']) {
      expect(nowText).toContain(fact);
    }
    expect(await nowCard.getByRole('link', { name: '9876543210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    await expectAccessible(page, 'desk call-backs');
    await shot(page, 'desk-callbacks');

    // Tomorrow: the slot booking in its slot, marked done by the staff member signed in.
    await page.getByLabel('Date (India)').fill(tomorrow());
    const slotCard = page
      .getByRole('region', { name: /^1-3 PM/ })
      .getByRole('listitem')
      .filter({ hasText: 'Ravi Kumar' });
    await slotCard.waitFor();
    expect(await slotCard.textContent()).toContain('additional-details');
    expect(await page.getByRole('region', { name: /^Book a Call Now/ }).count()).toBe(0);
    await slotCard.getByRole('button', { name: 'Mark done' }).click();
    await expect.poll(() => slotCard.textContent()).toContain(`by ${STAFF.name}`);
    expect(await slotCard.getByRole('button', { name: 'Mark done' }).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'marked done' }).waitFor();
    await expectAccessible(page, 'desk call-backs, one done');
    await shot(page, 'desk-callbacks-done');

    // A visitor writes; the chat is listed as waiting, opened, answered; the visitor reads the answer.
    const sent = await opened<{ conversationKey: string }>(
      await visitorCall(CHAT_MESSAGES_PATH, token, {
        text: 'Can I pay the premium every month?',
        productId: 'T54',
        step: 'plan-details',
      }),
    );
    const chatKey = { [CHAT_KEY_HEADER]: sent.conversationKey };
    await page.getByRole('link', { name: 'Chats', exact: true }).click();
    await page.getByRole('heading', { name: 'Chats', level: 1 }).waitFor();
    const listed = page.getByRole('button', { name: /Guaranteed Pension Plan · plan-details/ });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Waiting for an answer');
    await listed.click();
    const messages = page.getByRole('log', { name: 'Messages' });
    await messages.getByText('Can I pay the premium every month?').waitFor();
    await page.getByLabel('Your answer').fill('Yes: choose Monthly as the premium frequency.');
    await page.getByRole('button', { name: 'Send' }).click();
    await messages.getByText(`Expert (${STAFF.name})`).waitFor();
    await expect.poll(() => listed.textContent()).not.toContain('Waiting for an answer');
    const polled = await opened<{ messages: { from: string; text: string }[] }>(
      await visitorCall(`${CHAT_MESSAGES_PATH}?after=0`, token, undefined, chatKey),
    );
    expect(polled.messages.map((message) => [message.from, message.text])).toEqual([
      ['visitor', 'Can I pay the premium every month?'],
      ['expert', 'Yes: choose Monthly as the premium frequency.'],
    ]);
    // The visitor's next message reaches the open thread with no click (read again every 3 s).
    await opened(await visitorCall(CHAT_MESSAGES_PATH, token, { text: 'Thank you, that helps.' }, chatKey));
    await messages.getByText('Thank you, that helps.').waitFor({ timeout: 10_000 });
    await expectAccessible(page, 'desk chats');
    await shot(page, 'desk-chats');
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByRole('status').filter({ hasText: 'The chat is closed.' }).waitFor();
    await page.getByText('No chat is open.').waitFor();

    // Four anonymous visits of T54: all enter the first step, three go on to the second.
    const [first, second] = journeyOf(planFor('T54')!).steps;
    const visit = async (index: number, events: Record<string, unknown>[]) => {
      const answer = await fetch(`${server.baseUrl}/buyonlineoauth/analytics/steps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          visitId: `desk-e2e-visit-${index}-abcdef`,
          events: events.map((event) => ({ productId: 'T54', ...event })),
        }),
      });
      expect(answer.status, await answer.text()).toBe(204);
    };
    const onward = (firstMs: number, secondMs: number, error: boolean) => [
      { step: first!.step, kind: 'enter' },
      { step: first!.step, kind: 'leave', ms: firstMs },
      { step: second!.step, kind: 'enter' },
      ...(error
        ? [{ step: second!.step, kind: 'error', field: 'planDetails/investmentAmount', errorKey: 'minimum' }]
        : []),
      { step: second!.step, kind: 'leave', ms: secondMs },
    ];
    await visit(1, onward(40_000, 50_000, true));
    await visit(2, onward(60_000, 65_000, true));
    await visit(3, onward(30_000, 90_000, false));
    await visit(4, [
      { step: first!.step, kind: 'enter' },
      { step: first!.step, kind: 'leave', ms: 20_000 },
    ]);

    await page.getByRole('link', { name: 'Funnel', exact: true }).click();
    await page.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Guaranteed Pension Plan: 4 visits/ }).waitFor();
    // The most visited plan of the period is the one shown first.
    expect(await page.getByLabel('Plan', { exact: true }).inputValue()).toBe('T54');
    const chart = page.getByRole('img', { name: /^Guaranteed Pension Plan: / });
    expect(await chart.getAttribute('aria-label')).toContain(`${first!.title}, 4 entered, 1 left here`);
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    const row = (title: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: title, exact: true }) })
        .getByRole('cell');
    expect(await row(first!.title).allTextContents()).toEqual(['4', '1 (25%)', '35 s', 'None']);
    expect(await row(second!.title).allTextContents()).toEqual([
      '3',
      '3 (100%)',
      '1 min 05 s',
      'planDetails_investmentAmount (minimum) × 2',
    ]);
    await expectAccessible(page, 'desk funnel');
    await shot(page, 'desk-funnel');
    await page.locator('figure').screenshot({ path: join(SCREENSHOTS, 'desk-funnel-chart.png') });

    // Leads: the call-backs' leads with their delivery, and the outbox by topic.
    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.getByRole('table', { name: /newest leads/ }).waitFor();
    expect(await page.getByRole('table', { name: /newest leads/ }).textContent()).toContain(
      created.applicationNo,
    );
    await page.getByRole('table', { name: /by topic/ }).waitFor();
    await expectAccessible(page, 'desk leads');
    await shot(page, 'desk-leads');

    // The session gone (here: its cookie), the next call brings the sign-in form back with the server's word.
    await context.clearCookies();
    await page.getByRole('link', { name: 'Call-backs', exact: true }).click();
    await page.getByText(SIGN_IN_AGAIN).waitFor();
    await page.getByLabel('Password').waitFor();

    // Sign out ends the session.
    await signIn(page, STAFF.email, STAFF.password);
    await page.getByRole('heading', { name: 'Call-backs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Password').waitFor();
    await page.reload();
    await page.getByLabel('Password').waitFor();
    await context.close();
  });

  it('shows the desktop layout of the funnel', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/desk/funnel`);
    await signIn(page, STAFF.email, STAFF.password);
    await page.getByRole('heading', { name: /^Guaranteed Pension Plan: 4 visits/ }).waitFor();
    await expectAccessible(page, 'desk funnel on a desktop');
    await shot(page, 'desk-funnel-desktop');
    await context.close();
  });

  it('refuses the eleventh quick sign-in from one address', async () => {
    const context: BrowserContext = await browser.newContext({
      ...PHONE,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.9' },
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/desk/`);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await signIn(page, 'someone@insurer.example', `guess number ${attempt}`)).toBe(401);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: WRONG }).count()).toBe(1);
    }
    expect(await signIn(page, 'someone@insurer.example', 'guess number 11')).toBe(429);
    await page.getByRole('alert').filter({ hasText: TOO_MANY }).waitFor();
    await expectAccessible(page, 'desk sign-in, too many tries');
    await shot(page, 'desk-sign-in-too-many');
    await context.close();
  });
});
