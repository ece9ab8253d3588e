import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/Db.ts';
import { createPostgresDb } from '../../../src/server/db/postgresDb.ts';
import { recordPush } from '../../../src/server/leads/recordLead.ts';
import {
  createOutboxDispatcher,
  type OutboxDispatcherOptions,
} from '../../../src/server/outbox/createOutboxDispatcher.ts';
import { claimDue, markDelivered } from '../../../src/server/outbox/outboxStore.ts';
import { capabilityFor, outboxFor, startWebhook, type Webhook } from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

describe.each(DATABASES)('outbox dispatcher ($name)', (kind) => {
  let api: TestApi;
  let webhook: Webhook;
  let clock: Date;
  /** A moment just after the rows were written (the database stamps them with its own clock). */
  let start: Date;

  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 60_000);
  afterAll(() => api.close());
  afterEach(async () => {
    await webhook?.close();
    // Each test starts from an empty outbox.
    await api.app.db.query('DELETE FROM outbox');
  });

  const dispatcher = (overrides: Partial<OutboxDispatcherOptions> = {}) =>
    createOutboxDispatcher({
      db: api.app.db,
      webhookUrl: webhook.url,
      batchSize: 10,
      maxAttempts: 12,
      timeoutMs: 2_000,
      intervalMs: 1_000,
      now: () => clock,
      random: () => 1,
      ...overrides,
    });
  const push = (mobile = '9876543210') =>
    recordPush(api.app.db, {
      kind: 'crm',
      withLeadId: true,
      mobile,
      payload: { Eterm_CRM_Lead_Req: { mobile } },
    });
  const begin = async () => {
    // Each test starts from an empty outbox: rows an earlier test left pending (a retry
    // scheduled a few seconds on) must not become due in the middle of a later one.
    await api.app.db.query('DELETE FROM outbox');
    webhook = await startWebhook();
    start = new Date(Date.now() + 1_000);
    clock = start;
  };

  it('delivers a pending row as JSON with topic and idempotency headers, once', async () => {
    await begin();
    const lead = await push();
    const [row] = await outboxFor(api, lead.id);

    expect(await dispatcher().dispatchOnce()).toEqual({ claimed: 1, delivered: 1, retried: 0, failed: 0 });
    expect(webhook.received).toHaveLength(1);
    const delivery = webhook.received[0]!;
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-bimaflow-topic']).toBe('crm');
    expect(delivery.headers['x-idempotency-key']).toBe(`outbox-${row!.id}`);
    expect(delivery.headers['x-bimaflow-signature']).toBeUndefined();
    expect(delivery.json).toMatchObject({
      id: `outbox-${row!.id}`,
      topic: 'crm',
      recordId: lead.id,
      attempt: 1,
      payload: { id: lead.id, leadId: lead.leadId, kind: 'crm', mobile: '9876543210' },
    });

    const [delivered] = await outboxFor(api, lead.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(new Date(delivered!.delivered_at!).toISOString()).toBe(start.toISOString());
    expect(await dispatcher().dispatchOnce()).toMatchObject({ claimed: 0 });
    expect(webhook.received).toHaveLength(1);
  });

  it('signs the body when a webhook secret is configured', async () => {
    await begin();
    await push();
    await dispatcher({ webhookSecret: 'shh' }).dispatchOnce();
    const delivery = webhook.received[0]!;
    const expected = createHmac('sha256', 'shh').update(delivery.body).digest('hex');
    expect(delivery.headers['x-bimaflow-signature']).toBe(`sha256=${expected}`);
  });

  it('retries after a 500 with exponential backoff, then delivers with the same idempotency key', async () => {
    await begin();
    const lead = await push();
    webhook.respond = () => 500;
    const d = dispatcher();

    expect(await d.dispatchOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await outboxFor(api, lead.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'HTTP 500: webhook is down' });
    // random() = 1 gives the top of the jitter range: 5 s after the first failure.
    expect(new Date(row!.next_attempt_at).getTime() - start.getTime()).toBe(5_000);

    clock = new Date(start.getTime() + 4_999);
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 0 });

    clock = new Date(start.getTime() + 5_000);
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 1, retried: 1 });
    [row] = await outboxFor(api, lead.id);
    expect(new Date(row!.next_attempt_at).getTime() - clock.getTime()).toBe(10_000);

    clock = new Date(clock.getTime() + 10_000);
    webhook.respond = () => 204;
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    [row] = await outboxFor(api, lead.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_error: null });
    const keys = webhook.received.map((delivery) => delivery.headers['x-idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([`outbox-${row!.id}`]));
    expect(webhook.received.map((delivery) => delivery.json.attempt)).toEqual([1, 2, 3]);
  });

  it('marks a row failed after the maximum attempts and leaves it alone afterwards', async () => {
    await begin();
    const lead = await push();
    webhook.respond = () => 503;
    const d = dispatcher({ maxAttempts: 3 });
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(await d.dispatchOnce());
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    }
    expect(results.map((r) => [r.retried, r.failed])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    const [row] = await outboxFor(api, lead.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'HTTP 503: webhook is down' });
    expect(await d.dispatchOnce()).toMatchObject({ claimed: 0 });
    expect(webhook.received).toHaveLength(3);
  });

  it('counts a webhook that does not answer in time, or is not there, as a failed attempt', async () => {
    await begin();
    const slow = await push('9000000001');
    webhook.respond = () => 'hang';
    expect(await dispatcher({ timeoutMs: 200 }).dispatchOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect((await outboxFor(api, slow.id))[0]!.last_error).toMatch(/TimeoutError/);

    const gone = await push('9000000002');
    const closedUrl = webhook.url;
    await webhook.close();
    expect(await dispatcher({ webhookUrl: closedUrl }).dispatchOnce()).toMatchObject({
      claimed: 1,
      retried: 1,
    });
    expect((await outboxFor(api, gone.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('does nothing without a webhook: rows stay pending and visible', async () => {
    await begin();
    const lead = await push();
    expect(await dispatcher({ webhookUrl: undefined }).dispatchOnce()).toEqual({
      claimed: 0,
      delivered: 0,
      retried: 0,
      failed: 0,
    });
    expect((await outboxFor(api, lead.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('fences a stale claimer: a row re-claimed by another dispatcher is not marked by the first', async () => {
    await begin();
    const lead = await push();
    const lease = (at: Date) => ({ now: at, leaseUntil: new Date(at.getTime() + 1_000), limit: 5 });
    const [first] = await claimDue(api.app.db, lease(start));
    expect(await claimDue(api.app.db, lease(start))).toHaveLength(0); // leased
    const [second] = await claimDue(api.app.db, lease(new Date(start.getTime() + 1_000))); // lease over
    expect(second).toMatchObject({ id: first!.id, attempts: 2 });
    expect(await markDelivered(api.app.db, first!, start)).toBe(false);
    expect(await markDelivered(api.app.db, second!, start)).toBe(true);
    expect((await outboxFor(api, lead.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('never delivers a row twice with two dispatchers running at once on separate connections', async () => {
    await begin();
    const rows = 40;
    for (let i = 0; i < rows; i++) await push(`90000000${String(i).padStart(2, '0')}`);
    webhook.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 5));
    // Two instances: on PostgreSQL each gets its own pool, as two servers would.
    const otherDb: Db =
      kind.name === 'postgres'
        ? await createPostgresDb(api.config.databaseUrl!, { schema: api.config.databaseSchema })
        : api.app.db;
    try {
      const a = dispatcher({ batchSize: 3 });
      const b = dispatcher({ batchSize: 3, db: otherDb });
      const drain = async (d: typeof a) => {
        let claimed = 0;
        for (;;) {
          const result = await d.dispatchOnce();
          if (result.claimed === 0) return claimed;
          claimed += result.claimed;
        }
      };
      const [byA, byB] = await Promise.all([drain(a), drain(b)]);
      expect(byA + byB).toBe(rows);
      if (kind.name === 'postgres') expect(Math.min(byA, byB)).toBeGreaterThan(0);
      const keys = webhook.received.map((delivery) => String(delivery.headers['x-idempotency-key']));
      expect(keys).toHaveLength(rows);
      expect(new Set(keys).size).toBe(rows);
      const { rows: left } = await api.app.db.query("SELECT id FROM outbox WHERE status <> 'delivered'");
      expect(left).toHaveLength(0);
    } finally {
      if (otherDb !== api.app.db) await otherDb.close();
    }
  });
});

describe.each(DATABASES)('outbox dispatcher inside the app ($name)', (kind) => {
  it('starts when the app is ready, delivers what the API records, and stops on close', async () => {
    const webhook = await startWebhook();
    const api = await createTestApi(kind, {
      outboxDispatch: true,
      outboxWebhookUrl: webhook.url,
      outboxIntervalMs: 20,
    });
    try {
      const res = await api.post(
        '/buyonlineoauth/service/crmTermUpdateLead',
        { applicationNumber: 'AB12345678', stageApiName: 'Quote' },
        { capability: capabilityFor(api, 'AB12345678') },
      );
      expect(res.statusCode).toBe(200);
      await expect.poll(() => webhook.received.length, { timeout: 5_000 }).toBe(1);
      expect(webhook.received[0]!.headers['x-bimaflow-topic']).toBe('stage-report');
      expect(webhook.received[0]!.json.payload).toMatchObject({
        kind: 'stage-report',
        payload: { applicationNumber: 'AB12345678', stageApiName: 'Quote' },
      });
    } finally {
      await api.close();
      await webhook.close();
    }
  }, 60_000);
});
