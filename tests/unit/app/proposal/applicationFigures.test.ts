import { describe, expect, it } from 'vitest';
import { initialApplicationState } from '../../../../engine/state/applicationState.ts';
import { applicationFigures } from '../../../../src/app/proposal/applicationFigures.ts';
import { formatRupees, parseRupees } from '../../../../src/shared/rupees.ts';
import { fillTemplate } from '../../../../src/app/proposal/fillTemplate.ts';

const planOptions = [{ code: 'T54C', name: 'Life Annuity with return of purchase price on death' }];

describe('application figures', () => {
  it("reads the numbers, the plan option's name and the quote's premium and annuity", () => {
    const state = {
      ...initialApplicationState(),
      applicationNumber: '6123456789',
      proposalNumber: 'T5412345678',
      planDetails: {
        isFilled: true,
        planOption: 'T54C',
        investmentFrequency: 'Yearly',
        annuityFrequency: 'Monthly',
        totalPremiumAmount: 99,
        response: {
          installmentPremiumWithTaxFY: 100000,
          premiumFrequency: 'Yearly',
          annuityInstallmentAmount: 4354,
          annuityFrequency: 'Monthly',
        },
      },
      paymentDetails: { status: 'success', mihpayid: '403993715531077182', amount: '100000.00' },
    };
    expect(applicationFigures(state, planOptions)).toEqual({
      quoteId: '6123456789',
      applicationNumber: 'T5412345678',
      planOption: 'Life Annuity with return of purchase price on death',
      premium: { amount: 100000, frequency: 'Yearly' },
      annuity: { amount: 4354, frequency: 'Monthly' },
      paymentId: '403993715531077182',
      amount: 100000,
    });
  });

  it('falls back to the section fields, and to the premium when the payment names no amount', () => {
    const state = {
      ...initialApplicationState(),
      applicationNumber: '6123456789',
      planDetails: {
        isFilled: true,
        planOption: 'T54Z',
        investmentFrequency: 'Monthly',
        response: { installmentPremiumWithTaxFY: 4350, annuityOption: 'Some option' },
      },
      paymentDetails: { payLater: true, status: 'failure' },
    };
    expect(applicationFigures(state, planOptions)).toEqual({
      quoteId: '6123456789',
      applicationNumber: undefined,
      planOption: 'Some option',
      premium: { amount: 4350, frequency: 'Monthly' },
      annuity: undefined,
      paymentId: undefined,
      amount: 4350,
    });
  });

  it('has nothing to show for an application without a quote', () => {
    expect(applicationFigures(initialApplicationState())).toMatchObject({
      premium: undefined,
      annuity: undefined,
      amount: undefined,
    });
  });
});

describe('rupees', () => {
  it('parses what the wire carries and formats with Indian grouping', () => {
    expect(parseRupees('1,00,000')).toBe(100000);
    expect(parseRupees('52950.00')).toBe(52950);
    expect(parseRupees(12345678)).toBe(12345678);
    expect(parseRupees('')).toBeUndefined();
    expect(parseRupees('abc')).toBeUndefined();
    expect(parseRupees(-1)).toBeUndefined();
    expect(parseRupees(null)).toBeUndefined();
    expect(formatRupees(12345678)).toBe('₹ 1,23,45,678');
    expect(formatRupees(52950.5)).toBe('₹ 52,950.50');
    expect(formatRupees(0)).toBe('₹ 0');
  });
});

describe('fillTemplate', () => {
  it('fills named places and leaves unknown ones as written', () => {
    expect(
      fillTemplate('Choose {resumeApplication} or {other}', { resumeApplication: 'Resume Application' }),
    ).toBe('Choose Resume Application or {other}');
  });
});
