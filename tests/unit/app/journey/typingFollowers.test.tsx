// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journey } from '../../../../src/app/journey/Journey.tsx';
import { buildPlan, commonDocuments } from '../../../../engine/plan/buildPlan.ts';
import { dataMappingKey } from '../../../../engine/state/applicationStore.ts';
import { compilingValidators } from '../../../../engine/validation/createFormValidator.ts';
import type { ApiClient } from '../../../../src/api/apiClient.ts';
import { JourneyServicesContext } from '../../../../src/journey/JourneyServices.ts';
import { createStandardAdapter } from '../../../../src/journey/standardAdapter.ts';
import { readCommonDocuments, readPlanFiles } from '../../../../src/plans/nodePlanSource.ts';
import { TYPING_PAUSE_MS } from '../../../../widgets/useFieldDraft.ts';
import { memoryStorage } from '../../support/memoryStorage.ts';
import { testServices } from '../../support/journeyServices.ts';

/*
 * What follows the step's data keeps following it although a keystroke touches only its field:
 * on T54's plan details, the live quote and the Next button's annuity ('Next · Get ₹ … a year')
 * follow an amount typed there once the keys pause, and a quote is asked for the amount typed,
 * not for every key of it.
 */

// The plan registry gathers every plan's files through Vite's build-time glob, which the unit
// project does not run; the journey needs of it only where a plan's journey lives.
vi.mock('../../../../src/app/planRegistry.ts', () => ({
  journeyBase: (plan: { routes: { pathBase: string; slug: string } }) =>
    `${plan.routes.pathBase}${plan.routes.slug}/`,
}));

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);

/** A quote server whose annuity is a tenth of the amount invested, so a figure shows which amount it priced. */
function quoteServer() {
  const amounts: number[] = [];
  const post = vi.fn(async (path: string, body: unknown) => {
    if (path !== '/proposal_service/v1/quotes') throw new Error(`no call to ${path} in this test`);
    const section = (body as { PlanSectionDetails: { InstallmentPremiumAmount?: unknown } })
      .PlanSectionDetails;
    const amount = Number(section.InstallmentPremiumAmount);
    amounts.push(amount);
    const annuity = (amount / 10).toLocaleString('en-IN');
    return {
      status: '200',
      data: {
        quoteNumber: `Q${amounts.length}`,
        quotePlanSectionDetails: {
          quoteNumber: `Q${amounts.length}`,
          headline: `Get ₹ ${annuity} a year`,
          youGet: [
            { id: 'annuity', label: 'Pension', value: amount / 10, format: 'rupees', suffix: 'a year' },
          ],
          youPay: [{ id: 'premium', label: 'Premium', value: amount, format: 'rupees' }],
        },
      },
    };
  });
  const api = {
    post,
    get: () => Promise.reject(new Error('no call')),
    download: () => Promise.reject(new Error('no call')),
  } as unknown as ApiClient;
  return { api, amounts };
}

function openPlanDetails() {
  const { api, amounts } = quoteServer();
  const session = memoryStorage({
    [dataMappingKey(plan.config.productId)]: JSON.stringify({
      applicationNumber: 'A1001',
      capability: 'cap',
      version: 1,
      basicDetails: {
        policyHolder: {
          proposalType: 'Individual',
          fullName: 'Ramesh Kumar Sharma',
          dateOfBirth: '1970-01-15',
          countryCode: '91',
          mobileNumber: '9876543210',
          emailId: 'ramesh.sharma@gmail.com',
          gender: 'Male',
          buyFor: 'Myself',
        },
      },
    }),
  });
  const services = testServices({ api, session });
  window.history.replaceState(
    null,
    '',
    `${plan.config.routes.pathBase}${plan.config.routes.slug}/plan-details`,
  );
  // The journey scrolls to the top of each screen it shows; jsdom draws nothing to scroll.
  window.scrollTo = () => undefined;
  render(
    <JourneyServicesContext.Provider value={services}>
      <Journey plan={plan} adapter={createStandardAdapter(plan, services)} />
    </JourneyServicesContext.Provider>,
  );
  return { amounts };
}

const nextButton = () => screen.getByRole('button', { name: /^Next/ });
const quotePanel = () => document.querySelector('.bf-quote')!;

describe('typing an amount on plan details', () => {
  it('the live quote and the Next button follow the amount typed, once the keys pause', async () => {
    const { amounts } = openPlanDetails();
    // The step's panels and quote code load as it opens (a busy machine may take a while).
    const amount = (await screen.findByLabelText(/Investment Amount/, undefined, {
      timeout: 10_000,
    })) as HTMLInputElement;
    // The first quote, for the step's default amount (50,000).
    await waitFor(() => expect(nextButton().textContent).toBe('Next · Get ₹ 5,000 a year'), {
      timeout: 3000,
    });
    expect(quotePanel().textContent).toContain('5,000');

    amount.focus();
    fireEvent.input(amount, { target: { value: '' } });
    for (const key of '250000') fireEvent.input(amount, { target: { value: amount.value + key } });
    expect(amount.value).toBe('2,50,000');
    // Nothing has been handed over yet: the button still shows the quote on screen.
    expect(nextButton().textContent).toBe('Next · Get ₹ 5,000 a year');

    await act(() => new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS)));
    // The quote on screen is for another amount now: the button drops its annuity until the new one comes.
    expect(nextButton().textContent).toBe('Next');
    await waitFor(() => expect(nextButton().textContent).toBe('Next · Get ₹ 25,000 a year'), {
      timeout: 3000,
    });
    expect(quotePanel().textContent).toContain('25,000');
    expect(quotePanel().textContent).toContain('2,50,000');
    // One quote for the first amount and one for the amount typed: none for the keys on the way.
    expect(amounts).toEqual([50000, 250000]);
  }, 30_000);
});
