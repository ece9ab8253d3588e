import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_API, DESK_COOKIE } from '../../../src/server/desk/deskAuth.ts';
import { addStaff } from '../../../src/server/desk/staffStore.ts';
import { createOutboxDispatcher } from '../../../src/server/outbox/createOutboxDispatcher.ts';
import { enqueue } from '../../../src/server/outbox/enqueue.ts';
import { createBody, type CreatedApplication } from '../api/applicationsFixtures.ts';
import { startWebhook, type Webhook } from '../api/leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * Issue 20, the desk's leads and outbox: the newest leads with the delivery state of each
 * one's outbox message as the dispatcher leaves it (delivered, failed for good, or pending
 * with its attempts and last error), and the outbox counted by state and topic.
 */
const LEADS = `${DESK_API}/leads`;
const OUTBOX = `${DESK_API}/outbox`;

interface Lead {
  id: string;
  kind: string;
  leadId: string | null;
  productId: string | null;
  planName: string | null;
  applicationNumber: string | null;
  createdAt: string;
  delivery: { state: string; attempts: number; lastError: string | null; deliveredAt: string | null };
}

interface Counts {
  pending: number;
  delivered: number;
  failed: number;
}

describe.each(DATABASES)('the desk’s leads and outbox ($name)', (kind) => {
  let api: TestApi;
  let cookie: string;
  let webhook: Webhook;
  let created: CreatedApplication;

  const dispatch = (maxAttempts: number) =>
    createOutboxDispatcher({
      db: api.app.db,
      webhookUrl: webhook.url,
      batchSize: 50,
      maxAttempts,
      timeoutMs: 2_000,
      intervalMs: 1_000,
      // Just after the rows were written (the database stamps them with its own clock).
      now: () => new Date(Date.now() + 1_000),
    }).dispatchOnce();
  const bookNow = (body: Record<string, unknown> = {}, capability?: string) =>
    api.post(
      '/buyonlineoauth/callbacks',
      { fullName: 'Sita Devi', mobileNumber: '9876501234', gender: 'Female', mode: 'now', ...body },
      { capability },
    );

  beforeAll(async () => {
    api = await createTestApi(kind);
    webhook = await startWebhook();
    await addStaff(api.app.db, {
      email: 'leads@insurer.example',
      name: 'Leads',
      password: 'a desk password!',
    });
    const signIn = await api.app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-in`,
      payload: { email: 'leads@insurer.example', password: 'a desk password!' },
    });
    cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect(cookie.startsWith(`${DESK_COOKIE}=`)).toBe(true);

    // An application created with its basic-details lead and 'Lead' stage report; the webhook takes them.
    const create = await api.post(
      '/buyonlineoauth/applications/create',
      createBody({}, { leadId: '', recordLead: true, stageReport: 'Lead' }),
    );
    expect(create.statusCode, create.body).toBe(200);
    created = api.open<CreatedApplication>(create);
    expect(await dispatch(12)).toMatchObject({ failed: 0, retried: 0 });

    // A call-back for it, which the webhook refuses until the dispatcher gives up (one attempt here).
    expect((await bookNow({ applicationNumber: created.applicationNo }, created.capability)).statusCode).toBe(
      200,
    );
    webhook.respond = () => 503;
    expect(await dispatch(1)).toEqual({ claimed: 1, delivered: 0, retried: 0, failed: 1 });

    // Another, refused once and due again later: pending.
    expect((await bookNow()).statusCode).toBe(200);
    webhook.respond = () => 500;
    expect(await dispatch(12)).toEqual({ claimed: 1, delivered: 0, retried: 1, failed: 0 });

    // A third, not tried yet.
    expect((await bookNow()).statusCode).toBe(200);

    // A message of another topic whose record id is the basic lead's number (a consent's id):
    // not that lead's delivery.
    const basic = await api.app.db.query<{ id: string }>(
      "SELECT id::text AS id FROM leads WHERE kind = 'basic'",
    );
    await enqueue(api.app.db, { topic: 'consent', recordId: basic.rows[0]!.id, payload: {} });
  }, 60_000);
  afterAll(async () => {
    await webhook?.close();
    await api?.close();
  });

  const desk = (url: string, headers: Record<string, string> = { cookie }) =>
    api.app.inject({ method: 'GET', url, headers });

  it('lists the newest leads first, each with its plan and its message’s delivery', async () => {
    const res = await desk(LEADS);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: Lead[] }).items;
    expect(items.map((item) => [item.kind, item.delivery.state])).toEqual([
      ['callback', 'pending'],
      ['callback', 'pending'],
      ['callback', 'failed'],
      ['stage-report', 'delivered'],
      ['basic', 'delivered'],
    ]);
    const [untried, retrying, failed, report, basic] = items as [Lead, Lead, Lead, Lead, Lead];
    expect(untried.delivery).toEqual({ state: 'pending', attempts: 0, lastError: null, deliveredAt: null });
    expect(retrying.delivery).toEqual({
      state: 'pending',
      attempts: 1,
      lastError: 'HTTP 500: webhook is down',
      deliveredAt: null,
    });
    expect(failed).toMatchObject({
      kind: 'callback',
      applicationNumber: created.applicationNo,
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      delivery: { state: 'failed', attempts: 1, lastError: 'HTTP 503: webhook is down', deliveredAt: null },
    });
    expect(failed.leadId).toMatch(/\S/);
    expect(report).toMatchObject({
      applicationNumber: created.applicationNo,
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      leadId: null,
      delivery: { state: 'delivered', attempts: 1, lastError: null },
    });
    expect(basic).toMatchObject({
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      applicationNumber: null,
    });
    expect(basic.leadId).toMatch(/\S/);
    for (const delivered of [report, basic]) {
      expect(Date.parse(delivered.delivery.deliveredAt!)).toBeGreaterThanOrEqual(
        Date.parse(delivered.createdAt),
      );
    }
    // Nothing personal beyond what identifies the lead: no mobile, no payload.
    expect(res.body).not.toContain('9876501234');
    expect(res.body).not.toContain('Sita');

    const two = await desk(`${LEADS}?limit=2`);
    expect((two.json() as { items: Lead[] }).items.map((item) => item.id)).toEqual([untried.id, retrying.id]);
    const refused = await desk(`${LEADS}?limit=0`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please enter valid limit.');
  });

  it('counts the outbox by state and topic', async () => {
    const res = await desk(OUTBOX);
    expect(res.statusCode, res.body).toBe(200);
    const { counts, byTopic } = res.json() as { counts: Counts; byTopic: (Counts & { topic: string })[] };
    expect(byTopic).toEqual([
      { topic: 'basic', pending: 0, delivered: 1, failed: 0 },
      { topic: 'callback', pending: 2, delivered: 0, failed: 1 },
      { topic: 'consent', pending: 1, delivered: 0, failed: 0 },
      { topic: 'stage-report', pending: 0, delivered: 1, failed: 0 },
    ]);
    expect(counts).toEqual({ pending: 3, delivered: 2, failed: 1 });
  });

  it('is closed to a visitor’s token and to no session', async () => {
    const tries: Record<string, string>[] = [{ authorization: `Bearer ${await api.token()}` }, {}];
    for (const headers of tries) {
      for (const url of [LEADS, OUTBOX]) {
        const res = await desk(url, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Please sign in to the desk.');
      }
    }
  });
});
