import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../../src/server/app.ts';
import { testConfig } from '../../../src/server/config.ts';

/*
 * Issue 17: a plan whose pricing cannot be loaded (a copied basis still naming the plan it
 * came from) made every quote fail with 'Failed to calculate quote details.', and the route
 * swallowed why. The visitor's answer stays as it was; the reason is logged with the request.
 */

const REASON = 'pricing-basis.json of T99 is for T64';

// One plan as the route reads it (a copy whose basis is another plan's): the route reads only
// its config before pricing, so the test does not depend on the plans under schemas/.
const PLAN = { config: { uin: '143N999V99', productId: 'T99', planCode: 'T99', calculator: 'termLife' } };

vi.mock('../../../src/server/plans/serverPlans.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/server/plans/serverPlans.ts')>()),
  serverPlans: () => new Map([[PLAN.config.productId, PLAN]]),
}));

/** Whether the plan's pricing sources load (then the request's own fields are what is refused). */
const pricing = vi.hoisted(() => ({ loads: false }));

vi.mock('../../../src/server/api/quotes/pricingSources.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/server/api/quotes/pricingSources.ts')>()),
  pricingFor: () => {
    if (pricing.loads) return { calculator: {}, basis: {}, tables: {} };
    throw new Error(REASON);
  },
}));

describe('the quote route refusing a quote', () => {
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  let app: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    app = await build({
      config: testConfig(),
      staticRoot: '/nonexistent',
      logger: { level: 'warn', stream },
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const quote = async () => {
    const token = await app.inject({
      method: 'POST',
      url: '/buyonlineoauth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${testConfig().publicClientId}`,
    });
    expect(token.statusCode, token.body).toBe(200);
    return app.inject({
      method: 'POST',
      url: '/proposal_service/v1/quotes',
      headers: { authorization: `Bearer ${token.json().access_token as string}` },
      payload: {
        LifeAssuredDetail: { FirstName: 'Ramesh', Gender: 'Male', DOB: '1985-04-12' },
        PlanSectionDetails: { ProductUIN: PLAN.config.uin },
      },
    });
  };

  it('answers the visitor as before and logs the reason with the request', async () => {
    const plan = PLAN;
    const res = await quote();
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Failed to calculate quote details.');
    expect(res.body).not.toContain(REASON);
    const logged = logs.find((entry) => String(entry.msg).startsWith('quote refused'));
    expect(logged).toMatchObject({
      level: 50,
      msg: `quote refused: plan ${plan.config.productId} cannot be priced`,
      productId: plan.config.productId,
      calculator: plan.config.calculator,
      err: { message: REASON },
    });
    // The request's logger: the entry carries the request's id.
    expect(logged?.reqId).toBeDefined();
  }, 30_000);

  it('logs the reason of a request it refuses, the answer carrying the same message', async () => {
    pricing.loads = true;
    logs.length = 0;
    const res = await quote();
    expect(res.statusCode).toBe(400);
    const message = (res.json() as { message: string }).message;
    expect(message).toBeTruthy();
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 40, msg: `quote refused: ${message}`, productId: 'T99' }),
    );
  }, 30_000);
});
