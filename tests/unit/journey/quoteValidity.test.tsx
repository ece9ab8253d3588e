// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { createApplicationStore, type ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { JourneyServicesContext } from '../../../src/journey/JourneyServices.ts';
import { useQuote, type QuoteStatus } from '../../../src/journey/quote/useQuote.ts';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { testServices } from '../support/journeyServices.ts';

/*
 * The live quote derives the validity of its steps once per change of their data: typing in
 * a field the quote's steps do not hold neither re-validates them nor, unless it is an input
 * of the quote, re-renders what shows the quote.
 */

afterEach(cleanup);

const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);
const quoteStep = plan.steps['plan-details']!;

const services = testServices();

function Probe({ store, seen }: { store: ApplicationStore; seen: QuoteStatus[] }) {
  // A long pause, so no quote is asked for while the test types.
  seen.push(useQuote(plan, store, 60_000));
  return null;
}

function setup() {
  const store = createApplicationStore({ key: 'quote-test' });
  store.dispatch({
    type: 'setAt',
    pointer: '/basicDetails/policyHolder',
    value: { fullName: 'Asha Rani', dateOfBirth: '1966-01-15', gender: 'Female', buyFor: 'Myself' },
  });
  const seen: QuoteStatus[] = [];
  const validations = vi.spyOn(quoteStep.validator, 'validateFormData');
  render(
    <JourneyServicesContext.Provider value={services}>
      <Probe store={store} seen={seen} />
    </JourneyServicesContext.Provider>,
  );
  const type = (pointer: string, text: string) => {
    for (let end = 1; end <= text.length; end++)
      act(() => store.dispatch({ type: 'setAt', pointer, value: text.slice(0, end) }));
  };
  return { store, seen, validations, type };
}

describe("the live quote's validity", () => {
  it('is derived once per change of the data of the steps the quote reads', () => {
    const { store, seen, validations, type } = setup();
    expect(seen.at(-1)).toEqual({ kind: 'idle' });
    expect(validations).toHaveBeenCalledTimes(1);

    // Outside the quote's steps: no validation; a field the quote does not read re-renders nothing.
    const renders = seen.length;
    type('/personalDetails/primary/addressline1', '12 MG Road');
    expect(seen.length).toBe(renders);
    type('/basicDetails/policyHolder/fullName', 'Asha Devi');
    expect(validations).toHaveBeenCalledTimes(1);

    // The quote's own step: one validation per change of its data.
    for (const investmentAmount of ['6', '60', '6,00', '6,000', '60,000'])
      act(() =>
        store.dispatch({
          type: 'setAt',
          pointer: '/planDetails',
          value: {
            investmentAmount,
            investmentFrequency: 'Yearly',
            premiumPayingTerm: 5,
            annuityFrequency: 'Yearly',
            category: 'Single',
            planOption: 'T54A',
          },
        }),
      );
    expect(validations).toHaveBeenCalledTimes(6);
    expect(seen.at(-1)).toEqual({ kind: 'loading' });
  });
});
