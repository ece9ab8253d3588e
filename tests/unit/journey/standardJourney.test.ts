import { describe, expect, it } from 'vitest';
import { StepFailure } from '../../../engine/plan/adapter.ts';
import { createApplicationStore } from '../../../engine/state/applicationStore.ts';
import { ApiFailure } from '../../../src/api/apiClient.ts';
import { createStandardAdapter } from '../../../src/journey/standardAdapter.ts';
import { stepNeeded } from '../../../src/journey/stepNeeds.ts';
import { fakeApi } from '../app/resume/fakeApi.ts';
import { precompiledPlan } from '../../../tools/lib/precompiledPlans.ts';
import { memoryStorage } from '../support/memoryStorage.ts';
import { testServices } from '../support/journeyServices.ts';

/** The standard journey's declared submits (plan.json `submit`), on T54's data, against a fake API. */

const plan = await precompiledPlan('T54');

const holder = {
  fullName: 'Ramesh Kumar Sharma',
  dateOfBirth: '1970-05-10',
  countryCode: '91',
  mobileNumber: '9876543210',
  emailId: 'ramesh@example.com',
  gender: 'Male',
  disclamer1: true,
};

function journey(handlers: Parameters<typeof fakeApi>[0]) {
  const { api, calls } = fakeApi(handlers);
  const local = memoryStorage();
  const adapter = createStandardAdapter(
    plan,
    testServices({ api, local, now: () => new Date('2026-11-24T10:00:00Z') }),
  );
  const store = createApplicationStore({ key: 'test' });
  const submit = (stepId: string, search = '') =>
    adapter.onStepSubmit!({ stepId, plan, store, search: new URLSearchParams(search) });
  return { adapter, store, calls, local, submit };
}

describe('the standard journey', () => {
  it('creates the application with its lead, campaign and Lead report in one call on basic details', async () => {
    const { store, calls, local, submit } = journey({
      '/buyonlineoauth/applications/create': () => ({
        status: '200',
        applicationNo: '6123456789',
        capability: 'cap',
        version: 1,
        leadId: 'L-1001',
      }),
    });
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
    await submit('basic-details', 'utm_source=google&utm_campaign=pension');
    // One call after the token: the lead, campaign update and stage report ride on it.
    expect(calls.map((call) => call.path)).toEqual(['/buyonlineoauth/applications/create']);
    expect(calls[0]!.body).toMatchObject({
      recordLead: true,
      stageReport: 'Lead',
      utm_source: 'google',
      utm_campaign: 'pension',
      productId: 'T54',
      basicDetails: { policyHolder: { firstname: 'Ramesh', lastname: 'Sharma', utm_campaign: 'pension' } },
    });
    expect(store.getState()).toMatchObject({
      applicationNumber: '6123456789',
      capability: 'cap',
      version: 1,
    });
    expect(store.getState().basicDetails.policyHolder).toMatchObject({
      firstname: 'Ramesh',
      lastname: 'Sharma',
      leadId: 'L-1001',
    });
    expect(local.getItem('previousApplicationNumber:T54')).toBe('6123456789');
  });

  it('refuses to go on when the server answers no lead with the application', async () => {
    const { store, submit } = journey({
      '/buyonlineoauth/applications/create': () => ({
        status: '200',
        applicationNo: '6123456789',
        capability: 'cap',
        version: 1,
      }),
    });
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
    await expect(submit('basic-details')).rejects.toEqual(
      new StepFailure('Sorry we couldn’t process your details, please try again'),
    );
    expect(store.getState().applicationNumber).toBeFalsy();
  });

  it('updates the same application when basic details are submitted again, keeping choices that fit', async () => {
    const { store, calls, submit } = journey({
      '/buyonlineoauth/stages/basic-details': () => ({ status: '200', version: 5 }),
    });
    store.dispatch({
      type: 'setAt',
      pointer: '/basicDetails/policyHolder',
      value: { ...holder, fullName: 'Ramesh Sharma' },
    });
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
    store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 4 } });
    const planDetails = {
      isFilled: true,
      investmentAmount: '2,00,000',
      investmentFrequency: 'Yearly',
      premiumPayingTerm: 10,
      annuityFrequency: 'Yearly',
      category: 'Single',
      planOption: 'T54C',
    };
    store.dispatch({ type: 'setAt', pointer: '/planDetails', value: planDetails });
    // The review's unticked terms are no plan choice: nothing to report about them.
    store.dispatch({ type: 'setAt', pointer: '/reviewDetails', value: { termsAccepted: false } });
    const outcome = await submit('basic-details');
    expect(outcome, JSON.stringify(outcome)).toBeUndefined();
    expect(calls.map((call) => call.path)).toEqual(['/buyonlineoauth/stages/basic-details']);
    expect(calls[0]!.body).toMatchObject({ applicationNumber: '6123456789', version: 4, productId: 'T54' });
    expect(calls[0]!.options).toEqual({ capability: 'cap' });
    expect(store.getState()).toMatchObject({ applicationNumber: '6123456789', version: 5, planDetails });
  });

  it('resets a choice that no longer fits the edited details and says so', async () => {
    const { store, submit } = journey({
      '/buyonlineoauth/stages/basic-details': () => ({ status: '200', version: 5 }),
    });
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
    store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 4 } });
    store.dispatch({
      type: 'setAt',
      pointer: '/planDetails',
      value: {
        isFilled: true,
        investmentAmount: '2,00,000',
        investmentFrequency: 'Yearly',
        premiumPayingTerm: 42,
        annuityFrequency: 'Yearly',
        category: 'Single',
        planOption: 'T54C',
      },
    });
    const outcome = await submit('basic-details');
    expect(outcome).toEqual({ notice: expect.stringContaining('Premium Paying Term') as string });
    expect(store.getState().planDetails).not.toHaveProperty('premiumPayingTerm', 42);
    expect(store.getState().planDetails).toMatchObject({ planOption: 'T54C', investmentAmount: '2,00,000' });
  });

  it('drops a joint life the edited holder no longer fits, before the server sees it, and says so', async () => {
    const { store, calls, submit } = journey({
      '/buyonlineoauth/stages/basic-details': () => ({ status: '200', version: 5 }),
    });
    const yearsAgo = (years: number) => `${2026 - years}-01-10`;
    store.dispatch({
      type: 'setAt',
      pointer: '/basicDetails',
      value: {
        policyHolder: { ...holder, buyFor: 'Joint Life', dateOfBirth: yearsAgo(78) },
        insuredPerson: {
          relation: 'Wife',
          fullName: 'Sita Sharma',
          dateOfBirth: yearsAgo(58),
          gender: 'Female',
        },
      },
    });
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
    store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 4 } });
    const outcome = await submit('basic-details');
    expect(outcome).toEqual({ notice: expect.stringContaining('15 years difference') as string });
    expect((calls[0]!.body.basicDetails as Record<string, unknown>).insuredPerson).toEqual({});
    expect(store.getState().basicDetails.insuredPerson).toEqual({});
    expect(store.getState().version).toBe(5);
  });

  it("shows the server's words when it refuses an edit", async () => {
    const { store, submit } = journey({
      '/buyonlineoauth/stages/basic-details': () => {
        throw new ApiFailure('Age Difference should be of 15 years', 400, [
          {
            field: 'basicDetails.insuredPerson.dateOfBirth',
            message: 'Age Difference should be of 15 years',
          },
        ]);
      },
    });
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
    store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 4 } });
    await expect(submit('basic-details')).rejects.toEqual(
      new StepFailure('Age Difference should be of 15 years'),
    );
  });

  it('saves the plan-details stage with its quote and reports Quote', async () => {
    const quote = {
      quoteNumber: 'Q123',
      componentCode: 'T54C',
      sumAssured: 0,
      annualPremium: 200000,
      basePremiumAmount: 200000,
      gstAmount: 0,
      installmentPremiumWithTaxFY: 200000,
      headline: 'Get ₹ 1,71,746 a year',
    };
    const { store, calls, submit, adapter } = journey({
      '/proposal_service/v1/quotes': () => ({
        status: '200',
        data: { quoteNumber: 'Q123', quotePlanSectionDetails: quote },
      }),
      '/buyonlineoauth/stages/plan-details': () => ({ status: '200', version: 3 }),
      '/buyonlineoauth/service/crmTermUpdateLead': () => ({}),
    });
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
    store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 2 } });
    store.dispatch({
      type: 'setAt',
      pointer: '/planDetails',
      value: {
        isFilled: false,
        investmentAmount: '2,00,000',
        investmentFrequency: 'Yearly',
        premiumPayingTerm: 10,
        annuityFrequency: 'Yearly',
        category: 'Single',
        planOption: 'T54C',
      },
    });
    await submit('plan-details');
    expect(calls.map((call) => call.path)).toEqual([
      '/proposal_service/v1/quotes',
      '/buyonlineoauth/stages/plan-details',
      '/buyonlineoauth/service/crmTermUpdateLead',
    ]);
    const request = calls[0]!.body as {
      PlanSectionDetails: Record<string, unknown>;
      LifeAssuredDetail: Record<string, unknown>;
    };
    expect(request.PlanSectionDetails).toMatchObject({
      ProductUIN: '143N066V04',
      InstallmentPremiumAmount: 200000,
      PremiumFrequency: 'Yearly',
      PremiumPayingTerm: 10,
      AnnuityOption: 'T54C',
      AnnuityFor: 'Single',
      ProposalStartDate: '2026-11-24',
    });
    expect(request.LifeAssuredDetail).toMatchObject({
      FirstName: 'Ramesh',
      LastName: 'Sharma',
      DOB: '1970-05-10',
    });
    expect(calls[1]!.body).toMatchObject({
      planDetails: { componentCode: 'T54C', annaulPremiumAmt: 200000, quoteNumber: 'Q123', isFilled: true },
    });
    expect(calls[2]!.body).toEqual({ applicationNumber: '6123456789', stageApiName: 'Quote' });
    expect(store.getState()).toMatchObject({ version: 3, userStage: 'plan-details' });
    // The step shows once what it needs is there (FormGate): its label needs the quote request's code.
    await stepNeeded(plan.steps['plan-details']!).load();
    expect(adapter.submitLabel!('plan-details', store.getState())).toBe('Next · Get ₹ 1,71,746 a year');
  });

  it("prices an organisation's annuitant, never its incorporation date", async () => {
    const { store, calls, submit } = journey({
      '/proposal_service/v1/quotes': () => ({
        status: '200',
        data: { quoteNumber: 'Q1', quotePlanSectionDetails: { quoteNumber: 'Q1' } },
      }),
      '/buyonlineoauth/stages/plan-details': () => ({ status: '200', version: 3 }),
      '/buyonlineoauth/service/crmTermUpdateLead': () => ({}),
    });
    store.dispatch({
      type: 'setAt',
      pointer: '/basicDetails',
      value: {
        policyHolder: {
          ...holder,
          proposalType: 'Organisation',
          fullName: 'Sharma Traders',
          dateOfBirth: '2015-01-01',
        },
        insuredPerson: { fullName: 'Ramesh Sharma', dateOfBirth: '1968-02-02', gender: 'Male' },
      },
    });
    store.dispatch({ type: 'saveApplicationNumber', applicationNumber: '6123456789' });
    store.dispatch({ type: 'updateMapping', data: { capability: 'cap', version: 2 } });
    store.dispatch({
      type: 'setAt',
      pointer: '/planDetails',
      value: {
        investmentAmount: '50,000',
        investmentFrequency: 'Yearly',
        premiumPayingTerm: 5,
        annuityFrequency: 'Yearly',
        category: 'Single',
        planOption: 'T54A',
      },
    });
    await submit('plan-details');
    const request = calls[0]!.body as {
      LifeAssuredDetail: Record<string, unknown>;
      ProposerDetail: Record<string, unknown>;
    };
    expect(request.LifeAssuredDetail).toMatchObject({ DOB: '1968-02-02', FirstName: 'Ramesh' });
    expect(request.ProposerDetail).toMatchObject({ DOB: '2015-01-01' });
  });
});
