import { describe, expect, it } from 'vitest';
import { journeyPages } from '../../../../../src/server/api/payments/paymentPlan.ts';
import { planFor } from '../../../../../src/server/plans/serverPlans.ts';

/** Where the gateway's answer sends the visitor back to (spec 01 §2, spec 02 §4.7). */
describe('journeyPages', () => {
  it('sends a failure back to make-payment as a path below a history-routed plan', () => {
    const pages = journeyPages(planFor('T54'));
    expect(pages.makePayment('T1')).toBe('/retirement-plans/guaranteed-pension-plan/make-payment?txnid=T1');
    expect(pages.paymentSuccess).toBe('/retirement-plans/guaranteed-pension-plan/proposal#/payment-success');
  });

  it("sends a failure back to the plan page's #/make-payment for a hash-routed plan, the txnid in its query", () => {
    const plan = planFor('T64')!;
    const base = `${plan.config.routes.pathBase}${plan.config.routes.slug}/`;
    expect(journeyPages(plan).makePayment('T 2')).toBe(`${base}?txnid=T%202#/make-payment`);
    expect(journeyPages(plan).paymentSuccess).toBe(`${plan.config.routes.proposalPage}#/payment-success`);
  });
});
