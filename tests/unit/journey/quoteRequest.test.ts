import { describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { initialApplicationState, type ApplicationState } from '../../../engine/state/applicationState.ts';
import { formatValue } from '../../../src/journey/formatValue.ts';
import { buildQuoteRequest, lifeAssured, quoteInputsKey } from '../../../src/journey/quote/quoteRequest.ts';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';

const common = commonDocuments(readCommonDocuments());
const t54 = buildPlan(readPlanFiles('T54'), common, compilingValidators);
const t64 = buildPlan(readPlanFiles('T64'), common, compilingValidators);

const holder = {
  fullName: 'Ramesh Kumar Sharma',
  dateOfBirth: '1980-01-15',
  gender: 'Male',
  buyFor: 'Myself',
};
const spouse = { fullName: 'Sita Sharma', dateOfBirth: '1984-03-02', gender: 'Female', isSmoker: 'N' };

function state(patch: Partial<ApplicationState>): ApplicationState {
  return { ...initialApplicationState(), ...patch };
}

describe('the quote request from plan data (plan.json quote)', () => {
  it('prices the holder buying for themselves, the insured when buying for someone else', () => {
    expect(lifeAssured(state({ basicDetails: { policyHolder: holder, insuredPerson: spouse } }))).toBe(
      holder,
    );
    const forSpouse = state({
      basicDetails: { policyHolder: { ...holder, buyFor: 'Spouse' }, insuredPerson: spouse },
    });
    expect(lifeAssured(forSpouse)).toBe(spouse);
    const organisation = state({
      basicDetails: { policyHolder: { ...holder, proposalType: 'Organisation' }, insuredPerson: spouse },
    });
    expect(lifeAssured(organisation)).toBe(spouse);
  });

  it("fills PlanSectionDetails from the plan's pointers, amounts without grouping, smoker from the life", () => {
    const request = buildQuoteRequest(
      state({
        basicDetails: { policyHolder: { ...holder, smoking: 'Y' }, insuredPerson: {} },
        planDetails: {
          isFilled: false,
          sumAssured: '1,00,00,000',
          policyTerm: 30,
          premiumPayingTerm: 'Regular',
          investmentFrequency: 'Monthly',
          deathBenefitOption: 'T64LS',
        },
      }),
      t64.config,
      '2026-11-24',
    );
    expect(request.PlanSectionDetails).toMatchObject({
      ProductUIN: t64.config.uin,
      SumAssured: 10000000,
      PolicyTerm: 30,
      PremiumPayingTerm: 'Regular',
      PremiumFrequency: 'Monthly',
      DeathBenefitOption: 'T64LS',
      ProposalStartDate: '2026-11-24',
      IsStaff: false,
    });
    expect(request.LifeAssuredDetail).toMatchObject({ FirstName: 'Ramesh', IsSmoker: true, Gender: 'Male' });
    expect(request).not.toHaveProperty('SecondaryLifeAssuredDetail');
  });

  it('adds the second life only while the plan says (a joint category), and the staff answer once complete', () => {
    const joint = state({
      basicDetails: {
        policyHolder: { ...holder, buyFor: 'Joint Life' },
        insuredPerson: { ...spouse, relation: 'Wife' },
      },
      planDetails: { isFilled: false, category: 'Joint', investmentAmount: '50,000' },
      personalDetails: {
        primary: { indiaFirstStaff: { status: 'Y', employeer: 'Bank of Baroda', employeeCode: '000' } },
      },
    });
    const request = buildQuoteRequest(joint, t54.config, '2026-11-24');
    expect(request.SecondaryLifeAssuredDetail).toMatchObject({ FirstName: 'Sita', Relationship: 'Wife' });
    expect(request.PlanSectionDetails).toMatchObject({
      AnnuityFor: 'Joint',
      InstallmentPremiumAmount: 50000,
      IsStaff: false,
    });
    const staff = {
      ...joint,
      personalDetails: {
        primary: { indiaFirstStaff: { status: 'Y', employeer: 'Bank of Baroda', employeeCode: '4512' } },
      },
    };
    expect(buildQuoteRequest(staff, t54.config, '2026-11-24').PlanSectionDetails).toMatchObject({
      IsStaff: true,
      Employer: 'Bank of Baroda',
      EmployeeCode: '4512',
    });
    expect(quoteInputsKey(staff, t54.config)).not.toBe(quoteInputsKey(joint, t54.config));
    const single = { ...joint, planDetails: { ...joint.planDetails, category: 'Single' } };
    expect(buildQuoteRequest(single, t54.config, '2026-11-24')).not.toHaveProperty(
      'SecondaryLifeAssuredDetail',
    );
  });
});

describe('review and quote values as the visitor reads them', () => {
  it('formats by the plan data', () => {
    expect(formatValue('2,00,000', 'rupees')).toBe('₹ 2,00,000');
    expect(formatValue(-4062, 'rupees')).toBe('-₹ 4,062');
    expect(formatValue(10, 'years')).toBe('10 Years');
    expect(formatValue(66, 'age')).toBe('Age 66');
    expect(formatValue('1970-05-10', 'date')).toBe('10/05/1970');
    expect(formatValue('9876543210', 'mobile', { plan: t54, countryCode: '91' })).toBe('+91 9876543210');
    expect(
      formatValue('T54C', 'option', {
        plan: t54,
        options: { step: 'plan-details', field: 'planDetails/planOption' },
      }),
    ).toBe('Life Annuity with return of purchase price on death');
    expect(formatValue(undefined, 'rupees')).toBe('');
  });
});

describe('requestQuote keeps one quote per set of inputs', () => {
  it('asks once for the same inputs, and keeps no answer for inputs changed meanwhile', async () => {
    const { createApplicationStore } = await import('../../../engine/state/applicationStore.ts');
    const { requestQuote } = await import('../../../src/journey/quote/requestQuote.ts');
    let next = 0;
    const api = {
      post: async () => {
        next += 1;
        const quoteNumber = `Q${next}`;
        return { status: '200', data: { quoteNumber, quotePlanSectionDetails: { quoteNumber } } };
      },
      get: () => Promise.reject(new Error('unused')),
      download: () => Promise.reject(new Error('unused')),
    } as never;
    const store = createApplicationStore({ key: 'race' });
    store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
    store.dispatch({
      type: 'setAt',
      pointer: '/planDetails',
      value: {
        isFilled: false,
        investmentAmount: '50,000',
        investmentFrequency: 'Yearly',
        category: 'Single',
      },
    });
    const now = new Date('2026-11-24T10:00:00Z');
    const [first, second] = await Promise.all([
      requestQuote(t54, store, api, now),
      requestQuote(t54, store, api, now),
    ]);
    expect(first.quoteNumber).toBe('Q1');
    expect(second.quoteNumber).toBe('Q1');
    // Asked at once for the same inputs, the second joins the first: one call (issue 21).
    expect(next).toBe(1);
    expect(store.getState().planDetails.quoteNumber).toBe('Q1');

    store.dispatch({ type: 'setAt', pointer: '/planDetails/investmentAmount', value: '60,000' });
    const pending = requestQuote(t54, store, api, now);
    // The visitor types on while that quote is on its way: its answer is for inputs gone.
    store.dispatch({ type: 'setAt', pointer: '/planDetails/investmentAmount', value: '70,000' });
    expect((await pending).quoteNumber).toBe('Q2');
    expect(store.getState().planDetails.quoteNumber).toBe('Q1');
  });
});
