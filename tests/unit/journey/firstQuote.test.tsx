// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { createApplicationStore, type ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import type { ApiClient } from '../../../src/api/apiClient.ts';
import { JourneyServicesContext } from '../../../src/journey/JourneyServices.ts';
import { useQuote } from '../../../src/journey/quote/useQuote.ts';
import { requestQuote } from '../../../src/journey/quote/requestQuote.ts';
import { createStandardAdapter } from '../../../src/journey/standardAdapter.ts';
import { loadQuoteCalls } from '../../../src/journey/laterParts.ts';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { testServices } from '../support/journeyServices.ts';

/*
 * Issue 21: Continue → quote in one round trip. The quote of a step that opens with valid
 * inputs is asked for at once (nothing was typed, nothing to wait for); while the visitor
 * types, it waits for the pause as before.
 */

const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);
const PLAN_DETAILS = {
  investmentAmount: '50,000',
  investmentFrequency: 'Yearly',
  premiumPayingTerm: 5,
  annuityFrequency: 'Yearly',
  category: 'Single',
  planOption: 'T54A',
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Probe({ store }: { store: ApplicationStore }) {
  useQuote(plan, store, 400);
  return null;
}

/** An application with valid quote inputs, and an API whose answers never come (it counts requests). */
function application(key: string) {
  const asked: string[] = [];
  const api: ApiClient = {
    post: (path) => {
      asked.push(path);
      return new Promise(() => undefined);
    },
    get: () => new Promise(() => undefined),
    download: () => new Promise(() => undefined),
  };
  const store = createApplicationStore({ key });
  store.dispatch({
    type: 'setAt',
    pointer: '/basicDetails/policyHolder',
    value: { fullName: 'Asha Rani', dateOfBirth: '1966-01-15', gender: 'Female', buyFor: 'Myself' },
  });
  store.dispatch({ type: 'setAt', pointer: '/planDetails', value: PLAN_DETAILS });
  return { store, api, asked };
}

/** The quote panel's hook on that application. */
function renderProbe(store: ApplicationStore, api: ApiClient) {
  render(
    <JourneyServicesContext.Provider value={testServices({ api })}>
      <Probe store={store} />
    </JourneyServicesContext.Provider>,
  );
}

function setup() {
  const { store, api, asked } = application('first-quote-test');
  renderProbe(store, api);
  return { store, asked };
}

describe('the first quote of a step', () => {
  it('leaves at once when the step opens valid, then waits for the typing pause', async () => {
    const { store, asked } = setup();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(asked).toHaveLength(1);
    act(() =>
      store.dispatch({
        type: 'setAt',
        pointer: '/planDetails',
        value: { ...PLAN_DETAILS, investmentAmount: '60,000' },
      }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(399);
    });
    expect(asked).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(asked).toHaveLength(2);
  });

  it('is asked for as the step opens, and the panel asking for the same inputs joins that request', async () => {
    const { store, api, asked } = application('opening-quote-test');
    const adapter = createStandardAdapter(plan, testServices({ api }));
    const context = { stepId: 'basic-details', plan, store, search: new URLSearchParams() };
    // A step that shows no quote asks for none.
    expect(adapter.onStepOpening!(context, 'additional-details')).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([]);
    // With the quote's code here (the later parts bring it), the request starts in the same
    // task, before anything is drawn, and the journey is told so (it lets the request leave
    // before it draws the step).
    await loadQuoteCalls();
    expect(adapter.onStepOpening!(context, 'plan-details')).toBe(true);
    expect(asked).toEqual(['/proposal_service/v1/quotes']);
    // The panel's own first request for the same inputs, while that one answers: no second call.
    const joined = requestQuote(plan, store, api, new Date());
    renderProbe(store, api);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(asked).toHaveLength(1);
    expect(joined).toBeInstanceOf(Promise);
    // Other inputs are another request.
    store.dispatch({
      type: 'setAt',
      pointer: '/planDetails',
      value: { ...PLAN_DETAILS, investmentAmount: '60,000' },
    });
    void requestQuote(plan, store, api, new Date());
    expect(asked).toHaveLength(2);
  });
});
