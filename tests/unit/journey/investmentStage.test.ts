import { describe, expect, it } from 'vitest';
import { createApplicationStore } from '../../../engine/state/applicationStore.ts';
import { createStandardAdapter } from '../../../src/journey/standardAdapter.ts';
import { fakeApi } from '../app/resume/fakeApi.ts';
import { precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';
import { testServices } from '../support/journeyServices.ts';

/*
 * A plan whose quote waits for a later step (U30: plan details, then the investment
 * strategy): plan details are saved without figures, the investment-details stage carries
 * the plan details with their quote alongside its own section, and a plan-details save after
 * a change never carries the old quote's figures as if they priced the new details.
 */

const plan = await precompiledPlan('U30');

const holder = {
  nameTitle: 'Mr',
  fullName: 'Anil Kumar Verma',
  dateOfBirth: '1990-04-12',
  mobileNumber: '9812345670',
  emailId: 'anil.verma@gmail.com',
  gender: 'Male',
  buyFor: 'Myself',
};

const quote = {
  quoteNumber: 'Q777',
  componentCode: 'U30SR',
  sumAssured: 500000,
  annualPremium: 50000,
  basePremiumAmount: 50000,
  gstAmount: 0,
  installmentPremiumWithTaxFY: 50000,
  headline: 'Pay ₹ 50,000 a year',
};

function journey() {
  const { api, calls } = fakeApi({
    '/proposal_service/v1/quotes': () => ({
      status: '200',
      data: { quoteNumber: 'Q777', quotePlanSectionDetails: quote },
    }),
    '/buyonlineoauth/stages/plan-details': () => ({ status: '200', version: 3 }),
    '/buyonlineoauth/stages/investment-details': () => ({ status: '200', version: 4 }),
    '/buyonlineoauth/service/crmTermUpdateLead': () => ({}),
  });
  const adapter = createStandardAdapter(
    plan,
    testServices({ api, now: () => new Date('2026-11-24T10:00:00Z') }),
  );
  const store = createApplicationStore({ key: 'test' });
  store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
  store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
  store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 2 } });
  store.dispatch({
    type: 'setAt',
    pointer: '/planDetails',
    value: {
      investmentAmount: '50,000',
      investmentFrequency: 'Yearly',
      premiumPayingTerm: 'Regular',
      policyTerm: 15,
    },
  });
  const submit = (stepId: string) =>
    adapter.onStepSubmit!({ stepId, plan, store, search: new URLSearchParams() });
  return { store, calls, submit };
}

describe('the investment-details stage', () => {
  it('saves plan details without figures, then the strategy with the quoted plan details alongside', async () => {
    const { store, calls, submit } = journey();
    await submit('plan-details');
    expect(calls.map((call) => call.path)).toEqual(['/buyonlineoauth/stages/plan-details']);
    const planSave = calls[0]!.body as { planDetails: Record<string, unknown> };
    expect(planSave.planDetails).toMatchObject({
      isFilled: true,
      planCode: 'U30',
      investmentAmount: '50,000',
    });
    expect(planSave.planDetails).not.toHaveProperty('quoteNumber');
    expect(planSave.planDetails).not.toHaveProperty('annualPremium');

    const strategy = {
      strategy: 'definedAllocation',
      funds: { definedFunds: ['equity1', 'value', 'indexTracker', 'liquid1'] },
    };
    store.dispatch({ type: 'setAt', pointer: '/investmentStratergies', value: strategy });
    await submit('investment-details');
    expect(calls.map((call) => call.path).slice(1)).toEqual([
      '/proposal_service/v1/quotes',
      '/buyonlineoauth/stages/investment-details',
      '/buyonlineoauth/service/crmTermUpdateLead',
    ]);
    const request = calls[1]!.body as { PlanSectionDetails: Record<string, unknown> };
    expect(request.PlanSectionDetails).toMatchObject({
      InvestmentStrategy: 'definedAllocation',
      FundChoice: strategy.funds,
    });
    expect(calls[2]!.body).toMatchObject({
      investmentStratergies: strategy,
      planDetails: { quoteNumber: 'Q777', annualPremium: 50000, totalPremiumAmount: 50000, isFilled: true },
    });
    expect(store.getState()).toMatchObject({ version: 4, userStage: 'investment-details' });
  });

  it('never saves an old quote’s figures with plan details changed since', async () => {
    const { store, calls, submit } = journey();
    store.dispatch({ type: 'setAt', pointer: '/investmentStratergies', value: { strategy: 'ageBased' } });
    await submit('investment-details');
    expect((calls.at(-2)!.body as { planDetails: Record<string, unknown> }).planDetails).toHaveProperty(
      'quoteNumber',
      'Q777',
    );
    // Back on plan details, the visitor doubles the amount and goes on.
    store.dispatch({ type: 'setAt', pointer: '/planDetails/investmentAmount', value: '1,00,000' });
    await submit('plan-details');
    const saved = (calls.at(-1)!.body as { planDetails: Record<string, unknown> }).planDetails;
    expect(saved).toMatchObject({ investmentAmount: '1,00,000', isFilled: true });
    expect(saved).not.toHaveProperty('quoteNumber');
    expect(saved).not.toHaveProperty('annualPremium');
    expect(saved).not.toHaveProperty('response');
  });
});
