import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, DATABASES, type TestApi } from './testApp.ts';

// Lead ids drawn from a script instead of at random, to force a collision.
const draws = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock('../../../src/server/leads/newLeadId.ts', () => ({
  newLeadId: () => draws.queue.shift() ?? 'LD9999999999',
}));

describe.each(DATABASES)('lead id collisions ($name)', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  }, 60_000);
  afterAll(() => api.close());

  const create = () =>
    api.post('/buyonlineoauth/service/createSamparkLeadApi', {
      command: 'leadpush',
      data: [{ first_name: 'Ravi', phone: '9876543210' }],
    });

  it('draws again when a lead id is taken, inside the same transaction', async () => {
    draws.queue.push('LD0000000001', 'LD0000000001', 'LD0000000001', 'LD0000000002');
    expect(api.open<{ leadId: string }>(await create()).leadId).toBe('LD0000000001');
    expect(api.open<{ leadId: string }>(await create()).leadId).toBe('LD0000000002');
    const { rows } = await api.app.db.query('SELECT count(*)::int AS n FROM outbox');
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('gives up with a server fault (no stack) when every draw is taken', async () => {
    api.app.log.level = 'silent';
    draws.queue.push(...Array(5).fill('LD0000000001'));
    const res = await create();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 'Failed' });
    expect(res.body).not.toContain('at ');
    const { rows } = await api.app.db.query('SELECT count(*)::int AS n FROM leads');
    expect(rows[0]).toEqual({ n: 2 });
  });
});
