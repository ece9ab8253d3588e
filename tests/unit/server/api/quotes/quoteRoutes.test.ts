import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../../../../src/server/app.ts';
import { testConfig } from '../../../../../src/server/config.ts';

/*
 * Issue 17: a plan whose pricing cannot be loaded (a copied basis still naming the plan it
 * came from) made every quote fail with 'Failed to calculate quote details.', and the route
 * swallowed why. The visitor's answer stays as it was; the reason is logged with the request,
 * at error: no quote of the plan can be priced until it is fixed. A quote refused for the
 * visitor's input or the plan's rules is an answer, not a fault: its reason is logged at info,
 * without a stack.
 */

/** pino's levels. */
const INFO = 30;
const ERROR = 50;

const REASON = 'pricing-basis.json of T99 is for T64';

// One plan as the route reads it (a copy whose basis is another plan's): the route reads only
// its config before pricing, so the test does not depend on the plans under schemas/.
const PLAN = { config: { uin: '143N999V99', productId: 'T99', planCode: 'T99', calculator: 'termLife' } };

vi.mock('../../../../../src/server/plans/serverPlans.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../../src/server/plans/serverPlans.ts')>()),
  serverPlans: () => new Map([[PLAN.config.productId, PLAN]]),
}));

/** Whether the plan's pricing sources load (then the request's own fields are what is refused). */
const pricing = vi.hoisted(() => ({ loads: false }));

vi.mock('../../../../../src/server/api/quotes/pricingSources.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../../src/server/api/quotes/pricingSources.ts')>()),
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
      logger: { level: 'info', stream },
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
      level: ERROR,
      msg: `quote refused: plan ${plan.config.productId} cannot be priced`,
      productId: plan.config.productId,
      calculator: plan.config.calculator,
      err: { message: REASON },
    });
    // The request's logger: the entry carries the request's id.
    expect(logged?.reqId).toBeDefined();
  }, 30_000);

  it('logs the reason of a request it refuses at info, without a stack, the answer carrying the same message', async () => {
    pricing.loads = true;
    logs.length = 0;
    const res = await quote();
    expect(res.statusCode).toBe(400);
    const { message, errors } = res.json() as { message: string; errors: unknown[] };
    expect(message).toBeTruthy();
    const refused = logs.filter((entry) => String(entry.msg).startsWith('quote refused'));
    expect(refused).toEqual([
      expect.objectContaining({ level: INFO, msg: `quote refused: ${message}`, productId: 'T99', errors }),
    ]);
    expect(refused[0]).not.toHaveProperty('err');
    expect(JSON.stringify(refused[0])).not.toContain('    at ');
  }, 30_000);
});
