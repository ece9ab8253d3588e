// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { createApplicationStore } from '../../../engine/state/applicationStore.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { formatValue } from '../../../src/journey/formatValue.ts';
import { JourneyServicesContext } from '../../../src/journey/JourneyServices.ts';
import { ReviewPanel } from '../../../src/journey/panels/ReviewPanel.tsx';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { testServices } from '../support/journeyServices.ts';

/*
 * The review shows what was entered, as the visitor reads it: a list of funds picked with
 * checkboxes reads as their titles, one after another; a field left empty has no row (not a
 * dash), so a Self-Managed split shows only the funds it uses.
 */

afterEach(cleanup);

const plan = buildPlan(readPlanFiles('U30'), commonDocuments(readCommonDocuments()), compilingValidators);
const review = plan.steps['review-details']!;
const params = (review.definition.panels![0] as { params: Record<string, unknown> }).params;

const services = testServices();

const holder = {
  fullName: 'Anil Kumar Verma',
  dateOfBirth: '1990-04-12',
  gender: 'Male',
  mobileNumber: '9812345670',
  emailId: 'anil.verma@gmail.com',
  buyFor: 'Myself',
};

/** The review of U30 with these investment details: each section's rows as [label, value]. */
function reviewed(investmentStratergies: Record<string, unknown>) {
  const store = createApplicationStore({ key: 'review-test' });
  store.dispatch({ type: 'setAt', pointer: '/basicDetails/policyHolder', value: holder });
  store.dispatch({
    type: 'setAt',
    pointer: '/planDetails',
    value: { isFilled: true, investmentAmount: '50,000', investmentFrequency: 'Yearly', policyTerm: 15 },
  });
  store.dispatch({ type: 'setAt', pointer: '/investmentStratergies', value: investmentStratergies });
  render(
    <JourneyServicesContext.Provider value={services}>
      <ReviewPanel
        stepId="review-details"
        plan={plan}
        store={store}
        goTo={() => undefined}
        follow={() => false}
        params={params}
      />
    </JourneyServicesContext.Provider>,
  );
  const rowsOf = (title: string) => {
    const section = screen.getByRole('region', { name: title });
    return within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  };
  return rowsOf;
}

describe('formatValue of a list', () => {
  it('formats each value in the row’s format and joins them', () => {
    expect(formatValue([10, 20], 'percent')).toBe('10%, 20%');
    expect(formatValue(['a', 'b', 'c'])).toBe('a, b, c');
    expect(formatValue([], 'text')).toBe('');
  });

  it('takes an option list’s titles from the items of the array field', () => {
    expect(
      formatValue(['equity1', 'value', 'indexTracker', 'liquid1'], 'option', {
        plan,
        options: { step: 'investment-details', field: 'investmentStratergies/funds/definedFunds' },
      }),
    ).toBe('Equity 1, Value, Index Tracker, Liquid 1');
  });
});

describe('the review panel', () => {
  it('shows the funds Defined Allocation picked by their names', () => {
    const rowsOf = reviewed({
      strategy: 'definedAllocation',
      funds: { definedFunds: ['equity1', 'value', 'indexTracker', 'liquid1'] },
    });
    expect(rowsOf('Investment Details')).toEqual([
      ['Investment Strategy', 'Defined Allocation'],
      ['Funds', 'Equity 1, Value, Index Tracker, Liquid 1'],
    ]);
  });

  it('leaves out the rows of fields left empty; a Self-Managed split names only its funds, in the form’s order', () => {
    const rowsOf = reviewed({
      strategy: 'selfManaged',
      allocation: { equity1: 40, debt1: 30, pensionLiquid: 30 },
    });
    expect(rowsOf('Investment Details')).toEqual([
      ['Investment Strategy', 'Self-Managed'],
      ['Fund Split', 'Equity 1 40%, Debt 1 30%, Pension Liquid 30%'],
    ]);
    // No title, smoking habit, income or residential status was entered: no rows, and no dashes.
    const basic = rowsOf('Basic Details');
    expect(basic.map(([label]) => label)).toEqual([
      'Full Name',
      'Date of Birth',
      'Gender',
      'Mobile Number',
      'Email ID',
      'Buying for',
    ]);
    expect(screen.queryByText('—')).toBeNull();
  });

  it('shows no card for a section with nothing entered', () => {
    reviewed({});
    expect(screen.queryByRole('region', { name: 'Investment Details' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Basic Details' })).toBeTruthy();
  });
});
