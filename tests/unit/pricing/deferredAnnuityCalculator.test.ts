import { describe, expect, it } from 'vitest';
import { deferredAnnuity } from '../../../src/pricing/deferredAnnuityCalculator.ts';
import { quoteDeferredAnnuity } from '../../../src/pricing/deferredAnnuityPricing.ts';
import { basisValidator, inputErrorOf, inputValidator, life, request, tables } from './calculatorFixture.ts';
import { basis, mortality } from './deferredAnnuityFixture.ts';

/** The spec's sample through the interface: 55, 2,00,000 a year for 10 years, T54C, online. */
const samplePlan = {
  InstallmentPremiumAmount: 200000,
  PremiumFrequency: 'Yearly',
  PremiumPayingTerm: 10,
  AnnuityFrequency: 'Yearly',
  AnnuityOption: 'T54C',
  AnnuityFor: 'Single Life',
};
const sampleRequest = (plan: Record<string, unknown> = {}, online = true) =>
  request({ ...samplePlan, ...plan }, { life: life(55), online });

describe('deferredAnnuity (T54 on the Calculator interface)', () => {
  it('gives exactly quoteDeferredAnnuity’s figures', () => {
    for (const AnnuityOption of ['T54A', 'T54B', 'T54C', 'T54D', 'T54E']) {
      for (const [PremiumFrequency, InstallmentPremiumAmount] of [
        ['Yearly', 200000],
        ['Monthly', 17400],
      ] as const) {
        const priced = deferredAnnuity.price(
          sampleRequest({
            AnnuityOption,
            PremiumFrequency,
            InstallmentPremiumAmount,
            AnnuityFrequency: 'Monthly',
          }),
          basis,
          tables,
        );
        const direct = quoteDeferredAnnuity(
          {
            life: { age: 55, gender: 'Male' },
            installmentPremium: InstallmentPremiumAmount,
            premiumFrequency: PremiumFrequency,
            premiumPayingTerm: 10,
            annuityFrequency: 'Monthly',
            planOption: AnnuityOption,
            online: true,
            staff: false,
            proposalDate: '2026-01-15',
          },
          basis,
          mortality,
        );
        expect(priced.componentCode).toBe(direct.componentCode);
        expect(priced.premium).toEqual({
          installment: direct.installmentPremium,
          frequency: direct.premiumFrequency,
          annual: direct.annualPremium,
          base: direct.basePremiumAmount,
          gst: direct.gstAmount,
          gstFirstYearPercent: direct.gstFirstYearPercent,
          withTaxFY: direct.installmentPremiumWithTaxFY,
          premiumPayingTerm: 10,
          policyTerm: 10,
          totalPayable: direct.totalPremiumPayable,
        });
        for (const name of [
          'annuityInstallmentAmount',
          'annualAnnuity',
          'entryAge',
          'vestingAge',
          'firstPayoutAge',
          'deathBenefitOnVesting',
          'premiumPaidPerYear',
          'totalPremiumPayableWithTax',
          'annuityFrequency',
          'category',
        ] as const) {
          expect(priced.figures[name], name).toBe(direct[name]);
        }
        expect(priced.figures.annuityOption).toBe(direct.planOptionName);
        expect(priced.figures.bonusPercent).toBe(direct.explanation.bonusPercent);
        expect(priced.illustration.tables[0]!.rows).toEqual(direct.schedule);
        expect(priced.illustration.footnotes).toEqual(direct.footnotes);
      }
    }
  });

  it('quotes the sample at 1,71,746 a year online and 1,70,046 without the online 1%', () => {
    const online = deferredAnnuity.price(sampleRequest(), basis, tables);
    expect(online.headline).toBe('Get ₹ 1,71,746 a year');
    expect(online.figures.annualAnnuity).toBe(171746);
    expect(deferredAnnuity.price(sampleRequest({}, false), basis, tables).figures.annualAnnuity).toBe(170046);
  });

  it('words the headline by the annuity frequency', () => {
    const words = (AnnuityFrequency: string) =>
      deferredAnnuity.price(sampleRequest({ AnnuityFrequency }), basis, tables).headline;
    expect(words('Half Yearly')).toMatch(/^Get ₹ [0-9,]+ every half-year$/);
    expect(words('Quarterly')).toMatch(/^Get ₹ [0-9,]+ a quarter$/);
    expect(words('Monthly')).toMatch(/^Get ₹ [0-9,]+ a month$/);
    expect(words('4')).toBe(words('Quarterly'));
  });

  it('has a second age and a joint category for a joint life, and needs the second life', () => {
    expect(
      inputErrorOf(
        deferredAnnuity,
        basis,
        sampleRequest({ AnnuityOption: 'T54A', AnnuityFor: 'Joint Life' }),
      ),
    ).toMatchObject({
      field: 'secondLife',
      message: 'Please add the details of the second life for a joint life annuity.',
    });
    const withSecond = deferredAnnuity.price(
      {
        ...sampleRequest({ AnnuityOption: 'T54A', AnnuityFor: 'Joint Life' }),
        secondLife: life(50, { gender: 'Female' }),
      },
      basis,
      tables,
    );
    expect(withSecond.figures).toMatchObject({ category: 'Joint', secondEntryAge: 50 });
    expect(withSecond.illustration.tables[0]!.columns.map((c) => c.id)).toContain('secondAge');
  });

  it('rows add up: breakup ends in what is payable now, You Get starts with the pension', () => {
    const priced = deferredAnnuity.price(sampleRequest(), basis, tables);
    expect(priced.breakup.map((r) => r.id)).toEqual([
      'basePremiumAmount',
      'gstAmount',
      'installmentPremiumWithTaxFY',
    ]);
    expect(priced.breakup.at(-1)!.value).toBe(priced.premium.withTaxFY);
    expect(priced.youGet[0]).toMatchObject({
      id: 'annuityInstallmentAmount',
      value: 171746,
      suffix: 'a year',
    });
    expect(priced.explanation.at(-1)).toMatchObject({ id: 'annualAnnuity', value: 171746 });
  });

  it('refuses a premium above the maximum (12,34,56,78,90,12,345 was once quoted)', () => {
    const error = inputErrorOf(
      deferredAnnuity,
      basis,
      sampleRequest({ InstallmentPremiumAmount: 123456789012345 }),
    );
    expect(error.message).toBe('Maximum Investment Amount is ₹ 1,00,00,000.');
    expect(error.field).toBe('InstallmentPremiumAmount');
    expect(
      inputErrorOf(
        deferredAnnuity,
        basis,
        sampleRequest({ PremiumFrequency: 'Monthly', InstallmentPremiumAmount: 870001 }),
      ).message,
    ).toBe('Maximum Investment Amount is ₹ 8,70,000.');
    expect(
      deferredAnnuity.price(sampleRequest({ InstallmentPremiumAmount: 10000000 }), basis, tables).premium
        .installment,
    ).toBe(10000000);
  });

  it('names the PlanSectionDetails field at fault, in the spec’s words', () => {
    expect(
      inputErrorOf(deferredAnnuity, basis, sampleRequest({ InstallmentPremiumAmount: 49999 })),
    ).toMatchObject({
      field: 'InstallmentPremiumAmount',
      message: 'Minimum Investment Amount should be 50,000.',
    });
    expect(inputErrorOf(deferredAnnuity, basis, sampleRequest({ PremiumPayingTerm: 11 })).field).toBe(
      'PremiumPayingTerm',
    );
    expect(inputErrorOf(deferredAnnuity, basis, sampleRequest({ AnnuityOption: 'T54Z' })).field).toBe(
      'AnnuityOption',
    );
    expect(inputErrorOf(deferredAnnuity, basis, { ...sampleRequest(), life: life(44) })).toMatchObject({
      field: 'life.age',
      message: 'Age should be between 45 and 80',
    });
  });

  it('has a basis valid against its basisSchema and an input schema that rejects bad input', () => {
    const validBasis = basisValidator(deferredAnnuity);
    expect(validBasis(basis), JSON.stringify(validBasis.errors)).toBe(true);
    const validInput = inputValidator(deferredAnnuity);
    expect(validInput(samplePlan)).toBe(true);
    expect(validInput({ ...samplePlan, InstallmentPremiumAmount: '2,00,000' })).toBe(true);
    expect(validInput({ ...samplePlan, InstallmentPremiumAmount: 'two lakh' })).toBe(false);
    expect(validInput.errors!.map((e) => e.message)).toContain('Please enter valid investment amount.');
    expect(validInput({ ...samplePlan, PremiumFrequency: 'Weekly' })).toBe(false);
    const { InstallmentPremiumAmount: _omitted, ...missing } = samplePlan;
    expect(validInput(missing)).toBe(false);
    expect(validInput.errors!.map((e) => e.message)).toContain('Investment Amount cannot be empty.');
  });
});
