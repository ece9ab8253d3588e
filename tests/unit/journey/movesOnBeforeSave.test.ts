import { describe, expect, it } from 'vitest';
import { createApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import { createStandardAdapter } from '../../../src/journey/standardAdapter.ts';
import { loadQuoteRequest, loadSubmit } from '../../../src/journey/laterParts.ts';
import { quoteInputsKey } from '../../../src/journey/quote/quoteRequest.ts';
import { fakeApi } from '../app/resume/fakeApi.ts';
import { precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';
import { testServices } from '../support/journeyServices.ts';

/*
 * Issue 21: which submits the journey may move on from before they answer (Journey.tsx shows
 * the next step at once). A stage save whose quote is for what is on screen, whose next step
 * writes none of the sections it sends and writes back; not one that must ask a quote first,
 * not creating the application, not payment, not before the submit code is in.
 */

const t54 = await precompiledPlan('T54');
const u30 = await precompiledPlan('U30');

const holder = {
  fullName: 'Asha Rani Iyer',
  dateOfBirth: '1974-03-02',
  mobileNumber: '9876501234',
  emailId: 'asha.iyer@example.com',
  gender: 'Female',
  buyFor: 'Myself',
};

function journey(plan: LoadedPlan) {
  const { api } = fakeApi({});
  const adapter = createStandardAdapter(plan, testServices({ api }));
  const store = createApplicationStore({ key: 'test' });
  store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
  store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
  store.dispatch({
    type: 'setAt',
    pointer: '/planDetails',
    value: { investmentAmount: '2,00,000', investmentFrequency: 'Yearly', premiumPayingTerm: 10 },
  });
  const quoted = () =>
    store.dispatch({
      type: 'setAt',
      pointer: '/planDetails',
      value: {
        ...store.getState().planDetails,
        response: { headline: 'Get ₹ 1,75,997 a year' },
        quotedFor: quoteInputsKey(store.getState(), plan.config),
      },
    });
  const movesOn = (stepId: string, next: string) =>
    adapter.movesOnBeforeSubmitEnds!({ stepId, plan, store, search: new URLSearchParams() }, next);
  return { store, quoted, movesOn };
}

describe('moving on before a save answers', () => {
  it('waits for the submit code, then moves on from a quoted stage save', async () => {
    const { quoted, movesOn } = journey(t54);
    await loadQuoteRequest();
    quoted();
    // The submit code is not in yet in this file's first test: the journey waits for the save.
    expect(movesOn('plan-details', 'additional-details')).toBe(false);
    await loadSubmit();
    expect(movesOn('plan-details', 'additional-details')).toBe(true);
  });

  it('waits when the stored quote is not for what is on screen (the save asks one first)', async () => {
    await Promise.all([loadQuoteRequest(), loadSubmit()]);
    const { store, quoted, movesOn } = journey(t54);
    expect(movesOn('plan-details', 'additional-details')).toBe(false);
    quoted();
    expect(movesOn('plan-details', 'additional-details')).toBe(true);
    store.dispatch({ type: 'setAt', pointer: '/planDetails/investmentAmount', value: '3,00,000' });
    expect(movesOn('plan-details', 'additional-details')).toBe(false);
  });

  it('never for creating the application or paying', async () => {
    await Promise.all([loadQuoteRequest(), loadSubmit()]);
    const { quoted, movesOn } = journey(t54);
    quoted();
    expect(movesOn('basic-details', 'plan-details')).toBe(false);
    expect(movesOn('make-payment', 'review-details')).toBe(false);
    expect(movesOn('review-details', 'make-payment')).toBe(false);
  });

  it('waits when the next step writes a section the save writes back', async () => {
    await Promise.all([loadQuoteRequest(), loadSubmit()]);
    const { quoted, movesOn } = journey(u30);
    quoted();
    // U30's plan details save planDetails; investment details write investmentStratergies.
    expect(movesOn('plan-details', 'investment-details')).toBe(true);
    // A step writing planDetails after it (as the plan's own plan-details step does) would be overwritten.
    expect(movesOn('plan-details', 'plan-details')).toBe(false);
  });
});
