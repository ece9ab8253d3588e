import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilityFor } from './leadTestKit.ts';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

const ADMIN_OUTBOX = '/buyonlineoauth/admin/outbox';

describe.each(DATABASES)('outbox listing for operations ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
    for (const stageApiName of ['Lead', 'Quote', 'Pay Later']) {
      const res = await api.post(
        '/buyonlineoauth/service/crmTermUpdateLead',
        { applicationNumber: 'AB12345678', stageApiName },
        { capability: capabilityFor(api, 'AB12345678') },
      );
      expect(res.statusCode).toBe(200);
    }
    await api.post('/buyonlineoauth/leads/create', {
      firstname: 'Ravi',
      mobilenumber: '9876543210',
      productname: 'T54',
    });
    await api.app.db.query(
      "UPDATE outbox SET status = 'failed', attempts = 12, last_error = 'HTTP 500' WHERE topic = 'basic'",
    );
  }, 60_000);
  afterAll(() => api.close());

  it('refuses a journey token (403) and no token (401)', async () => {
    const journey = await api.get(`${ADMIN_OUTBOX}?status=pending`);
    expect(journey.statusCode).toBe(403);
    expect(journey.json()).toMatchObject({
      status: 'Failed',
      message: 'This call is not available to this client.',
    });
    expect((await api.get(ADMIN_OUTBOX, { token: null })).statusCode).toBe(401);
  });

  it('lists pending rows, newest first, as plain JSON for a service token', async () => {
    const res = await api.get(`${ADMIN_OUTBOX}?status=pending&limit=50`, {
      token: await api.token('service'),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(
      items.map((item) => (item.payload as { payload: { stageApiName: string } }).payload.stageApiName),
    ).toEqual(['Pay Later', 'Quote', 'Lead']);
    for (const item of items) {
      expect(item).toMatchObject({
        topic: 'stage-report',
        status: 'pending',
        attempts: 0,
        lastError: null,
        deliveredAt: null,
      });
      expect(item.id).toMatch(/^\d+$/);
      expect(item.recordId).toMatch(/^\d+$/);
    }
  });

  it('filters by status and topic, and limits', async () => {
    const token = await api.token('service');
    const failed = await api.get(`${ADMIN_OUTBOX}?status=failed`, { token });
    expect(failed.json().items).toHaveLength(1);
    expect(failed.json().items[0]).toMatchObject({
      topic: 'basic',
      status: 'failed',
      attempts: 12,
      lastError: 'HTTP 500',
    });
    expect(
      (await api.get(`${ADMIN_OUTBOX}?topic=stage-report&limit=2`, { token })).json().items,
    ).toHaveLength(2);
    expect((await api.get(ADMIN_OUTBOX, { token })).json().items).toHaveLength(4);
  });

  it('rejects an unknown status and a bad limit with 400', async () => {
    const token = await api.token('service');
    const status = await api.get(`${ADMIN_OUTBOX}?status=lost`, { token });
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toEqual([{ field: 'status', message: 'Please enter valid status.' }]);
    expect((await api.get(`${ADMIN_OUTBOX}?limit=0`, { token })).statusCode).toBe(400);
  });
});
